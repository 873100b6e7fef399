import EventOutlined from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InterviewRequest } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { saveBlob } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { isLanguage, languageNames } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { interviewsApi, myInterviewsQuery } from './api/interviews-api.ts';
import { CancelDialog } from './components/cancel-dialog.tsx';
import { Detail, InterviewWhen, StatusChip } from './components/interview-parts.tsx';

/**
 * "My fair": the journalist's interview requests and what became of them, with the invitation of an accepted
 * one for their calendar and a way to cancel any still open.
 */
export default function MyFairScreen() {
  const { t } = useTranslation();
  const mine = useQuery(myInterviewsQuery());
  const [cancelling, setCancelling] = useState<InterviewRequest | null>(null);
  return (
    <Page title={t('interviews.myFair.title')}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('interviews.myFair.intro')}</Typography>
      {mine.isError ? (
        <Alert severity="error">{apiErrorMessage(mine.error, t('interviews.myFair.loadError'))}</Alert>
      ) : !mine.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : mine.data.data.length === 0 ? (
        <Alert
          severity="info"
          data-testid="my-fair-empty"
          action={
            <Button component={RouterLink} to={paths.exhibitors} color="inherit" size="small">
              {t('interviews.myFair.browse')}
            </Button>
          }
        >
          {t('interviews.myFair.empty')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="my-fair-list">
          {mine.data.data.map((request) => (
            <RequestCard key={request.id} request={request} onCancel={() => setCancelling(request)} />
          ))}
        </Stack>
      )}
      {cancelling && <JournalistCancelDialog request={cancelling} onClose={() => setCancelling(null)} />}
    </Page>
  );
}

function RequestCard({ request, onCancel }: { request: InterviewRequest; onCancel: () => void }) {
  const { t } = useTranslation();
  const headingId = `interview-${request.id}-heading`;
  const open = request.status === 'pending' || request.status === 'accepted';
  const download = async () => {
    try {
      saveBlob(await interviewsApi.calendar(request.calendar_url!), `interview-${request.id}.ics`);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={`my-interview-${request.id}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1 }} dir="auto">
          {request.exhibitor.name}
        </Typography>
        <StatusChip status={request.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {request.edition.name}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 2,
          m: 0,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Detail label={t('interviews.topic')} testId="interview-topic">
          <span dir="auto">{request.topic}</span>
        </Detail>
        <Detail label={t('interviews.format')}>
          {t(`interviews.format_${request.format}`)} ·{' '}
          {isLanguage(request.language) ? languageNames[request.language] : request.language}
        </Detail>
        <InterviewWhen request={request} />
        {request.status === 'declined' && request.decline_reason && (
          <Detail label={t('interviews.declineReason')} testId="interview-decline-reason">
            <span dir="auto">{request.decline_reason}</span>
          </Detail>
        )}
        {request.status === 'cancelled' && request.cancelled_by && (
          <Detail label={t('interviews.cancelledBy')} testId="interview-cancelled-by">
            {t(`interviews.myFair.cancelledBy_${request.cancelled_by}`)}
            {request.cancel_reason && (
              <>
                {' · '}
                <span dir="auto">{request.cancel_reason}</span>
              </>
            )}
          </Detail>
        )}
      </Box>
      {(request.calendar_url || open) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {request.calendar_url && request.status === 'accepted' && (
            <Button
              variant="contained"
              startIcon={<EventOutlined />}
              onClick={download}
              data-testid="interview-calendar"
            >
              {t('interviews.myFair.addToCalendar')}
            </Button>
          )}
          {open && (
            <Button
              variant="outlined"
              color="error"
              onClick={onCancel}
              aria-label={t('interviews.myFair.cancelNamed', { company: request.exhibitor.name })}
              data-testid="interview-cancel"
            >
              {t('interviews.myFair.cancel')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

function JournalistCancelDialog({ request, onClose }: { request: InterviewRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CancelDialog
      title={t('interviews.myFair.cancelTitle', { company: request.exhibitor.name })}
      text={t(
        request.status === 'accepted'
          ? 'interviews.myFair.cancelAcceptedText'
          : 'interviews.myFair.cancelText',
      )}
      confirmLabel={t('interviews.myFair.confirmCancel')}
      done={t('interviews.myFair.cancelled')}
      cancel={(body) => interviewsApi.cancel(request.id, body)}
      refresh={() => queryClient.invalidateQueries({ queryKey: ['interviews', 'mine'] })}
      onClose={onClose}
    />
  );
}
