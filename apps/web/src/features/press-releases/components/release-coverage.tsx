import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { apiPaths, countryName, type PublicCoverage } from '@pressroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatDate } from './release-meta.tsx';

/** The release's approved coverage on the site, newest first (at most 100 pieces). */
const releaseCoverageQuery = (releaseId: number) =>
  queryOptions({
    queryKey: ['coverage', 'release', releaseId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: PublicCoverage[] }>(apiPaths.releaseCoverage(releaseId), { signal }),
  });

function languageName(code: string, reader: string) {
  try {
    return new Intl.DisplayNames([reader], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Under a release: what the press published about it, as the press office approved it. The links leave the
 * site: a new tab, no referrer weight. Nothing shows while the release has no coverage.
 */
export function ReleaseCoverage({ releaseId }: { releaseId: number }) {
  const { t, i18n } = useTranslation();
  const coverage = useQuery(releaseCoverageQuery(releaseId));
  const pieces = coverage.data?.data ?? [];
  if (pieces.length === 0) return null;
  const reader = i18n.language;
  return (
    <Box
      component="section"
      aria-labelledby="release-coverage"
      sx={{ mt: 3, maxWidth: 880 }}
      data-testid="release-coverage"
    >
      <Typography id="release-coverage" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('pressReleases.coverage')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {pieces.map((piece) => (
          <Box
            component="li"
            key={piece.id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
            data-testid="release-coverage-piece"
          >
            <Link
              href={piece.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              lang={piece.language}
              dir="auto"
              aria-label={t('pressReleases.coverageLink', { title: piece.title, outlet: piece.outlet })}
              sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {piece.title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              <Box component="span" dir="auto">
                {piece.outlet}
              </Box>
              {' · '}
              <time dateTime={piece.published_on}>{formatDate(piece.published_on, reader)}</time>
              {` · ${countryName(piece.country, reader)} · ${languageName(piece.language, reader)}`}
              {piece.journalist && (
                <>
                  {' · '}
                  <span dir="auto">{t('pressReleases.coverageBy', { name: piece.journalist })}</span>
                </>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
