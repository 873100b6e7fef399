import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Description from '@mui/icons-material/DescriptionOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type PressReleaseEdit,
  type PressReleaseFile,
  type PressReleaseFileKind,
  pressReleaseFileFieldsSchema,
} from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n/index.ts';
import { languageNames, languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { adminReleaseQuery, releasesAdminApi, uploadReleaseFiles } from '../api/releases-api.ts';
import { fileTypeName, formatFileSize } from '../format.ts';

const accepted: Record<PressReleaseFileKind, string> = {
  // The server's allow-list of documents (checked there by content): PDF, office files, ZIP and pictures.
  attachment: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip,.jpg,.jpeg,.png,.webp',
  image: 'image/jpeg,image/png,image/webp,image/gif,image/tiff,image/avif',
};

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n.t('errors.network');
    return error.generalMessage ?? Object.values(error.fieldErrors)[0] ?? fallback;
  }
  return fallback;
}

/** Attachments and images of a saved release: upload many at once with progress, retitle, remove. */
export function ReleaseFiles({ release, editable }: { release: PressReleaseEdit; editable: boolean }) {
  return (
    <Stack spacing={4}>
      <FileGroup release={release} kind="attachment" files={release.attachments} editable={editable} />
      <FileGroup release={release} kind="image" files={release.images} editable={editable} />
    </Stack>
  );
}

