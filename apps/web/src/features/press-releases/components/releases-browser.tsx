import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import RssFeed from '@mui/icons-material/RssFeed';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { coverSizes } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { useSearchText, useUrlState } from '../../../lib/url-state.ts';
import { featuredReleasesQuery, showsFeatured } from '../api/public-list.ts';
import {
  feedUrl,
  publicListParams,
  publicPageSize,
  publicReleasesQuery,
  releaseYearsQuery,
} from '../api/releases-api.ts';
import { CompanyFilter } from './company-filter.tsx';
import { FeaturedReleases } from './featured-releases.tsx';
import { ReleaseCover } from './release-cover.tsx';
import { ReleaseMeta, textDirection } from './release-meta.tsx';

/**
 * Home's list: the site's published releases by year, a full-text search, pages, and the Atom feed link.
 * The year, page and search live in the address (`year`, `page`, `q`), so a search can be shared and the
 * back button works; other parameters of the address are kept.
 */
export function ReleasesBrowser() {
  const { t, i18n } = useTranslation();
  const { params, update } = useUrlState();
  const list = publicListParams(params);
  const { year, page, search, company, brand } = list;
  // Typing runs the search once it pauses; each keystroke does not add a history entry.
  const { text, setText, submit } = useSearchText(search, (q) => update({ q, page: null }, true));
  const searchId = useId();
  const group = useSiteGroup();
  const groupId = group.data?.id;
  const years = useQuery(releaseYearsQuery(groupId, i18n.language, search, { company, brand }));
  const releases = useQuery(
    publicReleasesQuery({ groupId, year, page, search, language: i18n.language, company, brand }),
  );
  const featured = useQuery({
    ...featuredReleasesQuery(groupId, i18n.language),
    enabled: groupId !== undefined && showsFeatured(list),
  });
  const featuredShown = showsFeatured(list) && (featured.data?.results.length ?? 0) > 0;
  // The first screen's covers are painted at once; those below it wait until they are scrolled near.
  const eagerCovers = featuredShown ? 0 : 2;
  const pageCount = releases.data ? Math.ceil(releases.data.recordsFiltered / publicPageSize) : 0;

  const loadFailed = releases.isError || group.isError;
  // The list waits for the years and the featured releases too (the first time): they go above it, and
  // arriving later they would push it down (layout shift).
  const loading =
    !releases.data ||
    (years.isPending && years.fetchStatus === 'fetching') ||
    (featured.isPending && featured.fetchStatus === 'fetching');
  return (
    <Box>
      {showsFeatured(list) && !loading && <FeaturedReleases groupId={groupId} language={i18n.language} />}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, alignItems: { sm: 'center' } }}
      >
        <Box role="search" sx={{ flexGrow: 1, maxWidth: { sm: 520 } }}>
          {/* What an outlined TextField renders, without the Select (and its Menu and Modal) it bundles. */}
          <FormControl fullWidth size="small">
            <InputLabel htmlFor={searchId}>{t('pressReleases.search')}</InputLabel>
            <OutlinedInput
              id={searchId}
              type="search"
              label={t('pressReleases.search')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') submit();
              }}
              inputProps={{ 'data-testid': 'release-search', maxLength: 200 }}
              startAdornment={
                <InputAdornment position="start">
                  <Search aria-hidden="true" />
                </InputAdornment>
              }
            />
          </FormControl>
        </Box>
        <CompanyFilter
          groupId={groupId}
          value={{ company, brand }}
          onChange={(filter) =>
            update({
              company: filter.company ? String(filter.company) : null,
              brand: filter.brand ? String(filter.brand) : null,
              page: null,
            })
          }
        />
        <Box sx={{ flexGrow: 1 }} />
        <Link
          component={RouterLink}
          to={paths.alertsSubscribe}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="release-alerts"
        >
          <MarkEmailReadOutlined fontSize="small" aria-hidden="true" />
          {t('pressReleases.alerts')}
        </Link>
        <Link
          href={feedUrl(groupId, i18n.language, { company, brand })}
          type="application/atom+xml"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="release-feed"
        >
          <RssFeed fontSize="small" aria-hidden="true" />
          {t('pressReleases.feed')}
        </Link>
      </Stack>
      {years.data && years.data.data.length > 0 && (
        <Box sx={{ mb: 3 }}>
          <Typography id="release-years-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('pressReleases.year')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={year ?? 'all'}
            aria-labelledby="release-years-label"
            onChange={(_event, value: number | 'all' | null) => {
              if (value === null) return;
              update({ year: value === 'all' ? null : String(value), page: null });
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            <ToggleButton value="all">{t('pressReleases.allYears')}</ToggleButton>
            {years.data.data.map((entry) => (
              <ToggleButton key={entry.year} value={entry.year} data-testid={`year-${entry.year}`}>
                {entry.year}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      {loadFailed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => (group.isError ? group.refetch() : releases.refetch())}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('pressReleases.listLoadError')}
        </Alert>
      ) : loading || !releases.data ? (
        <Stack spacing={2} aria-busy="true">
          <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={120} />
          ))}
        </Stack>
      ) : (
        <>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1 }}
            role="status"
            data-testid="release-count"
          >
            {releases.data.recordsFiltered === 0
              ? search
                ? t('pressReleases.noMatch', { search })
                : year
                  ? t('pressReleases.emptyYear', { year })
                  : t('pressReleases.empty')
              : search
                ? t('pressReleases.matches', { count: releases.data.recordsFiltered, search })
                : t('pressReleases.count', { count: releases.data.recordsFiltered })}
          </Typography>
          <Stack
            component="ul"
            spacing={2}
            sx={{ listStyle: 'none', p: 0, m: 0, opacity: releases.isPlaceholderData ? 0.6 : 1 }}
            data-testid="release-list"
          >
            {releases.data.data.map((release, index) => (
              <li key={release.id}>
                <Card variant="outlined">
                  <CardActionArea
                    component={RouterLink}
                    to={paths.pressRelease(release.id)}
                    lang={release.language}
                    dir={textDirection(release.language)}
                  >
                    <CardContent
                      sx={release.cover ? { display: 'flex', alignItems: 'flex-start', gap: 2 } : undefined}
                    >
                      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                        <ReleaseMeta release={release} withCompany />
                        <Typography
                          variant="h2"
                          sx={{ mt: 1, fontSize: '1.25rem', overflowWrap: 'anywhere' }}
                          lang={release.language}
                        >
                          {release.title}
                        </Typography>
                        {release.subtitle && (
                          <Typography color="text.secondary" sx={{ mt: 0.5 }} lang={release.language}>
                            {release.subtitle}
                          </Typography>
                        )}
                        {release.excerpt && (
                          <Typography
                            variant="body2"
                            sx={{
                              mt: 1,
                              display: '-webkit-box',
                              WebkitLineClamp: 3,
                              WebkitBoxOrient: 'vertical',
                              overflow: 'hidden',
                            }}
                            lang={release.language}
                          >
                            {release.excerpt}
                          </Typography>
                        )}
                      </Box>
                      {release.cover && (
                        <ReleaseCover
                          cover={release.cover}
                          sizes={coverSizes.list}
                          ratio="4 / 3"
                          loading={index < eagerCovers ? 'eager' : 'lazy'}
                          sx={{ flex: 'none', width: { xs: 96, sm: 160 }, borderRadius: 0.5 }}
                        />
                      )}
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Stack>
          {pageCount > 1 && (
            <Box component="nav" aria-label={t('pressReleases.pages')} sx={{ mt: 3 }}>
              <Pagination
                count={pageCount}
                page={Math.min(page, pageCount)}
                onChange={(_event, value) => update({ page: value === 1 ? null : String(value) })}
              />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
