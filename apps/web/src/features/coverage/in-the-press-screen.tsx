import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countryName, coveragePageSize, type PublicCoverageFilters } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page.tsx';
import { visuallyHidden } from '../../components/visually-hidden.tsx';
import { paths } from '../../config/paths.ts';
import { useUrlState, withParams } from '../../lib/url-state.ts';
import { coverageFiltersQuery, publicCoverageQuery } from './api.ts';
import { PublicPiece } from './components/coverage-parts.tsx';
import { filtersFromParams, languageOptions, narrowed } from './coverage-view.ts';

/** A filter of the list: a native select (quick on phones), its choices what the site's coverage has. */
function FilterSelect({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <option value="">{t('messages.pageCoverageAny')}</option>
      {children}
    </TextField>
  );
}

/** The choices of a filter, with the current value kept even when the site's coverage no longer has it. */
const withCurrent = <T extends string | number>(values: T[], current: T | null | '') =>
  current === null || current === '' || values.includes(current) ? values : [current, ...values];

/**
 * "In the press": the site's approved coverage, newest piece first, filtered by edition, exhibitor, country,
 * language and media type, a page at a time, all kept in the address so that a view can be shared.
 */
export default function InThePressScreen() {
  const { t, i18n } = useTranslation();
  const { params, update } = useUrlState();
  const filters = filtersFromParams(params);
  const list = useQuery(publicCoverageQuery(filters));
  const choices = useQuery(coverageFiltersQuery());
  const options: PublicCoverageFilters = choices.data ?? {
    editions: [],
    exhibitors: [],
    countries: [],
    languages: [],
    media_types: [],
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / coveragePageSize)) : 1;
  const linkTo = (changes: Record<string, string | number | null>) =>
    `${paths.inThePress}?${withParams(params, changes).toString()}`;
  const number = new Intl.NumberFormat(i18n.language);
  const reader = i18n.language;

  return (
    <Page title={t('coverage.menu')}>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2, maxWidth: '70ch' }}>
        {t('coverage.intro')}
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label={t('messages.pageCoverageFilters')}
        onSubmit={(event) => event.preventDefault()}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
          alignItems: 'center',
          mb: 2,
        }}
      >
        <FilterSelect
          label={t('coverage.edition')}
          value={filters.edition ? String(filters.edition) : ''}
          onChange={(value) => update({ edition: value, page: null })}
          testId="coverage-filter-edition"
        >
          {options.editions.map((edition) => (
            <option key={edition.id} value={edition.id}>
              {edition.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('coverage.exhibitor')}
          value={filters.exhibitor ? String(filters.exhibitor) : ''}
          onChange={(value) => update({ exhibitor: value, page: null })}
          testId="coverage-filter-exhibitor"
        >
          {options.exhibitors.map((exhibitor) => (
            <option key={exhibitor.id} value={exhibitor.id}>
              {exhibitor.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('messages.pageCoverageCountry')}
          value={filters.country}
          onChange={(value) => update({ country: value, page: null })}
          testId="coverage-filter-country"
        >
          {withCurrent(options.countries, filters.country)
            .map((code) => ({ code, name: countryName(code, reader) }))
            .sort((a, b) => a.name.localeCompare(b.name, reader))
            .map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
        </FilterSelect>
        <FilterSelect
          label={t('messages.pageCoverageLanguage')}
          value={filters.language}
          onChange={(value) => update({ language: value, page: null })}
          testId="coverage-filter-language"
        >
          {languageOptions(withCurrent(options.languages, filters.language), reader).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('messages.pageCoverageMediaType')}
          value={filters.mediaType}
          onChange={(value) => update({ media_type: value, page: null })}
          testId="coverage-filter-media-type"
        >
          {withCurrent<string>(options.media_types, filters.mediaType).map((type) => (
            <option key={type} value={type}>
              {t(`mediaType.${type}`)}
            </option>
          ))}
        </FilterSelect>
        {narrowed(filters) && (
          <Box>
            <Button component={RouterLink} to={paths.inThePress} data-testid="coverage-clear">
              {t('coverage.clearFilters')}
            </Button>
          </Box>
        )}
      </Box>

      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1 }}
        data-testid="coverage-count"
      >
        {data
          ? t('messages.pageCoverageCount', { count: number.format(data.count) as unknown as number })
          : ''}
      </Typography>

      {list.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => list.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('coverage.loadError')}
        </Alert>
      ) : !data ? (
        <Stack spacing={2} aria-busy="true">
          <Box component="span" sx={visuallyHidden}>
            {t('app.loading')}
          </Box>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : data.count === 0 ? (
        <Alert severity="info" data-testid="coverage-empty">
          {narrowed(filters) ? t('messages.pageCoverageNoneFound') : t('messages.pageCoverageNone')}
        </Alert>
      ) : (
        <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} data-testid="coverage-list">
            {data.results.map((piece) => (
              <PublicPiece key={piece.id} piece={piece} />
            ))}
          </Box>
          {pages > 1 && (
            <Box
              component="nav"
              aria-label={t('messages.pageCoveragePages')}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
              }}
            >
              <Button
                component={RouterLink}
                to={linkTo({ page: filters.page - 1 > 1 ? filters.page - 1 : null })}
                disabled={filters.page <= 1}
                data-testid="coverage-previous"
              >
                {t('messages.pageCoveragePrevious')}
              </Button>
              <Typography>
                {t('coverage.pageOf', { page: number.format(filters.page), pages: number.format(pages) })}
              </Typography>
              <Button
                component={RouterLink}
                to={linkTo({ page: filters.page + 1 })}
                disabled={filters.page >= pages}
                data-testid="coverage-next"
              >
                {t('messages.pageCoverageNext')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Page>
  );
}
