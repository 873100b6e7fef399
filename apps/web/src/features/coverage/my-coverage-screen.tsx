import Add from '@mui/icons-material/Add';
import AttachFile from '@mui/icons-material/AttachFile';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Coverage, countryName } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { saveBlob } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { coverageApi, myCoverageQuery } from './api.ts';
import { clippingProblem, clippingTypes } from './components/clipping.ts';
import { Covers, Detail, PieceLink, StatusChip } from './components/coverage-parts.tsx';
import { ReportDialog } from './components/report-dialog.tsx';
import { formatDay, languageName } from './coverage-view.ts';

/**
 * "My coverage": the journalist reports what they published about the fair and follows each piece: waiting
 * for the press office, approved (public), or not approved with the office's reason.
 */
export default function MyCoverageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useQuery(myCoverageQuery());
  const [reporting, setReporting] = useState(false);
  return (
    <Page
      title={t('coverage.mine.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setReporting(true)}
          data-testid="coverage-report"
        >
          {t('coverage.report.button')}
        </Button>
      }
    >
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('coverage.mine.intro')}</Typography>
      {mine.isError ? (
        <Alert severity="error">{apiErrorMessage(mine.error, t('coverage.loadError'))}</Alert>
      ) : !mine.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : mine.data.data.length === 0 ? (
        <Alert severity="info" data-testid="my-coverage-empty">
          {t('coverage.mine.empty')}
        </Alert>
      ) : (
        <Stack
          component="ul"
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="my-coverage-list"
        >
          {mine.data.data.map((piece) => (
            <PieceCard key={piece.id} piece={piece} />
          ))}
        </Stack>
      )}
      {reporting && (
        <ReportDialog
          office={false}
          onClose={() => setReporting(false)}
          onDone={async () => {
            setReporting(false);
            await queryClient.invalidateQueries({ queryKey: ['coverage'] });
          }}
        />
      )}
    </Page>
  );
}

function PieceCard({ piece }: { piece: Coverage }) {
  const { t, i18n } = useTranslation();
  const headingId = `coverage-${piece.id}-heading`;
  const covers = Boolean(piece.edition) || piece.releases.length > 0 || piece.exhibitors.length > 0;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={`my-coverage-${piece.id}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.2rem', flexGrow: 1, overflowWrap: 'anywhere' }}
        >
          <PieceLink piece={piece} />
        </Typography>
        <StatusChip status={piece.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('coverage.mine.reportedOn', { date: formatDay(piece.created_at, i18n.language) })}
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
        <Detail label={t('coverage.form.outlet')}>
          <span dir="auto">{piece.outlet}</span> · {t(`mediaType.${piece.media_type}`)}
        </Detail>
        <Detail label={t('coverage.form.publishedOn')}>
          {formatDay(piece.published_on, i18n.language)} · {countryName(piece.country, i18n.language)} ·{' '}
          {languageName(piece.language, i18n.language)}
        </Detail>
        {covers && (
          <Detail label={t('coverage.form.covers')}>
            <Covers piece={piece} />
          </Detail>
        )}
        {piece.clipping && (
          <Detail label={t('coverage.form.clipping')}>
            <ClippingDownload clipping={piece.clipping} />
          </Detail>
        )}
        {piece.status === 'rejected' && piece.reject_reason && (
          <Detail label={t('coverage.mine.rejectReason')} testId="coverage-reject-reason">
            <span dir="auto">{piece.reject_reason}</span>
          </Detail>
        )}
      </Box>
      {piece.status === 'pending' && (
        <Box sx={{ mt: 2 }}>
          <ClippingButton piece={piece} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * The reporter's own copy of the piece, fetched with their session (a clipping is never public), saved under
 * its name; the button's name says what it saves, starting from the name it shows.
 */
function ClippingDownload({ clipping }: { clipping: NonNullable<Coverage['clipping']> }) {
  const { t } = useTranslation();
  const download = async () => {
    try {
      saveBlob(await coverageApi.clipping(clipping.url), clipping.file_name);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  return (
    <Button
      size="small"
      startIcon={<Download />}
      onClick={download}
      aria-label={t('coverage.mine.downloadClipping', { name: clipping.file_name })}
      data-testid="coverage-clipping-download"
      sx={{ textTransform: 'none', overflowWrap: 'anywhere', textAlign: 'start' }}
    >
      <span dir="auto">{clipping.file_name}</span>
    </Button>
  );
}

/** While a piece waits, its reporter adds its clipping, or replaces it; checked here, then by the server. */
function ClippingButton({ piece }: { piece: Coverage }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const send = async (file: File | undefined) => {
    if (!file) return;
    const problem = clippingProblem(file, i18n.language);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy(true);
    try {
      await coverageApi.attachClipping(piece.id, file, i18n.language);
      notify.success(t('coverage.mine.clippingKept', { name: file.name }));
      await queryClient.invalidateQueries({ queryKey: ['coverage'] });
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={clippingTypes.join(',')}
        hidden
        onChange={(event) => {
          void send(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={`coverage-clipping-later-${piece.id}`}
      />
      <Button size="small" startIcon={<AttachFile />} disabled={busy} onClick={() => input.current?.click()}>
        {t(piece.clipping ? 'coverage.mine.replaceClipping' : 'coverage.form.chooseClipping')}
      </Button>
    </>
  );
}
