import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type DeleteAccountRequest, deleteAccountRequest } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPasswordField } from '../../../components/form-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { session } from '../../../lib/session.ts';
import { privacyApi } from './privacy-api.ts';

/**
 * Asks for the current password before the account is deleted. A wrong password shows the server's message
 * on the field and changes nothing; once deleted, the user is signed out and taken Home with a notification.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, reset, formState } = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequest),
    defaultValues: { password: '' },
  });

  const close = () => {
    if (formState.isSubmitting) return;
    reset();
    onClose();
  };

  const submit = handleSubmit(async ({ password }) => {
    try {
      const { detail } = await privacyApi.deleteAccount(password);
      session.signOut();
      queryClient.clear();
      navigate(paths.home, { replace: true });
      notify.success(detail);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) {
        setError('password', { type: 'server', message: error.fieldErrors.password });
      } else if (error instanceof ApiError && error.status === 0) {
        notify.error(t('errors.network'));
      } else {
        notify.error((error instanceof ApiError && error.generalMessage) || t('errors.generic'));
      }
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate data-testid="delete-account-form">
        <DialogTitle id="delete-account-title">{t('accountData.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('accountData.deleteWarning')}</DialogContentText>
          <FormPasswordField
            control={control}
            name="password"
            label={t('accountData.currentPassword')}
            autoComplete="current-password"
            autoFocus
            required
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formState.isSubmitting}>
            {t('accountData.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={formState.isSubmitting}
            data-testid="confirm-delete-account"
          >
            {t('accountData.deleteConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
