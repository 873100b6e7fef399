import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type PressBox, pressBoxFieldsSchema } from '@pressroom/contract';
import { useId, useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { filledLocalized, localizedValues } from '../../../components/localized-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { isLanguage, isRtl, type Language, languageNames, languages } from '../../../lib/i18n/languages.ts';
import { type PressBoxAnswer, pressBoxApi } from './exhibitors-api.ts';
import { Section } from './section.tsx';

const boxFields = pressBoxFieldsSchema.shape;

// The contract's fields without their defaults: the form holds every language.
const fieldsFormSchema = z.object({
  description: boxFields.description.unwrap(),
  website: boxFields.website.unwrap(),
});

export type FieldsFormInput = z.input<typeof fieldsFormSchema>;

export type FieldsFormOutput = z.output<typeof fieldsFormSchema>;

/** The description, one tab per language, and the web site. */
export function FieldsForm({
  box,
  onSaved,
}: {
  box: PressBox;
  onSaved: (answer: PressBoxAnswer) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FieldsFormInput, unknown, FieldsFormOutput>({
    resolver: zodResolver(fieldsFormSchema),
    defaultValues: { description: localizedValues(box.description), website: box.website },
  });
  const { errors } = useFormState({ control: form.control });
  const descriptionErrors = (errors.description ?? {}) as Partial<Record<string, { message?: string }>> & {
    message?: string;
  };
  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSaved(
        await pressBoxApi.update(box.company.id, {
          description: filledLocalized(values.description as Record<string, string>),
          website: values.website,
        }),
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const known = Object.entries(failure.fieldErrors).filter(
          ([name]) => name === 'website' || name.startsWith('description'),
        );
        for (const [name, message] of known) {
          form.setError(name as 'website', { type: 'server', message });
        }
        if (known.length === 0) setProblem(apiErrorMessage(failure));
      } else {
        setProblem(apiErrorMessage(failure));
      }
    }
  });
  return (
    <Section title={t('backOffice.pressBox.about')} testId="press-box-fields">
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2.5}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box>
            <Tabs
              value={language}
              onChange={(_event, value: Language) => setLanguage(value)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label={t('backOffice.pressBox.descriptionLanguages')}
              // Each language by its own name, as written (not capitalised).
              sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none' } }}
            >
              {languages.map((code) => (
                <Tab
                  key={code}
                  value={code}
                  id={`${id}-tab-${code}`}
                  aria-controls={`${id}-panel-${code}`}
                  label={<span lang={code}>{languageNames[code]}</span>}
                  data-testid={`description-tab-${code}`}
                />
              ))}
            </Tabs>
            {languages.map((code) => (
              <Box
                key={code}
                role="tabpanel"
                id={`${id}-panel-${code}`}
                aria-labelledby={`${id}-tab-${code}`}
                hidden={code !== language}
                sx={{ pt: 2 }}
              >
                {code === language && (
                  <FormTextField
                    control={form.control}
                    name={`description.${code}`}
                    label={t('backOffice.pressBox.descriptionIn', { language: languageNames[code] })}
                    multiline
                    minRows={5}
                    slotProps={{
                      htmlInput: {
                        maxLength: 3000,
                        lang: code,
                        dir: isRtl(code) ? 'rtl' : 'ltr',
                        'data-testid': `box-description-${code}`,
                      },
                    }}
                  />
                )}
              </Box>
            ))}
            {descriptionErrors.message && (
              <FormHelperText error role="alert">
                {translateMessage(descriptionErrors.message)}
              </FormHelperText>
            )}
          </Box>
          <FormTextField
            control={form.control}
            name="website"
            label={t('backOffice.pressBox.website')}
            optional
            type="url"
            size="small"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 300, dir: 'ltr', 'data-testid': 'box-website' } }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting}
              data-testid="save-box-fields"
            >
              {form.formState.isSubmitting ? t('backOffice.saving') : t('backOffice.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}
