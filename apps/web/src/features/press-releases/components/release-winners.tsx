import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { apiPaths, type ReleaseWinners as Winners } from '@pressroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';

/** The award's winners this release announces, in the reader's language (the categories' names). */
const releaseWinnersQuery = (releaseId: number, language: string) =>
  queryOptions({
    queryKey: ['award', 'release-winners', releaseId, language],
    queryFn: ({ signal }) =>
      apiRequest<Winners>(apiPaths.releaseAwardWinners(releaseId), { signal, language }),
  });

/**
 * Under a release that announces the journalism award's winners: each category with the winning piece, its
 * outlet and, when they consented, the journalist. The links leave the site: a new tab, no referrer weight.
 * Nothing shows while the release announces none.
 */
export function ReleaseWinners({ releaseId }: { releaseId: number }) {
  const { t, i18n } = useTranslation();
  const winners = useQuery(releaseWinnersQuery(releaseId, i18n.language)).data?.data ?? [];
  if (winners.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="release-winners"
      sx={{ mt: 3, maxWidth: 880 }}
      data-testid="release-winners"
    >
      <Typography id="release-winners" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('pressReleases.winners')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {winners.map((winner) => (
          <Box
            component="li"
            key={`${winner.category}|${winner.url}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
            data-testid="release-winner"
          >
            <Typography component="p" variant="subtitle2" dir="auto">
              {winner.category}
            </Typography>
            <Link
              href={winner.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              dir="auto"
              aria-label={t('pressReleases.coverageLink', { title: winner.title, outlet: winner.outlet })}
              sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {winner.title}
            </Link>
            <Typography variant="body2" color="text.secondary">
              <Box component="span" dir="auto">
                {winner.outlet}
              </Box>
              {winner.journalist && (
                <>
                  {' · '}
                  <span dir="auto">{t('pressReleases.coverageBy', { name: winner.journalist })}</span>
                </>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
