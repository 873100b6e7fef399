import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Language } from '@pressroom/contract';
import { useState } from 'react';
import type { Control, UseFieldArrayReturn } from 'react-hook-form';
import { Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-fields.tsx';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { languageNames, languages } from '../../../lib/i18n/languages.ts';
import { textDirection } from '../components/release-meta.tsx';
import { Section } from './release-editor-layout.tsx';
import type { EditorInput, EditorOutput } from './release-form-values.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

/** The release's text, one tab per language: title, subtitle and body; languages added and removed. */
export function ReleaseTranslationsSection({
  control,
  errors,
  translations,
  tab,
  onTabChange: setTab,
  editable,
}: {
  control: Control<EditorInput, unknown, EditorOutput>;
  errors: FieldErrors<EditorInput>;
  translations: UseFieldArrayReturn<EditorInput, 'translations'>;
  tab: number;
  onTabChange: (tab: number) => void;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const usedLanguages = translations.fields.map((field) => field.language);
  const missingLanguages = languages.filter((language) => !usedLanguages.includes(language));
  const activeTab = Math.min(tab, translations.fields.length - 1);
  const addLanguage = (language: Language) => {
    setAddMenu(null);
    translations.append({ language, title: '', subtitle: '', body: '' }, { shouldFocus: false });
    setTab(translations.fields.length);
  };
  const translationsError =
    (errors.translations as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.translations as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <Section title={t('pressReleases.admin.content')}>
      {translationsError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translateMessage(translationsError)}
        </Alert>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={activeTab}
          onChange={(_event, value: number) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('pressReleases.admin.languages')}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {translations.fields.map((field, index) => {
            const broken = Array.isArray(errors.translations) && errors.translations[index];
            return (
              <Tab
                key={field.id}
                id={`translation-tab-${index}`}
                aria-controls={`translation-panel-${index}`}
                label={languageNames[field.language as Language] ?? field.language}
                icon={
                  broken ? (
                    <ErrorOutline color="error" aria-label={t('pressReleases.admin.hasErrors')} />
                  ) : undefined
                }
                iconPosition="end"
                lang={field.language}
                data-testid={`tab-${field.language}`}
              />
            );
          })}
        </Tabs>
        {editable && missingLanguages.length > 0 && (
          <>
            <Button
              startIcon={<Add />}
              onClick={(event) => setAddMenu(event.currentTarget)}
              aria-haspopup="menu"
              aria-expanded={addMenu ? 'true' : undefined}
              data-testid="add-language"
              sx={{ flexShrink: 0 }}
            >
              {t('pressReleases.admin.addLanguage')}
            </Button>
            <Menu anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
              {missingLanguages.map((language) => (
                <MenuItem
                  key={language}
                  onClick={() => addLanguage(language)}
                  lang={language}
                  data-testid={`add-language-${language}`}
                >
                  {languageNames[language]}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Stack>
      {translations.fields.map((field, index) =>
        index !== activeTab ? null : (
          <Stack
            key={field.id}
            role="tabpanel"
            id={`translation-panel-${index}`}
            aria-labelledby={`translation-tab-${index}`}
            spacing={2.5}
          >
            <FormTextField
              control={control}
              name={`translations.${index}.title`}
              label={t('pressReleases.admin.releaseTitle')}
              required
              disabled={!editable}
              lang={field.language}
              dir={textDirection(field.language)}
              slotProps={{ htmlInput: { 'data-testid': 'release-title-input', maxLength: 300 } }}
            />
            <FormTextField
              control={control}
              name={`translations.${index}.subtitle`}
              label={t('pressReleases.admin.subtitle')}
              optional
              disabled={!editable}
              multiline
              minRows={1}
              lang={field.language}
              dir={textDirection(field.language)}
              slotProps={{ htmlInput: { 'data-testid': 'release-subtitle-input', maxLength: 500 } }}
            />
            <Controller
              control={control}
              name={`translations.${index}.body`}
              render={({ field: body, fieldState }) => (
                <RichTextEditor
                  label={t('pressReleases.admin.body')}
                  value={body.value ?? ''}
                  onChange={body.onChange}
                  onBlur={body.onBlur}
                  error={translateMessage(fieldState.error?.message)}
                  lang={field.language}
                  dir={textDirection(field.language)}
                  testId="release-body-editor"
                />
              )}
            />
            {editable && translations.fields.length > 1 && (
              <Box>
                <Button
                  color="error"
                  startIcon={<DeleteOutline />}
                  onClick={() => {
                    translations.remove(index);
                    setTab(Math.max(0, index - 1));
                  }}
                >
                  {t('pressReleases.admin.removeLanguage', {
                    language: languageNames[field.language as Language] ?? field.language,
                  })}
                </Button>
              </Box>
            )}
          </Stack>
        ),
      )}
    </Section>
  );
}
