import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths, withRedirect } from '../../app/paths.ts';
import { Page } from '../../components/page.tsx';
import { useSession } from '../../lib/session.ts';
import { safeRedirect } from '../../lib/text.ts';
import { useSiteGroup } from '../site/api/site.ts';
import { releaseYearsQuery, releasesPageSize, releasesQuery } from './api/press-releases.ts';
import { ReleaseMeta } from './components/release-meta.tsx';

/** Home: the site's published press releases, by year, public. */
export default function HomeScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const year = Number(search.get('year')) || null;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const group = useSiteGroup();
  const groupId = group.data?.id;
  const years = useQuery(releaseYearsQuery(groupId, i18n.language));
  const releases = useQuery(releasesQuery({ groupId, year, page, language: i18n.language }));
  const pageCount = releases.data ? Math.ceil(releases.data.recordsFiltered / releasesPageSize) : 0;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };

  return (
    <Page title={t('home.title')}>
      {redirect && !user && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={withRedirect(paths.login, redirect)} color="inherit">
              {t('user.login')}
            </Button>
          }
          data-testid="sign-in-required"
        >
          {t('home.signInRequired')}
        </Alert>
      )}
      {years.data && years.data.data.length > 0 && (
        <Box sx={{ mb: 3 }}>
          <Typography id="years-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('home.years')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={year ?? 'all'}
            aria-labelledby="years-label"
            onChange={(_event, value: number | 'all' | null) => {
              if (value === null) return;
              update({ year: value === 'all' ? null : String(value), page: null });
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            <ToggleButton value="all">{t('home.allYears')}</ToggleButton>
            {years.data.data.map((entry) => (
              <ToggleButton key={entry.year} value={entry.year} data-testid={`year-${entry.year}`}>
                {entry.year}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      {releases.isError || group.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => (group.isError ? group.refetch() : releases.refetch())}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('home.loadError')}
        </Alert>
      ) : !releases.data ? (
        <Stack spacing={2} aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={120} />
          ))}
        </Stack>
      ) : releases.data.data.length === 0 ? (
        <Typography>{year ? t('home.emptyYear', { year }) : t('home.empty')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
            {t('home.count', { count: releases.data.recordsFiltered })}
          </Typography>
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="release-list">
            {releases.data.data.map((release) => (
              <li key={release.id}>
                <Card variant="outlined">
                  <CardActionArea component={RouterLink} to={paths.pressRelease(release.id)}>
                    <CardContent>
                      <ReleaseMeta release={release} />
                      <Typography variant="h2" component="h2" sx={{ mt: 1 }} lang={release.language}>
                        {release.title}
                      </Typography>
                      {release.subtitle && (
                        <Typography color="text.secondary" sx={{ mt: 0.5 }} lang={release.language}>
                          {release.subtitle}
                        </Typography>
                      )}
                      {release.excerpt && (
                        <Typography variant="body2" sx={{ mt: 1 }} lang={release.language}>
                          {release.excerpt}
                        </Typography>
                      )}
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Stack>
          {pageCount > 1 && (
            <Pagination
              sx={{ mt: 3 }}
              count={pageCount}
              page={page}
              onChange={(_event, value) => update({ page: value === 1 ? null : String(value) })}
              aria-label={t('home.pages')}
            />
          )}
        </>
      )}
    </Page>
  );
}
