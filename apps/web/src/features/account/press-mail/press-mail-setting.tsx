import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { pressMailApi, pressMailChoiceQuery } from './press-mail-api.ts';

/** The profile's switch for the press office's mail: off until turned on, saved (and recorded) at once. */
export function PressMailSetting({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choice = useQuery(pressMailChoiceQuery(userId));
  const save = useMutation({
    mutationFn: pressMailApi.answer,
    onSuccess: (saved) => {
      queryClient.setQueryData(pressMailChoiceQuery(userId).queryKey, saved);
      notify.success(t(saved.choice === 'agreed' ? 'pressMail.on' : 'pressMail.off'));
    },
    onError: (error) => notify.error(apiErrorMessage(error)),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('pressMail.title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={choice.data?.choice === 'agreed'}
            disabled={!choice.data || save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'press-mail-help' } }}
            data-testid="profile-press-mail"
          />
        }
        label={t('pressMail.label')}
      />
      <Typography id="press-mail-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('pressMail.help')}
      </Typography>
    </Paper>
  );
}
