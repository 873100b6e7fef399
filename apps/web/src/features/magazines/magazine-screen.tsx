import OpenInNew from '@mui/icons-material/OpenInNew';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MagazineKind } from '@pressroom/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { formatBytes } from '../../lib/format-bytes.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { magazineFacetsQuery, magazinesQuery } from './api.ts';

const months = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * The magazine screen (the specification's one screen on two routes): Italian or international magazines,
 * filtered by period (month and year) and, for international ones, territory. Filters live in the address.
 */
export function MagazineScreen({ kind }: { kind: MagazineKind }) {
  const { t, i18n } = useTranslation();
  const { params: search, update } = useUrlState();
  const filters = {
    month: Number(search.get('month')) || null,
    year: Number(search.get('year')) || null,
    territory: kind === 'international' ? search.get('territory') || null : null,
  };
  const magazines = useInfiniteQuery(magazinesQuery(kind, filters));
  const facets = useQuery(magazineFacetsQuery(kind));
  const rows = magazines.data?.pages.flatMap((page) => page.results) ?? [];
  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return (month: number) => format.format(new Date(Date.UTC(2000, month - 1, 1)));
  }, [i18n.language]);

  const setFilter = (name: string, value: string) => update({ [name]: value }, true);
  const filtered = Boolean(filters.month || filters.year || filters.territory);
  const title = t(kind === 'italian' ? 'menu.italianMagazine' : 'menu.internationalMagazine');

  return (
    <Page title={title}>
      <Box
        component="form"
        role="search"
        aria-label={t('magazines.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 3, alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            label={t('magazines.month')}
            value={filters.month ? String(filters.month) : ''}
            onChange={(event) => setFilter('month', event.target.value)}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-month"
          >
            <MenuItem value="">{t('magazines.anyMonth')}</MenuItem>
            {months.map((month) => (
              <MenuItem key={month} value={String(month)}>
                {monthName(month)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('magazines.year')}
            value={filters.year ? String(filters.year) : ''}
            onChange={(event) => setFilter('year', event.target.value)}
            sx={{ minWidth: 140 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-year"
          >
            <MenuItem value="">{t('magazines.anyYear')}</MenuItem>
            {[...new Set([...(facets.data?.years ?? []), ...(filters.year ? [filters.year] : [])])].map(
              (year) => (
                <MenuItem key={year} value={String(year)}>
                  {year}
                </MenuItem>
              ),
            )}
          </TextField>
          {kind === 'international' && (
            <TextField
              select
              label={t('magazines.territory')}
              value={filters.territory ?? ''}
              onChange={(event) => setFilter('territory', event.target.value)}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="filter-territory"
            >
              <MenuItem value="">{t('magazines.anyTerritory')}</MenuItem>
              {(facets.data?.territories ?? []).map((territory) => (
                <MenuItem key={territory} value={territory}>
                  {territory}
                </MenuItem>
              ))}
            </TextField>
          )}
          {filtered && (
            <Button onClick={() => update({ month: null, year: null, territory: null }, true)}>
              {t('magazines.clearFilters')}
            </Button>
          )}
        </Stack>
      </Box>

      <Box aria-live="polite">
        {magazines.isPending && <Skeleton variant="rounded" height={240} />}
        {magazines.isError && <Alert severity="error">{t('magazines.loadError')}</Alert>}
        {magazines.data && rows.length === 0 && (
          <Alert severity="info" data-testid="magazines-empty">
            {t('magazines.empty')}
          </Alert>
        )}
        {rows.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('magazines.count', { count: magazines.data?.pages[0]?.count ?? rows.length })}
          </Typography>
        )}
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {rows.map((magazine) => (
          <Box component="li" key={magazine.id}>
            <Card
              variant="outlined"
              sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
              data-testid="magazine-card"
            >
              {magazine.cover_url ? (
                <CardMedia
                  component="img"
                  image={magazine.cover_url}
                  alt={t('magazines.cover', { title: magazine.title })}
                  loading="lazy"
                  sx={{ aspectRatio: '3 / 4', objectFit: 'cover' }}
                />
              ) : (
                <Box sx={{ aspectRatio: '3 / 4', bgcolor: 'action.hover' }} />
              )}
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                  {magazine.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[magazine.publisher, `${monthName(magazine.month)} ${magazine.year}`, magazine.territory]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </CardContent>
              <CardActions>
                {magazine.pdf_url && (
                  <Button
                    size="small"
                    href={magazine.pdf_url}
                    target="_blank"
                    rel="noopener"
                    startIcon={<PictureAsPdf />}
                  >
                    {t('magazines.readPdf', { size: formatBytes(magazine.pdf_size ?? 0, i18n.language) })}
                  </Button>
                )}
                {magazine.link && (
                  <Button
                    size="small"
                    href={magazine.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    startIcon={<OpenInNew />}
                  >
                    {t('magazines.openLink')}
                  </Button>
                )}
              </CardActions>
            </Card>
          </Box>
        ))}
      </Box>
      {magazines.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => magazines.fetchNextPage()} disabled={magazines.isFetchingNextPage}>
            {t('magazines.loadMore')}
          </Button>
        </Box>
      )}
    </Page>
  );
}
