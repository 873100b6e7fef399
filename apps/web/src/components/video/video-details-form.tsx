import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type Video, videoUpdateSchema } from '@pressroom/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { videosAdminApi } from '../../lib/videos-api.ts';
import { FormTextField } from '../form-fields.tsx';
import { filledLocalized, LocalizedFields, localizedValues } from '../localized-fields.tsx';

const detailsSchema = z.object({
  title: videoUpdateSchema.shape.title.unwrap(),
  credit: videoUpdateSchema.shape.credit.unwrap(),
});

export type DetailsForm = z.input<typeof detailsSchema>;

/** A video's title per language and its credit. */
export function VideoDetails({
  video,
  onSaved,
  onClose,
}: {
  video: Video;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<DetailsForm>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { title: localizedValues(video.title), credit: video.credit },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await videosAdminApi.update(video.id, {
        title: filledLocalized(values.title as Record<string, string>),
        credit: values.credit ?? '',
      });
      notify.success(t('videos.detailsSaved'));
      await onSaved();
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      sx={{ mt: 2 }}
      data-testid="video-details"
    >
      <LocalizedFields
        control={form.control}
        name="title"
        label={(languageName) => t('videos.titleIn', { language: languageName })}
        first={i18n.language}
        testId="video-title"
      />
      <FormTextField
        control={form.control}
        name="credit"
        size="small"
        label={t('videos.creditLabel')}
        optional
        slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'video-credit-input' } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('videos.saveDetails')}
        </Button>
        <Button onClick={onClose}>{t('videos.closeDetails')}</Button>
      </Stack>
    </Stack>
  );
}
