import FiberNew from '@mui/icons-material/FiberNewOutlined';
import Storefront from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countryName, type DirectoryEntry, exhibitorCategories } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CountryField } from '../../components/country-field.tsx';
import { FoldingFilters } from '../../components/folding-filters.tsx';
import { Page } from '../../components/page.tsx';
import { visuallyHidden } from '../../components/visually-hidden.tsx';
import { paths } from '../../config/paths.ts';
import { useSearchText, useUrlState, withParams } from '../../lib/url-state.ts';
import { directoryPageSize, directoryQuery } from './api.ts';
import {
  activeFilters,
  filtersFromParams,
  groupByInitial,
  indexLetters,
  narrowed,
} from './directory-view.ts';
import { editionDates, isolated } from './exhibitor-parts.ts';

function EntryCard({ entry }: { entry: DirectoryEntry }) {
  const { t, i18n } = useTranslation();
  const facts = [
    entry.company.country ? countryName(entry.company.country, i18n.language) : '',
    entry.category ? t(`sector.${entry.category}`) : '',
  ].filter(Boolean);
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 2 }}
      data-testid="exhibitor-entry"
    >
      <Avatar
        variant="rounded"
        src={entry.logo_url ?? undefined}
        alt=""
        sx={{ width: 64, height: 64, bgcolor: 'action.hover', color: 'text.secondary' }}
        slotProps={{ img: { loading: 'lazy', sx: { objectFit: 'contain' } } }}
      >
        <Storefront aria-hidden="true" />
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography component="h3" variant="h6" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.exhibitor(entry.id)} dir="auto">
            {entry.company.name}
          </Link>
        </Typography>
        {facts.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
        )}
        {entry.brands.length > 0 && (
          <Typography variant="body2" color="text.secondary" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            {new Intl.ListFormat(i18n.language, { type: 'unit' }).format(entry.brands)}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
          <Box component="span" sx={visuallyHidden}>
            {t('exhibitors.stands')}
          </Box>
          {entry.stands.map((stand) => (
            <Chip
              key={`${stand.hall}/${stand.stand}`}
              size="small"
              variant="outlined"
              label={t('exhibitors.stand', { hall: stand.hall, stand: stand.stand })}
              data-testid="exhibitor-stand"
            />
          ))}
          {entry.news && (
            <Chip
              size="small"
              color="secondary"
              icon={<FiberNew aria-hidden="true" />}
              label={t('exhibitors.newsBadge')}
            />
          )}
        </Box>
      </Box>
    </Card>
  );
}

/**
 * The directory of the site's current edition: search by name or brand, filters by hall, category, country
 * and news, an A-Z index, all kept in the address so that a view can be shared.
 */
