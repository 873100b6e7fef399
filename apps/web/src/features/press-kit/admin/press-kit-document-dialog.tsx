import { zodResolver } from '@hookform/resolvers/zod';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PressKitDocument, pressKitFieldsSchema } from '@pressroom/contract';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { type Language, languageNames } from '../../../lib/i18n/languages.ts';
import { addDocument, pressKitAdminApi } from './api.ts';

const documentFormSchema = pressKitFieldsSchema.pick({ title: true }).extend({
  description: z.string().trim().max(2000, { error: 'tooLong' }),
});

export type DocumentForm = z.infer<typeof documentFormSchema>;

/** Adds a document (title, description, file) to the chosen site and language, or edits its texts. */
export function DocumentDialog({
  document,
  siteId,
  siteName,
  language,
  onClose,
  onSaved,
}: {
  document: PressKitDocument | null;
  siteId: number;
  siteName: string;
  language: Language;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<DocumentForm>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: { title: document?.title ?? '', description: document?.description ?? '' },
  });
  const missingFile = !document && !file;
  const save = form.handleSubmit(async (values) => {
    setError(null);
    if (missingFile) return;
    try {
      if (document) {
        await pressKitAdminApi.update(document.id, values);
      } else {
        setProgress(0);
        await addDocument({ ...values, language, groups: [siteId] }, file, i18n.language, setProgress).done;
      }
      await onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.fieldErrors.file) {
        setFileError(failure.fieldErrors.file);
      } else {
        setError(apiErrorMessage(failure));
      }
    } finally {
      setProgress(null);
    }
  });
  // The missing file is reported together with the fields' messages, not after them.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFileError(missingFile ? t('pressKitAdmin.fileRequired') : null);
    return save(event);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t(document ? 'pressKitAdmin.editTitle' : 'pressKitAdmin.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {!document && (
              <Typography variant="body2" color="text.secondary">
                {t('pressKitAdmin.addTo', { site: siteName, language: languageNames[language] })}
              </Typography>
            )}
            <FormTextField
              control={form.control}
              name="title"
              label={t('pressKitAdmin.documentTitle')}
              required
              size="small"
              slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'document-title' } }}
            />
            <FormTextField
              control={form.control}
              name="description"
              label={t('pressKitAdmin.description')}
              optional
              multiline
              minRows={2}
              size="small"
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'document-description' } }}
            />
            {!document && (
              <Box>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <Button component="label" variant="outlined" startIcon={<UploadFile />} size="small">
                    {t('pressKitAdmin.chooseFile')}
                    <input
                      type="file"
                      hidden
                      data-testid="document-file"
                      onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                    />
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {file
                      ? `${file.name} · ${formatBytes(file.size, i18n.language)}`
                      : t('pressKitAdmin.noFile')}
                  </Typography>
                </Stack>
                {fileError && (
                  <FormHelperText error role="alert">
                    {fileError}
                  </FormHelperText>
                )}
              </Box>
            )}
            {progress !== null && (
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label={t('pressKitAdmin.uploading')}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pressKitAdmin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-document"
          >
            {t('pressKitAdmin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
