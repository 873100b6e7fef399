import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type InterviewRequest,
  type InterviewRequestPage,
  type InterviewStatus,
  interviewStatuses,
  interviewsPageSize,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isLanguage, languageNames } from '../../../lib/i18n/languages.ts';
import { useSession } from '../../../lib/session.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import {
  exhibitorInterviewsQuery,
  interviewCountsQuery,
  interviewEditionsQuery,
} from '../api/interviews-api.ts';
import { Detail, InterviewWhen, StatusChip } from '../components/interview-parts.tsx';
import { AcceptDialog, DeclineDialog, ExhibitorCancelDialog } from './answer-dialogs.tsx';

type Answering = { kind: 'accept' | 'decline' | 'cancel'; request: InterviewRequest };

/**
 * Interview requests in the back office. They go to the exhibitor's company only: its administrators read and
 * answer theirs here, with their company's numbers below; the press office sees the numbers per exhibitor of an
 * edition, never a request (the server refuses it the requests).
 */
export default function InterviewsAdminScreen() {
  const { user } = useSession();
  const answersForCompany =
    user !== null &&
    user.company_id !== null &&
    user.permissions.includes('press_release.publish_own_company');
  return answersForCompany ? <CompanyRequests /> : <OfficeCounts />;
}

/** The press office's view: how many requests each exhibitor of an edition received, and how they ended. */
function OfficeCounts() {
  const { t } = useTranslation();
  const editions = useQuery(interviewEditionsQuery);
  return (
    <Page title={t('interviews.admin.title')}>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('interviews.admin.officeIntro')}</Typography>
      {editions.isError ? (
        <Alert severity="error">{apiErrorMessage(editions.error)}</Alert>
      ) : !editions.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : editions.data.length === 0 ? (
        <Alert severity="info" data-testid="interview-counts-no-edition">
          {t('interviews.admin.noEditions')}
        </Alert>
      ) : (
        <Counts editions={editions.data} />
      )}
    </Page>
  );
}

