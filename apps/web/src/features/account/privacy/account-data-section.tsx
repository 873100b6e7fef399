import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { privacyApi, saveAsJsonFile } from './privacy-api.ts';

/** The user's rights on the profile screen (PRODUCT.md section 8): download the data, delete the account. */
export function AccountDataSection() {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const download = useMutation({
    mutationFn: privacyApi.exportData,
    onSuccess: (data) => {
      saveAsJsonFile(data);
      notify.success(t('accountData.downloadReady'));
    },
    onError: (error) => {
      notify.error(
        error instanceof ApiError && error.status === 0
          ? t('errors.network')
          : (error instanceof ApiError && error.generalMessage) || t('errors.generic'),
      );
    },
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="account-data">
      <Typography variant="h2" id="account-data" sx={{ mb: 1 }}>
        {t('accountData.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('accountData.intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="outlined"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          data-testid="download-my-data"
        >
          {download.isPending ? t('accountData.preparing') : t('accountData.download')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setDeleting(true)}
          data-testid="delete-my-account"
        >
          {t('accountData.delete')}
        </Button>
      </Box>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Paper>
  );
}
