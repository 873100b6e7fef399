import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { pressMailApi, pressMailChoiceQuery } from './press-mail-api.ts';

/**
 * Mounted once in the main layout: an account that never answered about the press office's mail (made before
 * the question existed) is asked once after sign-in. Yes and no are both recorded, so it is not asked again;
 * it waits while the privacy notice must be accepted again.
 */
export function PressMailQuestion() {
  const { user } = useSession();
  if (!user || user.consent_required) return null;
  return <Question userId={user.id} />;
}

function Question({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const choice = useQuery(pressMailChoiceQuery(userId));
  const answer = useMutation({
    mutationFn: pressMailApi.answer,
    onSuccess: (saved) => {
      queryClient.setQueryData(pressMailChoiceQuery(userId).queryKey, saved);
      notify.success(t(saved.choice === 'agreed' ? 'pressMail.on' : 'pressMail.off'));
    },
    onError: (error) => notify.error(apiErrorMessage(error)),
  });
  if (choice.data?.choice !== 'unasked') return null;
  return (
    <Dialog open aria-labelledby={titleId} data-testid="press-mail-question">
      <DialogTitle id={titleId}>{t('pressMail.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('pressMail.question')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer.mutate(false)} disabled={answer.isPending} data-testid="press-mail-no">
          {t('pressMail.no')}
        </Button>
        <Button
          variant="contained"
          onClick={() => answer.mutate(true)}
          disabled={answer.isPending}
          data-testid="press-mail-yes"
        >
          {t('pressMail.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
