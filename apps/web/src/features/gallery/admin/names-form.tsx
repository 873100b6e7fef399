import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type LocalizedText, requiredLocalizedTextSchema } from '@pressroom/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { filledLocalized, LocalizedFields, localizedValues } from '../../../components/localized-fields.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';

const namesSchema = z.object({ name: requiredLocalizedTextSchema() });
type NamesValues = z.infer<typeof namesSchema>;

/**
 * The names of a category or a gallery, one per language, saved together. `testId` names the parts
 * (`<testId>-name-<language>`, `save-<testId>`).
 */
export function NamesForm({
  names,
  testId,
  onSave,
}: {
  names: LocalizedText;
  testId: 'category' | 'gallery';
  onSave: (name: LocalizedText) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<NamesValues>({
    resolver: zodResolver(namesSchema),
    defaultValues: { name: localizedValues(names) },
  });
  const save = form.handleSubmit(async (values) => {
    try {
      await onSave(filledLocalized(values.name as Record<string, string>));
      notify.success(t('galleryAdmin.saved'));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  });
  const headingId = `rename-${testId}-title`;
  return (
    <form onSubmit={save} noValidate aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {t('galleryAdmin.names')}
      </Typography>
      <LocalizedFields
        control={form.control}
        name="name"
        label={(language) => t('galleryAdmin.nameIn', { language })}
        first={i18n.language}
        testId={`${testId}-name`}
      />
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 2 }}
        disabled={form.formState.isSubmitting}
        data-testid={`save-${testId}`}
      >
        {t('galleryAdmin.saveNames')}
      </Button>
    </form>
  );
}