/** The company's requests: its administrators read and answer them. */
function CompanyRequests() {
  const { t, i18n } = useTranslation();
  const { read, update } = useUrlState();
  const status = (interviewStatuses as readonly string[]).includes(read('status') ?? '')
    ? (read('status') as InterviewStatus)
    : '';
  const page = Math.max(0, Number(read('page')) || 0);
  const requests = useQuery(exhibitorInterviewsQuery(page, status));
  const [answering, setAnswering] = useState<Answering | null>(null);
  const shown = requests.data?.results ?? [];
  const count = requests.data?.count ?? 0;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Page title={t('interviews.admin.title')}>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('interviews.admin.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('interviews.admin.statusFilter')}
          value={status}
          onChange={(event) => update({ status: event.target.value, page: null })}
          sx={{ minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'interviews-status-filter' } }}
        >
          <MenuItem value="">{t('interviews.admin.allStatuses')}</MenuItem>
          {interviewStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`interviews.status_${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {requests.data && (
          <Typography sx={{ alignSelf: 'center' }} role="status" data-testid="interviews-count">
            {t('interviews.admin.requests', { count })}
          </Typography>
        )}
      </Paper>
      {requests.isError ? (
        <Alert severity="error">{apiErrorMessage(requests.error, t('interviews.admin.loadError'))}</Alert>
      ) : !requests.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : shown.length === 0 ? (
        <Alert severity="info" data-testid="interviews-empty">
          {count > 0
            ? t('interviews.admin.emptyPage')
            : status
              ? t('interviews.admin.emptyFiltered')
              : t('interviews.admin.empty')}
        </Alert>
      ) : (
        <>
          <Stack
            component="ul"
            spacing={2}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            data-testid="interviews-list"
            aria-busy={requests.isPlaceholderData}
          >
            {shown.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                onAnswer={(kind) => setAnswering({ kind, request })}
              />
            ))}
          </Stack>
          {count > interviewsPageSize && (
            <TablePagination
              component="div"
              count={count}
              page={page}
              rowsPerPage={interviewsPageSize}
              rowsPerPageOptions={[interviewsPageSize]}
              onPageChange={(_, next) => update({ page: next })}
              labelDisplayedRows={({ from, to, count: total }) =>
                t('interviews.admin.rows', {
                  from: number.format(from),
                  to: number.format(to),
                  count: number.format(total),
                })
              }
              getItemAriaLabel={(type) => t(`interviews.admin.page.${type}`)}
              data-testid="interviews-pages"
            />
          )}
        </>
      )}
      {requests.data && <Counts editions={requests.data.editions} />}
      {answering?.kind === 'accept' && (
        <AcceptDialog request={answering.request} onClose={() => setAnswering(null)} />
      )}
      {answering?.kind === 'decline' && (
        <DeclineDialog request={answering.request} onClose={() => setAnswering(null)} />
      )}
      {answering?.kind === 'cancel' && (
        <ExhibitorCancelDialog request={answering.request} onClose={() => setAnswering(null)} />
      )}
    </Page>
  );
}

function RequestCard({
  request,
  onAnswer,
}: {
  request: InterviewRequest;
  onAnswer: (kind: Answering['kind']) => void;
}) {
  const { t } = useTranslation();
  const headingId = `request-${request.id}-heading`;
  const name = request.journalist.name;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={`interview-request-${request.id}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1 }} dir="auto">
          {t('interviews.admin.heading', { name, outlet: request.journalist.outlet })}
        </Typography>
        <StatusChip status={request.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {request.exhibitor.name} · {request.edition.name}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 2,
          m: 0,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <Detail label={t('interviews.topic')}>
          <span dir="auto">{request.topic}</span>
        </Detail>
        <Detail label={t('interviews.format')}>{t(`interviews.format_${request.format}`)}</Detail>
        <Detail label={t('interviews.language')}>
          {isLanguage(request.language) ? languageNames[request.language] : request.language}
        </Detail>
        <Detail label={t('interviews.email')}>
          <Link href={`mailto:${request.journalist.email}`}>{request.journalist.email}</Link>
        </Detail>
        <Detail label={t('interviews.phone')}>
          <Link href={`tel:${request.journalist.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
            {request.journalist.phone}
          </Link>
        </Detail>
        <InterviewWhen request={request} />
        {request.message && (
          <Detail label={t('interviews.admin.message')}>
            <Box component="span" dir="auto" sx={{ whiteSpace: 'pre-line' }}>
              {request.message}
            </Box>
          </Detail>
        )}
        {request.status === 'declined' && request.decline_reason && (
          <Detail label={t('interviews.declineReason')}>
            <span dir="auto">{request.decline_reason}</span>
          </Detail>
        )}
        {request.status === 'cancelled' && request.cancelled_by && (
          <Detail label={t('interviews.cancelledBy')}>
            {t(`interviews.admin.cancelledBy_${request.cancelled_by}`)}
            {request.cancel_reason && (
              <>
                {' · '}
                <span dir="auto">{request.cancel_reason}</span>
              </>
            )}
          </Detail>
        )}
      </Box>
      {(request.status === 'pending' || request.status === 'accepted') && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {request.status === 'pending' && (
            <>
              <Button
                variant="contained"
                onClick={() => onAnswer('accept')}
                aria-label={t('interviews.admin.acceptNamed', { name })}
                data-testid="interview-accept"
              >
                {t('interviews.admin.accept')}
              </Button>
              <Button
                variant="outlined"
                onClick={() => onAnswer('decline')}
                aria-label={t('interviews.admin.declineNamed', { name })}
                data-testid="interview-decline"
              >
                {t('interviews.admin.decline')}
              </Button>
            </>
          )}
          <Button
            color="error"
            onClick={() => onAnswer('cancel')}
            aria-label={t('interviews.admin.cancelNamed', { name })}
            data-testid="interview-cancel"
          >
            {t('interviews.admin.cancel')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** The numbers per exhibitor of one edition (of those offered, newest first). */
function Counts({ editions }: { editions: InterviewRequestPage['editions'] }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const editionId = chosen ?? editions[0]?.id ?? null;
  const counts = useQuery({ ...interviewCountsQuery(editionId ?? 0), enabled: editionId !== null });
  const number = new Intl.NumberFormat(i18n.language);
  if (editions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="interview-counts-heading" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1.5 }}>
        <Typography id="interview-counts-heading" variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1 }}>
          {t('interviews.admin.countsTitle')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('interviews.admin.edition')}
          value={editionId ?? ''}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ minWidth: 220 }}
        >
          {editions.map((edition) => (
            <MenuItem key={edition.id} value={edition.id}>
              {edition.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {counts.isError ? (
        <Alert severity="error">{apiErrorMessage(counts.error)}</Alert>
      ) : !counts.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="interview-counts">
            <caption style={{ captionSide: 'top', textAlign: 'start', padding: '12px 16px' }}>
              {t('interviews.admin.countsCaption', { edition: counts.data.edition.name })}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('interviews.admin.exhibitor')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('interviews.admin.received')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('interviews.admin.acceptedCount')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('interviews.admin.declinedCount')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('interviews.admin.cancelledCount')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {counts.data.exhibitors.map((row) => (
                <TableRow key={row.exhibitor} data-testid="interview-counts-row">
                  <TableCell component="th" scope="row" dir="auto">
                    {row.name}
                  </TableCell>
                  <TableCell align="right">{number.format(row.received)}</TableCell>
                  <TableCell align="right">{number.format(row.accepted)}</TableCell>
                  <TableCell align="right">{number.format(row.declined)}</TableCell>
                  <TableCell align="right">{number.format(row.cancelled)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
