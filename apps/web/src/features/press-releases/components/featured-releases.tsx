import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { coverSizes } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { featuredReleasesQuery } from '../api/public-list.ts';
import { ReleaseCover } from './release-cover.tsx';
import { ReleaseMeta, textDirection } from './release-meta.tsx';

/**
 * The releases the press office features on the site's Home, on top with a large cover (the server writes
 * the same into Home's first screen: home-first-screen-page.ts and index.html's `.fs-feature` styles).
 */
export function FeaturedReleases({ groupId, language }: { groupId: number | undefined; language: string }) {
  const { t } = useTranslation();
  const featured = useQuery(featuredReleasesQuery(groupId, language));
  const releases = featured.data?.results ?? [];
  if (releases.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="featured-releases"
      sx={{ mb: 3 }}
      data-testid="featured-releases"
    >
      <Typography
        id="featured-releases"
        variant="h2"
        sx={{ fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.6, mb: 1 }}
      >
        {t('pressReleases.featured')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {releases.map((release, index) => (
          <li key={release.id}>
            <Card variant="outlined">
              <CardActionArea
                component={RouterLink}
                to={paths.pressRelease(release.id)}
                lang={release.language}
                dir={textDirection(release.language)}
                sx={{ display: { xs: 'block', sm: 'flex' }, alignItems: 'stretch' }}
                data-testid="featured-release"
              >
                {release.cover && (
                  <ReleaseCover
                    cover={release.cover}
                    sizes={coverSizes.featured}
                    ratio="16 / 9"
                    loading={index === 0 ? 'first' : 'lazy'}
                    sx={{ width: { xs: '100%', sm: '50%' }, maxWidth: { sm: 560 }, flex: 'none' }}
                  />
                )}
                <Box sx={{ p: 2, flex: '1 1 auto', minWidth: 0 }}>
                  <ReleaseMeta release={release} withCompany />
                  <Typography
                    variant="h3"
                    sx={{
                      mt: 1,
                      fontSize: '1.5rem',
                      fontWeight: 600,
                      lineHeight: 1.25,
                      overflowWrap: 'anywhere',
                    }}
                    lang={release.language}
                  >
                    {release.title}
                  </Typography>
                  {release.subtitle && (
                    <Typography color="text.secondary" sx={{ mt: 0.5 }} lang={release.language}>
                      {release.subtitle}
                    </Typography>
                  )}
                </Box>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
