import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Picture,
  type PictureResult,
  pickLocalized,
  pictureKinds,
  pictureOrientations,
  pictureSearchLimits,
} from '@pressroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BasketToggle } from '../../components/basket-toggle.tsx';
import { FoldingFilters } from '../../components/folding-filters.tsx';
import { Page } from '../../components/page.tsx';
import { PictureTile, VideoTile } from '../../components/picture-tile.tsx';
import { formatBytes } from '../../lib/format-bytes.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { useSession } from '../../lib/session.ts';
import { sitesQuery } from '../../lib/sites-query.ts';
import { useSearchText, useUrlState } from '../../lib/url-state.ts';
import { pictureFiltersQuery, pictureSearchQueryOptions } from './api.ts';
import { ImageViewer } from './image-viewer.tsx';
import {
  activePictureFilters,
  pictureSearchFromParams,
  pictureSearchPageCount,
} from './picture-search-params.ts';

/** A labelled native select (the platform's own list: keyboard, screen readers and phones know it). */
function Filter({
  label,
  value,
  onChange,
  children,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth data-testid={testId}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id }}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}

/**
 * Pictures: one search for every picture the journalist may see, in the site's galleries and releases, by
 * words of captions, keywords, credit, companies and brands, with filters; a grid of thumbnails with their
 * sizes, the picture viewer and the basket toggle. The search and filters live in the address.
 */