export default function DirectoryScreen() {
  const { t, i18n } = useTranslation();
  const { params, update } = useUrlState();
  const filters = filtersFromParams(params);
  const directory = useQuery(directoryQuery(filters));
  const search = useSearchText(filters.search, (text) => update({ search: text, page: null }, true));
  const data = directory.data;
  const letters = new Set(data?.letters ?? []);
  const pages = data ? Math.max(1, Math.ceil(data.count / directoryPageSize)) : 1;
  const linkTo = (changes: Record<string, string | number | null>) =>
    `${paths.exhibitors}?${withParams(params, { ...changes }).toString()}`;
  const filtered = narrowed(filters) || filters.search !== '';

  return (
    <Page title={t('exhibitors.title')}>
      {data?.edition && (
        <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }} data-testid="directory-edition">
          {t('exhibitors.edition', {
            name: isolated(data.edition.name),
            dates: editionDates(data.edition, i18n.language),
          })}
        </Typography>
      )}
      <Box
        component="form"
        role="search"
        aria-label={t('exhibitors.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1.5fr 1.5fr' },
          alignItems: 'center',
          mb: 2,
        }}
      >
        <TextField
          type="search"
          size="small"
          label={t('exhibitors.search')}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'directory-search' } }}
        />
        <FoldingFilters active={activeFilters(filters)} testId="directory-filters-toggle">
          <TextField
            select
            size="small"
            label={t('exhibitors.hall')}
            value={filters.hall}
            onChange={(event) => update({ hall: event.target.value, page: null })}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'directory-hall' },
            }}
          >
            <option value="">{t('exhibitors.allHalls')}</option>
            {(data?.halls ?? (filters.hall ? [filters.hall] : [])).map((hall) => (
              <option key={hall} value={hall}>
                {hall}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('exhibitors.category')}
            value={filters.category}
            onChange={(event) => update({ category: event.target.value, page: null })}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'directory-category' },
            }}
          >
            <option value="">{t('exhibitors.allCategories')}</option>
            {exhibitorCategories.map((category) => (
              <option key={category} value={category}>
                {t(`sector.${category}`)}
              </option>
            ))}
          </TextField>
          <CountryField
            size="small"
            name="country"
            label={t('exhibitors.country')}
            value={filters.country}
            onChange={(code) => update({ country: code, page: null })}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={filters.news}
                onChange={(event) => update({ news: event.target.checked ? 'true' : null, page: null })}
                slotProps={{ input: { 'data-testid': 'directory-news' } as object }}
              />
            }
            label={t('exhibitors.news')}
          />
          {filtered && (
            <Box>
              <Button component={RouterLink} to={paths.exhibitors} data-testid="directory-clear">
                {t('exhibitors.clearFilters')}
              </Button>
            </Box>
          )}
          <Box
            component="nav"
            aria-label={t('exhibitors.index')}
            sx={{ gridColumn: '1 / -1' }}
            data-testid="directory-index"
          >
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
            >
              {['', ...indexLetters].map((letter) => {
                const current = filters.letter === letter;
                const label = letter === '' ? t('exhibitors.allLetters') : letter;
                const spoken = letter === '#' ? t('exhibitors.otherInitial') : undefined;
                const cell = {
                  minWidth: 32,
                  minHeight: 32,
                  px: 0.75,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  borderRadius: 1,
                  fontWeight: 600,
                };
                const open = letter === '' || letters.has(letter) || current;
                return (
                  <li key={letter || 'all'}>
                    {open ? (
                      <Link
                        component={RouterLink}
                        to={linkTo({ letter: letter || null, page: null })}
                        aria-current={current ? 'true' : undefined}
                        aria-label={spoken}
                        underline={current ? 'none' : 'hover'}
                        sx={{
                          ...cell,
                          ...(current && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
                        }}
                        data-testid={`directory-letter-${letter || 'all'}`}
                      >
                        {label}
                      </Link>
                    ) : (
                      <Box
                        component="span"
                        aria-disabled="true"
                        aria-label={spoken}
                        sx={{ ...cell, color: 'text.disabled', fontWeight: 400 }}
                        data-testid={`directory-letter-${letter}`}
                      >
                        {label}
                      </Box>
                    )}
                  </li>
                );
              })}
            </Box>
          </Box>
        </FoldingFilters>
      </Box>

      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1 }}
        data-testid="directory-count"
      >
        {data ? t('exhibitors.count', { count: data.count }) : ''}
      </Typography>

      {directory.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => directory.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('exhibitors.loadError')}
        </Alert>
      ) : !data ? (
        <Stack spacing={2} aria-busy="true">
          <Box component="span" sx={visuallyHidden}>
            {t('app.loading')}
          </Box>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : data.edition === null ? (
        <Alert severity="info">{t('exhibitors.noEdition')}</Alert>
      ) : data.count === 0 ? (
        <Alert severity="info" data-testid="directory-empty">
          {filtered ? t('exhibitors.empty') : t('exhibitors.noExhibitors')}
        </Alert>
      ) : (
        <Box sx={{ opacity: directory.isPlaceholderData ? 0.6 : 1 }} data-testid="directory-results">
          {groupByInitial(data.results).map((group) => (
            <Box
              component="section"
              key={group.letter}
              aria-labelledby={`directory-group-${group.letter}`}
              sx={{ mb: 3 }}
            >
              <Typography id={`directory-group-${group.letter}`} component="h2" variant="h5" sx={{ mb: 1 }}>
                {group.letter}
              </Typography>
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                {group.entries.map((entry) => (
                  <EntryCard key={entry.id} entry={entry} />
                ))}
              </Box>
            </Box>
          ))}
          {pages > 1 && (
            <Box
              component="nav"
              aria-label={t('exhibitors.pages')}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
            >
              <Button
                component={RouterLink}
                to={linkTo({ page: filters.page - 1 > 1 ? filters.page - 1 : null })}
                disabled={filters.page <= 1}
              >
                {t('exhibitors.previousPage')}
              </Button>
              <Typography>{t('exhibitors.pageOf', { page: filters.page, pages })}</Typography>
              <Button
                component={RouterLink}
                to={linkTo({ page: filters.page + 1 })}
                disabled={filters.page >= pages}
              >
                {t('exhibitors.nextPage')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Page>
  );
}
