import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type LocalizedText, requiredLocalizedTextSchema } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emptyLocalized, filledLocalized, LocalizedFields } from '../../../components/localized-fields.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';

const nameFormSchema = z.object({ name: requiredLocalizedTextSchema() });
type NameForm = z.infer<typeof nameFormSchema>;

/** Asks for a name in any of the languages (at least one), to create a category or a gallery. */
export function NameDialog({
  open,
  title,
  testId,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  testId: string;
  onSubmit: (name: LocalizedText) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: emptyLocalized() },
  });
  const close = () => {
    form.reset({ name: emptyLocalized() });
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(filledLocalized(values.name as Record<string, string>));
      await queryClient.invalidateQueries({ queryKey: ['gallery-admin-tree'] });
      close();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  });
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <LocalizedFields
            control={form.control}
            name="name"
            label={(language) => t('galleryAdmin.nameIn', { language })}
            first={i18n.language}
            testId={testId}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('galleryAdmin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid={`${testId}-create`}
          >
            {t('galleryAdmin.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
