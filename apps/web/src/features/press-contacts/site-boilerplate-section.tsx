import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { boilerplateMaxLength, siteBoilerplateFieldsSchema } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { translateMessage } from '../../lib/i18n/contract-messages.ts';
import { isLanguage, type Language, languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { boilerplatesQuery, pressContactsApi } from './api.ts';

/** "About the site": one text per language; an empty language falls back to English, then Italian. */
export function BoilerplateEditor({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const boilerplates = useQuery(boilerplatesQuery(siteId));
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en');
  const stored = boilerplates.data?.find((item) => item.language === language);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setText(stored?.text ?? '');
    setError(null);
  }, [stored?.text]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['boilerplates-admin', siteId] }),
      queryClient.invalidateQueries({ queryKey: ['release-voices'] }),
    ]);
  const save = async () => {
    const checked = siteBoilerplateFieldsSchema.safeParse({ text });
    if (!checked.success) {
      setError(translateMessage(checked.error.issues[0]?.message) ?? null);
      return;
    }
    setSaving(true);
    try {
      await pressContactsApi.saveBoilerplate(siteId, language, checked.data.text);
      notify.success(t('pressContactsAdmin.boilerplateSaved'));
      await refresh();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    setSaving(true);
    try {
      await pressContactsApi.removeBoilerplate(siteId, language);
      notify.success(t('pressContactsAdmin.boilerplateRemoved'));
      await refresh();
    } catch (failure) {
      notify.error(apiErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const written = new Set((boilerplates.data ?? []).map((item) => item.language));
  return (
    <Box component="section" aria-labelledby="boilerplate-heading" sx={{ mt: 4 }}>
      <Typography id="boilerplate-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {t('pressContactsAdmin.boilerplateHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('pressContactsAdmin.boilerplateHint')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('pressContactsAdmin.language')}
            value={language}
            onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}
            sx={{ maxWidth: 320 }}
            data-testid="boilerplate-language"
          >
            {languages.map((code) => (
              <MenuItem key={code} value={code}>
                <span lang={code}>{languageNames[code]}</span>
                &nbsp;
                {written.has(code) ? `(${t('pressContactsAdmin.written')})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            multiline
            minRows={4}
            label={t('pressContactsAdmin.boilerplateText', { language: languageNames[language] })}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={
              error ??
              t('pressContactsAdmin.charactersLeft', {
                count: Math.max(0, boilerplateMaxLength - text.length),
              })
            }
            slotProps={{
              htmlInput: {
                maxLength: boilerplateMaxLength,
                lang: language,
                dir: language === 'he' || language === 'ar' ? 'rtl' : 'ltr',
                'data-testid': 'boilerplate-text',
              },
            }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={save} disabled={saving} data-testid="save-boilerplate">
              {t('pressContactsAdmin.save')}
            </Button>
            {stored && (
              <Button color="error" onClick={remove} disabled={saving}>
                {t('pressContactsAdmin.removeBoilerplate')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
