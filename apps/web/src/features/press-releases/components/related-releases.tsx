import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { coverSizes } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { relatedReleasesQuery } from '../api/company-api.ts';
import { ReleaseCover } from './release-cover.tsx';
import { formatDate, textDirection } from './release-meta.tsx';

/** Under a release: what to read next (the same company's releases, then those on the same subject). */
export function RelatedReleases({
  releaseId,
  releasePath,
}: {
  releaseId: number;
  releasePath: (id: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const related = useQuery(relatedReleasesQuery(releaseId, i18n.language, user !== null));
  const releases = related.data?.results ?? [];
  if (releases.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-labelledby="related-releases"
      sx={{ mt: 3, maxWidth: 880 }}
      data-testid="related-releases"
      data-no-print
    >
      <Typography id="related-releases" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('pressReleases.relatedReleases')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
        }}
      >
        {releases.map((release) => (
          <Box
            component="li"
            key={release.id}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1.5,
              bgcolor: 'background.paper',
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1.5,
            }}
          >
            <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={release.publication_date}>
                  {formatDate(release.publication_date, i18n.language)}
                </time>
                {release.company ? ` · ${release.company.name}` : ''}
              </Typography>
              <Link
                component={RouterLink}
                to={releasePath(release.id)}
                lang={release.language}
                dir={textDirection(release.language)}
                sx={{ display: 'block', mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {release.title}
              </Link>
            </Box>
            {release.cover && (
              <ReleaseCover
                cover={release.cover}
                sizes={coverSizes.related}
                ratio="4 / 3"
                loading="lazy"
                sx={{ flex: 'none', width: 96, borderRadius: 0.5 }}
              />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
