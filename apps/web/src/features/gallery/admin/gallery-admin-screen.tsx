import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { type GalleryTreeNode, pickLocalized } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { adminTreeQuery, galleryAdminApi } from './api.ts';
import { CategoryPanel } from './category-panel.tsx';
import { canUseGalleryAdmin, findCategory, findGallery, managesAllGalleries } from './gallery-admin-rules.ts';
import { GalleryPanel } from './gallery-panel.tsx';
import { NameDialog } from './name-dialog.tsx';

const categoryItem = (id: number) => `category-${id}`;
const galleryItem = (id: number) => `gallery-${id}`;

function allCategoryItems(nodes: GalleryTreeNode[]): string[] {
  return nodes.flatMap((node) => [categoryItem(node.id), ...allCategoryItems(node.childs)]);
}

function TreeNodes({
  nodes,
  language,
  siteNames,
}: {
  nodes: GalleryTreeNode[];
  language: string;
  /** With every site's tree shown, the roots name their sites (two sites may both have "Products"). */
  siteNames?: Map<number, string>;
}) {
  const { t } = useTranslation();
  return nodes.map((node) => (
    <TreeItem
      key={node.id}
      itemId={categoryItem(node.id)}
      label={
        <>
          <span>{pickLocalized(node.name, language) || t('galleryAdmin.unnamed')}</span>
          {siteNames && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {node.groups.map((id) => siteNames.get(id) ?? `#${id}`).join(', ')}
            </Typography>
          )}
        </>
      }
      data-testid={`admin-tree-category-${node.id}`}
    >
      <TreeNodes nodes={node.childs} language={language} />
      {node.galleries.map((gallery) => (
        <TreeItem
          key={gallery.id}
          itemId={galleryItem(gallery.id)}
          label={t(gallery.status === 'draft' ? 'galleryAdmin.treeDraft' : 'galleryAdmin.treeGallery', {
            name: pickLocalized(gallery.name, language) || t('galleryAdmin.unnamed'),
            count: gallery.image_count,
          })}
          data-testid={`admin-tree-gallery-${gallery.id}`}
        />
      ))}
    </TreeItem>
  ));
}

/** Back office of the press gallery: the category tree, its galleries, their images. */
export default function GalleryAdminScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const managesAll = managesAllGalleries(user);
  const [search, setSearch] = useSearchParams();
  const tree = useQuery({ ...adminTreeQuery(managesAll), enabled: canUseGalleryAdmin(user) });
  const categoryId = Number(search.get('category')) || null;
  const galleryId = Number(search.get('gallery')) || null;
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [creatingRoot, setCreatingRoot] = useState(false);
  const sites = useQuery(sitesQuery);
  const editor = useRef<HTMLDivElement | null>(null);

  // At first every category is open: the tree is the map of the whole gallery.
  useEffect(() => {
    if (tree.data && expanded === null) setExpanded(allCategoryItems(tree.data));
  }, [tree.data, expanded]);

  const select = (item: { category?: number; gallery?: number } | null) => {
    const next = new URLSearchParams();
    if (item?.category) next.set('category', String(item.category));
    if (item?.gallery) next.set('gallery', String(item.gallery));
    setSearch(next);
    // On a narrow screen the editor sits below the tree: bring it into view (the focus stays in the tree).
    if (window.matchMedia('(max-width: 899.95px)').matches)
      requestAnimationFrame(() => editor.current?.scrollIntoView({ block: 'start' }));
  };

  // The chosen item is shown open in the tree, with the categories above it (also once a new one appears).
  useEffect(() => {
    if (!tree.data) return;
    const trail =
      (galleryId ? findGallery(tree.data, galleryId)?.trail : undefined) ??
      (categoryId ? findCategory(tree.data, categoryId)?.trail.slice(0, -1) : undefined) ??
      [];
    if (trail.length === 0) return;
    setExpanded((current) => [
      ...new Set([...(current ?? []), ...trail.map((node) => categoryItem(node.id))]),
    ]);
  }, [tree.data, galleryId, categoryId]);

  const onSelected = (itemId: string | null) => {
    if (!itemId) return;
    const [kind, id] = itemId.split('-');
    select(kind === 'gallery' ? { gallery: Number(id) } : { category: Number(id) });
  };

  if (!canUseGalleryAdmin(user)) {
    return (
      <Page title={t('galleryAdmin.title')}>
        <Alert severity="warning">{t('galleryAdmin.notAllowed')}</Alert>
      </Page>
    );
  }

  const category = tree.data && categoryId ? findCategory(tree.data, categoryId) : null;
  const galleryPlace = tree.data && galleryId ? findGallery(tree.data, galleryId) : null;
  const selectedItem = galleryId ? galleryItem(galleryId) : categoryId ? categoryItem(categoryId) : null;

  return (
    <Page
      title={t('galleryAdmin.title')}
      actions={
        managesAll && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreatingRoot(true)}
            data-testid="new-root-category"
          >
            {t('galleryAdmin.newRootCategory')}
          </Button>
        )
      }
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <Paper variant="outlined" component="nav" aria-labelledby="admin-tree-title" sx={{ p: 1 }}>
            <Typography id="admin-tree-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, p: 1 }}>
              {t('galleryAdmin.tree')}
            </Typography>
            {tree.isPending && <Skeleton variant="rounded" height={200} />}
            {tree.isError && <Alert severity="error">{t('gallery.loadError')}</Alert>}
            {tree.data?.length === 0 && (
              <Typography sx={{ p: 1 }} color="text.secondary">
                {t('galleryAdmin.emptyTree')}
              </Typography>
            )}
            {tree.data && tree.data.length > 0 && (
              <SimpleTreeView
                aria-labelledby="admin-tree-title"
                // Choosing an item to edit leaves it open or closed: only its arrow folds it.
                expansionTrigger="iconContainer"
                expandedItems={expanded ?? []}
                onExpandedItemsChange={(_, items) => setExpanded(items)}
                selectedItems={selectedItem}
                onSelectedItemsChange={(_, item) => onSelected(item)}
                data-testid="admin-gallery-tree"
              >
                <TreeNodes
                  nodes={tree.data}
                  language={i18n.language}
                  siteNames={
                    managesAll && sites.data && sites.data.length > 1
                      ? new Map(sites.data.map((site) => [site.id, site.name]))
                      : undefined
                  }
                />
              </SimpleTreeView>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 8, lg: 9 }} ref={editor} sx={{ scrollMarginTop: 72 }}>
          {tree.data && category && (
            <CategoryPanel key={category.node.id} tree={tree.data} place={category} onSelect={select} />
          )}
          {tree.data && galleryId && (
            <GalleryPanel
              key={galleryId}
              tree={tree.data}
              galleryId={galleryId}
              trail={galleryPlace?.trail ?? []}
              onSelect={select}
            />
          )}
          {tree.data && !category && !galleryId && (
            <Typography color="text.secondary">
              {t(managesAll ? 'galleryAdmin.chooseItem' : 'galleryAdmin.chooseItemCompany')}
            </Typography>
          )}
        </Grid>
      </Grid>
      <NameDialog
        open={creatingRoot}
        title={t('galleryAdmin.newRootCategory')}
        testId="root-category-name"
        onClose={() => setCreatingRoot(false)}
        onSubmit={async (name) => {
          const created = await galleryAdminApi.createCategory({ name, parent: null });
          select({ category: created.id });
        }}
      />
    </Page>
  );
}
