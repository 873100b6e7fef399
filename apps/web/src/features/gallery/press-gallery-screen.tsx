import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { type GalleryDownload, type GalleryTreeNode, pickLocalized } from '@pressroom/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BasketToggle } from '../../components/basket-toggle.tsx';
import { Page } from '../../components/page.tsx';
import { PictureTile } from '../../components/picture-tile.tsx';
import { VideoList } from '../../components/video/video-player.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { basketQuery, videoInBasket } from '../../lib/basket.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import {
  galleryImagesQuery,
  galleryQuery,
  galleryTagsQuery,
  galleryTreeQuery,
  prepareDownload,
  taggedImagesQuery,
} from './api.ts';
import { BasketAll } from './basket/basket-all.tsx';
import { DownloadDialog } from './download-dialog.tsx';
import { ImageViewer, type ViewerItem } from './image-viewer.tsx';

const galleryItemId = (id: number) => `gallery-${id}`;
const categoryItemId = (id: number) => `category-${id}`;

/** The categories leading to a gallery, to open the tree down to it. */
function ancestorsOf(nodes: GalleryTreeNode[], galleryId: number, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    const here = [...trail, categoryItemId(node.id)];
    if (node.galleries.some((gallery) => gallery.id === galleryId)) return here;
    const below = ancestorsOf(node.childs, galleryId, here);
    if (below) return below;
  }
  return null;
}

function TreeNodes({ nodes, language }: { nodes: GalleryTreeNode[]; language: string }) {
  return nodes.map((node) => (
    <TreeItem key={node.id} itemId={categoryItemId(node.id)} label={pickLocalized(node.name, language)}>
      <TreeNodes nodes={node.childs} language={language} />
      {node.galleries.map((gallery) => (
        <TreeItem
          key={gallery.id}
          itemId={galleryItemId(gallery.id)}
          label={`${pickLocalized(gallery.name, language)} (${gallery.image_count})`}
          data-testid={`tree-gallery-${gallery.id}`}
        />
      ))}
    </TreeItem>
  ));
}

/** Where the pictures on the right come from: one gallery, or every gallery's pictures of a company or brand. */
type PictureSource =
  | { kind: 'gallery'; galleryId: number }
  | { kind: 'tag'; filter: { company?: number; brand?: number }; name: string };

/** The gallery's filter: a member company or a brand, across all galleries of the site. */
function TagFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const tags = useQuery(galleryTagsQuery);
  if (!tags.data || tags.data.companies.length + tags.data.brands.length === 0) return null;
  return (
    <FormControl size="small" fullWidth sx={{ mb: 1.5 }}>
      <InputLabel htmlFor={id} shrink>
        {t('gallery.tagFilter')}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={t('gallery.tagFilter')} notched />}
        inputProps={{ id }}
      >
        <option value="">{t('gallery.allPictures')}</option>
        {tags.data.companies.length > 0 && (
          <optgroup label={t('gallery.companies')}>
            {tags.data.companies.map((company) => (
              <option key={company.id} value={`company:${company.id}`}>
                {company.name}
              </option>
            ))}
          </optgroup>
        )}
        {tags.data.brands.length > 0 && (
          <optgroup label={t('gallery.brands')}>
            {tags.data.brands.map((brand) => (
              <option key={brand.id} value={`brand:${brand.id}`}>
                {brand.name}
              </option>
            ))}
          </optgroup>
        )}
      </NativeSelect>
    </FormControl>
  );
}

