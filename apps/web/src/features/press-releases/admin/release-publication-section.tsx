import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useQuery } from '@tanstack/react-query';
import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-fields.tsx';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { canChooseReleaseCompany } from '../release-rules.ts';
import { ReleaseCompanyField } from './release-company-field.tsx';
import { Section } from './release-editor-layout.tsx';
import type { EditorInput, EditorOutput } from './release-form-values.ts';

/** When and where the release appears: its date, its embargo, its sites and its company. */
export function ReleasePublicationSection({
  control,
  editable,
}: {
  control: Control<EditorInput, unknown, EditorOutput>;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const groups = useQuery(sitesQuery);
  const mayChooseCompany = canChooseReleaseCompany(user);
  return (
    <Section title={t('pressReleases.admin.publication')}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="publication_date"
          type="date"
          label={t('pressReleases.admin.publicationDate')}
          required
          disabled={!editable}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'publication-date' } }}
        />
        <FormTextField
          control={control}
          name="embargo_until"
          type="datetime-local"
          label={t('pressReleases.admin.embargo')}
          optional
          disabled={!editable}
          helperText={t('pressReleases.admin.embargoHelp')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'embargo-until' } }}
        />
      </Box>
      <Controller
        control={control}
        name="groups"
        render={({ field, fieldState }) => (
          <FormControl
            component="fieldset"
            error={Boolean(fieldState.error)}
            sx={{ mt: 2.5 }}
            disabled={!editable}
          >
            <FormLabel component="legend">{t('pressReleases.admin.sites')}</FormLabel>
            <FormGroup row>
              {(groups.data ?? []).map((group) => (
                <FormControlLabel
                  key={group.id}
                  label={group.name}
                  control={
                    <Checkbox
                      checked={field.value?.includes(group.id) ?? false}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...(field.value ?? []), group.id]
                            : (field.value ?? []).filter((value) => value !== group.id),
                        )
                      }
                      onBlur={field.onBlur}
                      slotProps={{ input: { 'data-testid': `site-${group.id}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {translateMessage(fieldState.error?.message) ?? t('pressReleases.admin.sitesHelp')}
            </FormHelperText>
          </FormControl>
        )}
      />
      <Box sx={{ mt: 2.5, maxWidth: { sm: 'calc(50% - 10px)' } }}>
        <Controller
          control={control}
          name="company_id"
          render={({ field, fieldState }) => (
            <ReleaseCompanyField
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              mayChoose={mayChooseCompany}
              disabled={!editable}
              error={translateMessage(fieldState.error?.message)}
            />
          )}
        />
      </Box>
    </Section>
  );
}