function FileGroup({
  release,
  kind,
  files,
  editable,
}: {
  release: PressReleaseEdit;
  kind: PressReleaseFileKind;
  files: PressReleaseFile[];
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const heading = kind === 'image' ? t('pressReleases.admin.images') : t('pressReleases.admin.attachments');
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminReleaseQuery(release.id).queryKey });
  // The picture standing for the release: the chosen one, else the first (as the server decides).
  const coverId =
    kind === 'image' ? (files.find((file) => file.id === release.cover_file_id) ?? files[0])?.id : undefined;
  const chooseCover = async (file: PressReleaseFile) => {
    try {
      await releasesAdminApi.setCover(release.id, file.id);
      await refresh();
      notify.success(t('pressReleases.admin.coverChosen', { name: file.title || file.file_name }));
    } catch (error) {
      notify.error(errorMessage(error, t('errors.generic')));
    }
  };

  const upload = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    setProgress(0);
    try {
      const added = await uploadReleaseFiles(
        release.id,
        { kind, language: language || null, files: [...chosen] },
        setProgress,
        i18n.language,
      ).done;
      notify.success(t('pressReleases.admin.uploaded', { count: added.length }));
    } catch (error) {
      notify.error(errorMessage(error, t('pressReleases.admin.uploadFailed')));
    } finally {
      setProgress(null);
      await refresh();
    }
  };

  const remove = async (file: PressReleaseFile) => {
    try {
      await releasesAdminApi.deleteFile(release.id, file.id);
      notify.success(t('pressReleases.admin.fileRemoved', { name: file.title || file.file_name }));
    } catch (error) {
      notify.error(errorMessage(error, t('errors.generic')));
    }
    await refresh();
  };

  const retitle = async (file: PressReleaseFile, title: string) => {
    if (title.trim() === file.title) return;
    try {
      await releasesAdminApi.updateFile(release.id, file.id, { title: title.trim() });
      await refresh();
    } catch (error) {
      notify.error(errorMessage(error, t('errors.generic')));
    }
  };

  return (
    <Box component="section" aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      {files.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          {kind === 'image' ? t('pressReleases.admin.noImages') : t('pressReleases.admin.noAttachments')}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
        {files.map((file) => (
          <Stack
            component="li"
            key={file.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center' }}
            data-testid={`${kind}-row`}
          >
            {file.thumbnail_url ? (
              <Box
                component="img"
                src={file.thumbnail_url}
                alt=""
                sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
              />
            ) : (
              <Description color="action" aria-hidden="true" sx={{ width: 64, flexShrink: 0 }} />
            )}
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              {kind === 'image' ? (
                <PictureDetails release={release} picture={file} editable={editable} onSaved={refresh} />
              ) : (
                <TextField
                  size="small"
                  fullWidth
                  label={t('pressReleases.admin.fileTitle')}
                  defaultValue={file.title}
                  disabled={!editable}
                  onBlur={(event) => retitle(file, event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
              )}
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {file.file_name} · {fileTypeName(file.content_type, file.file_name)} ·{' '}
                {formatFileSize(file.size, i18n.language)} ·{' '}
                {file.language
                  ? languageNames[file.language as keyof typeof languageNames]
                  : t('pressReleases.admin.allLanguages')}
              </Typography>
              {kind === 'image' &&
                (file.id === coverId ? (
                  <Chip
                    size="small"
                    color="primary"
                    label={t('pressReleases.admin.cover')}
                    data-testid="cover-chip"
                  />
                ) : (
                  editable && (
                    <Button
                      size="small"
                      onClick={() => chooseCover(file)}
                      aria-label={t('pressReleases.admin.useAsCoverNamed', {
                        name: file.title || file.file_name,
                      })}
                      data-testid="use-as-cover"
                    >
                      {t('pressReleases.admin.useAsCover')}
                    </Button>
                  )
                ))}
            </Box>
            {editable && (
              <IconButton
                onClick={() => remove(file)}
                aria-label={t('pressReleases.admin.removeFile', { name: file.title || file.file_name })}
              >
                <DeleteOutline />
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
      {editable && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('pressReleases.admin.fileLanguage')}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
            disabled={progress !== null}
          >
            <MenuItem value="">{t('pressReleases.admin.allLanguages')}</MenuItem>
            {languages.map((value) => (
              <MenuItem key={value} value={value} lang={value}>
                {languageNames[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={progress !== null}
          >
            {kind === 'image' ? t('pressReleases.admin.addImages') : t('pressReleases.admin.addAttachments')}
            <input
              type="file"
              hidden
              multiple
              accept={accepted[kind]}
              data-testid={`upload-${kind}`}
              onChange={(event) => {
                void upload(event.target.files);
                event.target.value = '';
              }}
            />
          </Button>
        </Stack>
      )}
      {progress !== null && (
        <Box sx={{ mt: 1.5 }} role="status">
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('pressReleases.admin.uploading')}
          />
          <Typography variant="caption" color="text.secondary">
            {t('pressReleases.admin.uploadProgress', { percent: Math.round(progress * 100) })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

const pictureFormSchema = z.object({
  title: pressReleaseFileFieldsSchema.shape.title,
  credit: pressReleaseFileFieldsSchema.shape.credit.unwrap(),
});
type PictureForm = z.infer<typeof pictureFormSchema>;

/** A picture's caption and credit (filled from the file's IPTC/EXIF at upload), saved together. */
function PictureDetails({
  release,
  picture,
  editable,
  onSaved,
}: {
  release: PressReleaseEdit;
  picture: PressReleaseFile;
  editable: boolean;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const name = picture.title || picture.file_name;
  const form = useForm<PictureForm>({
    resolver: zodResolver(pictureFormSchema),
    values: { title: picture.title, credit: picture.credit ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await releasesAdminApi.updateFile(release.id, picture.id, {
        title: values.title,
        credit: values.credit || null,
      });
      notify.success(t('pressReleases.admin.imageDetailsSaved', { name: values.title || picture.file_name }));
      await onSaved();
    } catch (error) {
      notify.error(errorMessage(error, t('errors.generic')));
    }
  });
  return (
    <Stack
      component="form"
      onSubmit={submit}
      noValidate
      direction="row"
      spacing={1}
      sx={{ alignItems: 'start' }}
    >
      <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0, pt: 0.5 }}>
        <FormTextField
          control={form.control}
          name="title"
          size="small"
          label={t('pressReleases.admin.imageTitle')}
          disabled={!editable}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'image-title' } }}
        />
        <FormTextField
          control={form.control}
          name="credit"
          size="small"
          label={t('pressReleases.admin.imageCredit')}
          optional
          helperText={t('pressReleases.admin.imageCreditHint')}
          disabled={!editable}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'image-credit' } }}
        />
      </Stack>
      {editable && (
        <IconButton
          type="submit"
          disabled={!form.formState.isDirty || form.formState.isSubmitting}
          aria-label={t('pressReleases.admin.saveImageDetails', { name })}
          data-testid="save-image-details"
          sx={{ mt: 0.5 }}
        >
          <SaveOutlined />
        </IconButton>
      )}
    </Stack>
  );
}