export default function PicturesScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { params, update } = useUrlState();
  const query = pictureSearchFromParams(params);
  const results = useQuery({ ...pictureSearchQueryOptions(query), placeholderData: keepPreviousData });
  const tags = useQuery(pictureFiltersQuery);
  // Other sites' pictures show only to the press office, which sees every site's galleries.
  const everySite = user?.permissions.includes('gallery.manage_all') ?? false;
  const sites = useQuery({ ...sitesQuery, enabled: everySite });
  const searchBox = useSearchText(query.search ?? '', (text) => update({ search: text, page: null }, true));
  const [viewing, setViewing] = useState<number | null>(null);
  const thumbnails = useRef(new Map<string, HTMLButtonElement>());
  const found = results.data?.results ?? [];
  // The viewer shows the pictures; a video opens its own page.
  const pictures = found.filter((result): result is Picture => result.kind !== 'video');
  const count = results.data?.count ?? 0;
  const pageCount = pictureSearchPageCount(count, pictureSearchLimits.defaultPageSize);
  const keyOf = (result: PictureResult) => `${result.kind}-${result.id}`;
  const counts = results.data?.counts;

  const setFilter = (key: string) => (value: string) => update({ [key]: value, page: null });
  const closeViewer = () => {
    const current = viewing === null ? undefined : pictures[viewing];
    setViewing(null);
    // Focus goes back to the thumbnail of the picture last shown.
    if (current) requestAnimationFrame(() => thumbnails.current.get(keyOf(current))?.focus());
  };

  return (
    <Page title={t('menu.pictures')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('pictures.intro')}
      </Typography>
      <Paper
        variant="outlined"
        component="form"
        role="search"
        aria-label={t('pictures.searchLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.submit();
        }}
        sx={{ p: 2, mb: 3 }}
      >
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              type="search"
              fullWidth
              size="small"
              label={t('pictures.searchLabel')}
              placeholder={t('pictures.searchPlaceholder')}
              value={searchBox.text}
              onChange={(event) => searchBox.setText(event.target.value)}
              slotProps={{
                htmlInput: { maxLength: pictureSearchLimits.termLength, 'data-testid': 'picture-search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Grid>
          <Grid size={12}>
            <FoldingFilters active={activePictureFilters(query)} testId="picture-filters-toggle">
              <Grid container spacing={2}>
                {everySite && (
                  <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
                    <Filter
                      label={t('pictures.site')}
                      value={String(query.site ?? '')}
                      onChange={setFilter('site')}
                      testId="picture-filter-site"
                    >
                      <option value="">{t('pictures.anySite')}</option>
                      {sites.data?.map((site) => (
                        <option key={site.id} value={site.id}>
                          {site.name}
                        </option>
                      ))}
                    </Filter>
                  </Grid>
                )}
                <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
                  <Filter
                    label={t('pictures.company')}
                    value={String(query.company ?? '')}
                    onChange={setFilter('company')}
                    testId="picture-filter-company"
                  >
                    <option value="">{t('pictures.anyCompany')}</option>
                    {tags.data?.companies.map((company) => (
                      <option key={company.id} value={company.id}>
                        {company.name}
                      </option>
                    ))}
                  </Filter>
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
                  <Filter
                    label={t('pictures.brand')}
                    value={String(query.brand ?? '')}
                    onChange={setFilter('brand')}
                    testId="picture-filter-brand"
                  >
                    <option value="">{t('pictures.anyBrand')}</option>
                    {tags.data?.brands.map((brand) => (
                      <option key={brand.id} value={brand.id}>
                        {brand.name}
                      </option>
                    ))}
                  </Filter>
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
                  <Filter
                    label={t('pictures.orientation')}
                    value={query.orientation ?? ''}
                    onChange={setFilter('orientation')}
                    testId="picture-filter-orientation"
                  >
                    <option value="">{t('pictures.anyOrientation')}</option>
                    {pictureOrientations.map((orientation) => (
                      <option key={orientation} value={orientation}>
                        {t(`pictures.orientation_${orientation}`)}
                      </option>
                    ))}
                  </Filter>
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
                  <Filter
                    label={t('pictures.kind')}
                    value={query.kind ?? ''}
                    onChange={setFilter('kind')}
                    testId="picture-filter-kind"
                  >
                    <option value="">{t('pictures.anyKind')}</option>
                    {pictureKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {counts
                          ? t('pictures.kindCount', { kind: t(`pictures.kind_${kind}`), count: counts[kind] })
                          : t(`pictures.kind_${kind}`)}
                      </option>
                    ))}
                  </Filter>
                </Grid>
              </Grid>
            </FoldingFilters>
          </Grid>
        </Grid>
      </Paper>

      <Box component="section" aria-labelledby="pictures-found">
        <Typography id="pictures-found" variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }} aria-live="polite">
          {results.data ? t('pictures.found', { count }) : <Skeleton width={160} />}
        </Typography>
        {results.isError && <Alert severity="error">{t('pictures.loadError')}</Alert>}
        {results.isPending && <Skeleton variant="rounded" height={240} />}
        {results.data && count === 0 && <Typography>{t('pictures.none')}</Typography>}
        <Box
          component="ul"
          aria-labelledby="pictures-found"
          data-testid="picture-results"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))',
            opacity: results.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {found.map((result) => {
            const folder = pickLocalized(result.folder.name, i18n.language);
            if (result.kind === 'video') {
              const title = pickLocalized(result.title, i18n.language) || t('videos.untitled');
              const duration = formatDuration(result.duration_ms, i18n.language);
              return (
                <Box component="li" key={keyOf(result)} data-testid="picture-result">
                  <VideoTile
                    poster={result.poster}
                    title={title}
                    duration={duration}
                    openLabel={t('pictures.watchVideo', { name: title, duration })}
                    page={result.page}
                  >
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="p"
                      dir="auto"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {folder}
                    </Typography>
                    <Chip size="small" variant="outlined" label={t('pictures.kind_video')} sx={{ mt: 0.5 }} />
                  </VideoTile>
                </Box>
              );
            }
            const picture = result;
            const index = pictures.indexOf(picture);
            const caption = pickLocalized(picture.caption, i18n.language) || picture.original_name;
            return (
              <Box component="li" key={keyOf(picture)} data-testid="picture-result">
                <PictureTile
                  thumbnail={picture.urls.thumbnail}
                  title={caption}
                  openLabel={t('gallery.open', { index: index + 1, name: caption })}
                  onOpen={() => setViewing(index)}
                  buttonRef={(element: HTMLButtonElement | null) => {
                    if (element) thumbnails.current.set(keyOf(picture), element);
                    else thumbnails.current.delete(keyOf(picture));
                  }}
                  testId="picture-thumbnail"
                  end={
                    <BasketToggle
                      kind={picture.kind}
                      imageId={picture.id}
                      inBasket={picture.in_basket}
                      name={caption}
                    />
                  }
                >
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    dir="auto"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {folder}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('basket.dimensions', {
                      width: new Intl.NumberFormat(i18n.language).format(picture.width),
                      height: new Intl.NumberFormat(i18n.language).format(picture.height),
                      size: formatBytes(picture.size, i18n.language),
                    })}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t(`pictures.kind_${picture.kind}`)}
                    sx={{ mt: 0.5 }}
                  />
                </PictureTile>
              </Box>
            );
          })}
        </Box>
        {pageCount > 1 && (
          <Box
            component="nav"
            aria-label={t('pictures.pages')}
            sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
          >
            <Pagination
              count={pageCount}
              page={Math.min(query.page, pageCount)}
              onChange={(_event, value) => update({ page: value === 1 ? null : value })}
            />
          </Box>
        )}
      </Box>
      <ImageViewer
        items={pictures}
        index={viewing}
        total={pictures.length}
        onMove={setViewing}
        onClose={closeViewer}
      />
    </Page>
  );
}