/** Press gallery: the tree of categories and galleries, the chosen gallery's pictures, viewer and downloads. */
export default function PressGalleryScreen() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const galleryId = Number(search.get('gallery')) || null;
  const company = Number(search.get('company')) || null;
  const brand = Number(search.get('brand')) || null;
  const tree = useQuery(galleryTreeQuery);
  const tags = useQuery(galleryTagsQuery);
  const tagValue = company ? `company:${company}` : brand ? `brand:${brand}` : '';
  const tagName =
    (company
      ? tags.data?.companies.find((candidate) => candidate.id === company)?.name
      : tags.data?.brands.find((candidate) => candidate.id === brand)?.name) ?? '';
  const chooseTag = (value: string) => {
    const [kind, id] = value.split(':');
    const next = new URLSearchParams(search);
    for (const key of ['gallery', 'company', 'brand']) next.delete(key);
    if (kind === 'company' || kind === 'brand') next.set(kind, id);
    setSearch(next);
  };
  const [expanded, setExpanded] = useState<string[]>([]);

  // Open the tree down to the gallery in the address (a shared link, or back navigation).
  useEffect(() => {
    if (!tree.data || galleryId === null) return;
    const ancestors = ancestorsOf(tree.data, galleryId) ?? [];
    setExpanded((current) => [...new Set([...current, ...ancestors])]);
  }, [tree.data, galleryId]);

  const choose = (itemId: string | null) => {
    if (!itemId?.startsWith('gallery-')) return;
    const next = new URLSearchParams(search);
    next.delete('company');
    next.delete('brand');
    next.set('gallery', itemId.slice('gallery-'.length));
    setSearch(next);
  };

  return (
    <Page title={t('menu.pressGallery')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <Paper variant="outlined" component="nav" aria-labelledby="gallery-tree-title" sx={{ p: 1 }}>
            <Typography id="gallery-tree-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, p: 1 }}>
              {t('gallery.tree')}
            </Typography>
            <TagFilter value={tagValue} onChange={chooseTag} />
            {tree.isPending && <Skeleton variant="rounded" height={160} />}
            {tree.isError && <Alert severity="error">{t('gallery.loadError')}</Alert>}
            {tree.data && tree.data.length === 0 && (
              <Typography sx={{ p: 1 }}>{t('gallery.emptyTree')}</Typography>
            )}
            {tree.data && tree.data.length > 0 && (
              <SimpleTreeView
                aria-labelledby="gallery-tree-title"
                expandedItems={expanded}
                onExpandedItemsChange={(_, items) => setExpanded(items)}
                selectedItems={galleryId === null ? null : galleryItemId(galleryId)}
                onSelectedItemsChange={(_, item) => choose(item)}
                data-testid="gallery-tree"
              >
                <TreeNodes nodes={tree.data} language={i18n.language} />
              </SimpleTreeView>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          {company || brand ? (
            <GalleryPictures
              key={tagValue}
              source={{
                kind: 'tag',
                filter: company ? { company } : { brand: brand ?? undefined },
                name: tagName,
              }}
            />
          ) : galleryId === null ? (
            <Typography color="text.secondary">{t('gallery.chooseGallery')}</Typography>
          ) : (
            <GalleryPictures key={galleryId} source={{ kind: 'gallery', galleryId }} />
          )}
        </Grid>
      </Grid>
    </Page>
  );
}

function GalleryPictures({ source }: { source: PictureSource }) {
  const { t, i18n } = useTranslation();
  const galleryId = source.kind === 'gallery' ? source.galleryId : null;
  const gallery = useQuery({ ...galleryQuery(galleryId ?? 0), enabled: galleryId !== null });
  // The gallery is the press area's: its videos go in the same basket as its pictures.
  const basket = useQuery({ ...basketQuery, enabled: Boolean(gallery.data?.videos.length) });
  const images = useInfiniteQuery(
    // One query shape for both sources: the grid, viewer and downloads do not care where pictures come from.
    (source.kind === 'gallery'
      ? galleryImagesQuery(source.galleryId)
      : taggedImagesQuery(source.filter)) as ReturnType<typeof galleryImagesQuery>,
  );
  const all = useMemo(() => images.data?.pages.flatMap((page) => page.results) ?? [], [images.data]);
  const total = images.data?.pages[0]?.count ?? 0;
  const videos = source.kind === 'gallery' ? (gallery.data?.videos ?? []) : [];
  // The viewer pages through the pictures, then the gallery's videos in their order (they come after every
  // picture, so only once the last page of pictures is loaded).
  const viewerItems = useMemo<ViewerItem[]>(
    () => [
      ...all,
      ...(images.hasNextPage || !images.data
        ? []
        : videos.map((video) => ({
            kind: 'video' as const,
            video,
            in_basket: videoInBasket(basket.data, video.id),
          }))),
    ],
    [all, videos, images.hasNextPage, images.data, basket.data],
  );
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [download, setDownload] = useState<GalleryDownload | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const thumbnails = useRef(new Map<number, HTMLButtonElement>());
  // The download button that opened the dialog: it is disabled while the download is prepared, so the
  // dialog cannot remember it as the place to give focus back to.
  const downloadOpener = useRef<HTMLButtonElement | null>(null);
  const sentinel = useRef<HTMLDivElement | null>(null);

  // Load the next page when the end of the grid scrolls into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !images.hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !images.isFetchingNextPage)
        void images.fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [images.hasNextPage, images.isFetchingNextPage, images.fetchNextPage]);

  const name =
    source.kind === 'tag'
      ? t('gallery.picturesOf', { name: source.name })
      : gallery.data
        ? pickLocalized(gallery.data.name, i18n.language)
        : '';

  const startDownload = async (
    selection: { gallery: number } | { images: number[] },
    opener: HTMLButtonElement,
  ) => {
    downloadOpener.current = opener;
    setPreparing(true);
    setDownloadError(null);
    try {
      setDownload(await prepareDownload(selection));
    } catch (error) {
      setDownloadError(
        error instanceof ApiError ? (error.generalMessage ?? error.message) : t('errors.generic'),
      );
    } finally {
      setPreparing(false);
    }
  };

  const closeViewer = () => {
    const current = viewing === null ? undefined : viewerItems[viewing];
    setViewing(null);
    // Focus goes back to the thumbnail of the picture last shown (after a video: the one that opened the viewer).
    if (current && current.kind !== 'video') {
      requestAnimationFrame(() => thumbnails.current.get(current.id)?.focus());
    }
  };

  const moveViewer = (next: number) => {
    setViewing(next);
    // Near the last loaded picture, the next page is fetched so that paging goes on to the rest and the videos.
    if (next >= all.length - 2 && images.hasNextPage && !images.isFetchingNextPage)
      void images.fetchNextPage();
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (gallery.isError || images.isError) return <Alert severity="error">{t('gallery.loadError')}</Alert>;
  return (
    <Box component="section" aria-labelledby="gallery-name">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="gallery-name" variant="h2" sx={{ fontSize: '1.4rem' }}>
            {name || <Skeleton width={200} />}
          </Typography>
          {source.kind === 'tag' && images.data && (
            <Typography variant="body2" color="text.secondary">
              {t('gallery.pictures', { count: total })}
            </Typography>
          )}
          {gallery.data && (
            <Typography variant="body2" color="text.secondary">
              {gallery.data.path.map((step) => pickLocalized(step.name, i18n.language)).join(' › ')} ·{' '}
              {t('gallery.pictures', { count: gallery.data.image_count })} ·{' '}
              {formatBytes(gallery.data.total_size, i18n.language)}
              {gallery.data.videos.length > 0 &&
                ` · ${t('videos.heading', { count: gallery.data.videos.length })}`}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {selected.size > 0 && (
            <>
              <Button
                variant="outlined"
                disabled={preparing}
                onClick={(event) => startDownload({ images: [...selected] }, event.currentTarget)}
                startIcon={<Download />}
              >
                {t('gallery.downloadSelection')} · {t('gallery.selected', { count: selected.size })}
              </Button>
              <Button onClick={() => setSelected(new Set())}>{t('gallery.clearSelection')}</Button>
            </>
          )}
          {gallery.data && gallery.data.image_count + gallery.data.videos.length > 0 && (
            <BasketAll
              galleryId={gallery.data.id}
              imageCount={gallery.data.image_count}
              videoCount={gallery.data.videos.length}
            />
          )}
          {galleryId !== null && (
            <Button
              variant="contained"
              disabled={preparing || (total === 0 && !gallery.data?.videos.length)}
              onClick={(event) => startDownload({ gallery: galleryId }, event.currentTarget)}
              startIcon={<Download />}
            >
              {t('gallery.downloadGallery')}
            </Button>
          )}
        </Stack>
      </Stack>

      {source.kind === 'gallery' && gallery.data && gallery.data.videos.length > 0 && (
        <Box sx={{ mb: 3 }}>
          <VideoList
            videos={gallery.data.videos}
            headingId="gallery-videos"
            inBasket={(id) => videoInBasket(basket.data, id)}
          />
        </Box>
      )}
      {images.isPending && <Skeleton variant="rounded" height={240} />}
      {images.data && total === 0 && !gallery.data?.videos.length && (
        <Typography>{t('gallery.emptyGallery')}</Typography>
      )}
      <Box
        component="ul"
        aria-label={t('gallery.pictureGrid', { name })}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        }}
      >
        {all.map((image, index) => {
          const caption = pickLocalized(image.caption, i18n.language) || image.original_name;
          return (
            <Box component="li" key={image.id}>
              <PictureTile
                thumbnail={image.urls.thumbnail}
                title={caption}
                openLabel={t('gallery.open', { index: index + 1, name: caption })}
                onOpen={() => setViewing(index)}
                buttonRef={(element: HTMLButtonElement | null) => {
                  if (element) thumbnails.current.set(image.id, element);
                  else thumbnails.current.delete(image.id);
                }}
                testId="gallery-thumbnail"
                start={
                  <Checkbox
                    checked={selected.has(image.id)}
                    onChange={() => toggle(image.id)}
                    slotProps={{ input: { 'aria-label': t('gallery.select', { name: caption }) } }}
                    size="small"
                  />
                }
                end={<BasketToggle imageId={image.id} inBasket={image.in_basket} name={caption} />}
              >
                <Typography variant="caption" color="text.secondary" component="p">
                  {t('basket.dimensions', {
                    width: image.width,
                    height: image.height,
                    size: formatBytes(image.size, i18n.language),
                  })}
                </Typography>
              </PictureTile>
            </Box>
          );
        })}
      </Box>
      <div ref={sentinel} />
      {images.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => images.fetchNextPage()} disabled={images.isFetchingNextPage}>
            {t('gallery.loadMore')}
          </Button>
        </Box>
      )}

      <ImageViewer
        items={viewerItems}
        index={viewing}
        total={total + videos.length}
        onMove={moveViewer}
        onClose={closeViewer}
      />
      <DownloadDialog
        download={download}
        error={downloadError}
        onClose={() => {
          setDownload(null);
          setDownloadError(null);
          // Focus goes back to the button that opened the dialog.
          requestAnimationFrame(() => downloadOpener.current?.focus());
        }}
      />
    </Box>
  );
}
