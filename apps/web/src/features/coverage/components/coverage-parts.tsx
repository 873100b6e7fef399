import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type Coverage, type CoverageStatus, countryName, type PublicCoverage } from '@pressroom/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The contract's messages (the public page's words, form errors) are shown by every coverage screen.
import '../../../lib/i18n/contract-messages.ts';
import { formatDay, languageName } from '../coverage-view.ts';

/** The chip colour of each status, the same for the journalist and the press office. */
const statusColour = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
} as const satisfies Record<CoverageStatus, string>;

/** A piece's status as words on a chip (the colour only repeats them). */
export function StatusChip({ status }: { status: CoverageStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColour[status]}
      label={t(`coverage.status_${status}`)}
      data-testid="coverage-status"
      data-status={status}
    />
  );
}

/** A label and its value, one pair of a piece's details. */
export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** What a piece covers (edition, releases, exhibitors): a name a line, isolated, so mixed scripts keep order. */
export function Covers({ piece, none }: { piece: Coverage; none?: string }) {
  const names = [
    ...(piece.edition ? [piece.edition.name] : []),
    ...piece.releases.map((release) => release.title),
    ...piece.exhibitors.map((exhibitor) => exhibitor.name),
  ];
  if (names.length === 0) return <>{none ?? ''}</>;
  return (
    <>
      {names.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two subjects may share a name
        <Box component="bdi" key={index} sx={{ display: 'block' }}>
          {name}
        </Box>
      ))}
    </>
  );
}

/** The piece's title as a link to where it was published (another site: no referrer weight, a new tab). */
export function PieceLink({
  piece,
}: {
  piece: Pick<PublicCoverage, 'url' | 'title' | 'outlet' | 'language'>;
}) {
  const { t } = useTranslation();
  return (
    <Link
      href={piece.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      lang={piece.language}
      dir="auto"
      aria-label={t('coverage.opensElsewhere', { title: piece.title, outlet: piece.outlet })}
      data-testid="coverage-link"
    >
      {piece.title}
    </Link>
  );
}

/** Outlet, date, country and language of a piece, in the reader's words. */
function pieceFacts(
  piece: Pick<PublicCoverage, 'outlet' | 'published_on' | 'country' | 'language'>,
  reader: string,
) {
  return [
    piece.outlet,
    formatDay(piece.published_on, reader),
    countryName(piece.country, reader),
    languageName(piece.language, reader),
  ];
}

/** One approved piece as the public reads it. */
export function PublicPiece({ piece }: { piece: PublicCoverage }) {
  const { t, i18n } = useTranslation();
  const [outlet, ...rest] = pieceFacts(piece, i18n.language);
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid="coverage-piece"
    >
      <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
        <PieceLink piece={piece} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <Box component="span" dir="auto" sx={{ fontWeight: 600 }}>
          {outlet}
        </Box>
        {` · ${rest.join(' · ')}`}
        {piece.journalist && (
          <>
            {' · '}
            <span dir="auto">{t('messages.pageCoverageBy', { name: piece.journalist })}</span>
          </>
        )}
      </Typography>
    </Box>
  );
}
