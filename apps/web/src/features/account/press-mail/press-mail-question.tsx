import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { pressMailApi, pressMailChoiceQuery } from './press-mail-api.ts';

/**
 * Mounted once in the main layout: a journalist's account that never answered about the press office's mail
 * (made before the question existed) is asked once after sign-in. Yes and no are both recorded, so it is not
 * asked again; it waits while the privacy notice must be accepted again. A section above the screen, in the
 * page's flow: it covers nothing, and the journalist may go on reading and answer when they like.
 */
export function PressMailQuestion() {
  const { user } = useSession();
  const journalist = user?.groups.some((group) => group.name === 'user_press_room');
  if (!user || !journalist || user.consent_required) return null;
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
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      data-testid="press-mail-question"
      sx={{ mb: { xs: 2, md: 3 }, p: 2 }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('pressMail.title')}
      </Typography>
      <Typography variant="body2">{t('pressMail.question')}</Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
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
      </Stack>
    </Paper>
  );
}
