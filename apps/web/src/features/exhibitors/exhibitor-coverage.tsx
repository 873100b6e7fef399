import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { publicPages } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { exhibitorCoverageQuery } from './api.ts';

/**
 * What the press published about the exhibitor (approved coverage naming it), newest first; the rest on the
 * site's "In the press" page filtered by it. Outbound links: the pieces live on their outlets' sites.
 */
export function ExhibitorCoverage({ exhibitorId }: { exhibitorId: number }) {
  const { t, i18n } = useTranslation();
  const pieces = useQuery(exhibitorCoverageQuery(exhibitorId));
  if (pieces.isError) return <Alert severity="error">{t('exhibitors.coverageError')}</Alert>;
  if (!pieces.data) return <LoadingPlaceholder height={64} />;
  if (pieces.data.results.length === 0) {
    return <Typography color="text.secondary">{t('exhibitors.noCoverage')}</Typography>;
  }
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${value}T12:00:00Z`),
    );
  return (
    <>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pieces.data.results.map((piece) => (
          <li key={piece.id} data-testid="exhibitor-coverage-piece">
            <Link
              href={piece.url}
              target="_blank"
              rel="nofollow noopener noreferrer"
              lang={piece.language}
              dir="auto"
            >
              {piece.title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              <span dir="auto">{piece.outlet}</span> ·{' '}
              <time dateTime={piece.published_on}>{day(piece.published_on)}</time>
            </Typography>
          </li>
        ))}
      </Stack>
      {pieces.data.count > pieces.data.results.length && (
        <Link
          href={`${publicPages.coverage}?exhibitor=${exhibitorId}`}
          sx={{ display: 'inline-block', mt: 1.5 }}
        >
          {t('exhibitors.allCoverage', { count: pieces.data.count })}
        </Link>
      )}
    </>
  );
}
