import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Profile } from '@pressroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { accountApi } from '../api/account-api.ts';
import { profileQuery } from '../api/profile-query.ts';

/**
 * A company's press box administrators choose whether to be mailed when an approved piece of coverage names
 * their exhibitor (off until they turn it on); the switch saves at once.
 */
export function CoverageMailSetting({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (coverageMail: boolean) => accountApi.updateProfile({ coverage_mail: coverageMail }),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQuery(profile.id).queryKey, saved);
      notify.success(t(saved.coverage_mail ? 'profile.coverageMailOn' : 'profile.coverageMailOff'));
    },
    onError: (error) => notify.error(apiErrorMessage(error)),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('profile.coverageMailTitle')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={profile.coverage_mail}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'coverage-mail-help' } }}
            data-testid="profile-coverage-mail"
          />
        }
        label={t('profile.coverageMailLabel')}
      />
      <Typography id="coverage-mail-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('profile.coverageMailHelp')}
      </Typography>
    </Paper>
  );
}
