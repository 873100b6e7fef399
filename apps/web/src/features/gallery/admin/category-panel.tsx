import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type GalleryTreeNode, pickLocalized } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { reorderSteps } from '../../../lib/reorder.ts';
import { useSession } from '../../../lib/session.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { galleryAdminApi } from './api.ts';
import {
  type CategoryPlace,
  flattenCategories,
  managesAllGalleries,
  subtreeIds,
  writesCompanyGalleries,
} from './gallery-admin-rules.ts';
import { NameDialog } from './name-dialog.tsx';
import { NamesForm } from './names-form.tsx';

/** A chosen category: rename per language, move, reorder among its siblings, add inside it, delete. */
export function CategoryPanel({
  tree,
  place,
  onSelect,
}: {
  tree: GalleryTreeNode[];
  place: CategoryPlace;
  onSelect: (item: { category?: number; gallery?: number } | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const managesAll = managesAllGalleries(user);
  const queryClient = useQueryClient();
  const { node, siblings, trail } = place;
  const [adding, setAdding] = useState<'category' | 'gallery' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const name = pickLocalized(node.name, i18n.language) || t('galleryAdmin.unnamed');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['gallery-admin-tree'] });

  const action = useBusyAction<'category'>(refresh);
  const busy = action.busy !== null;
  const run = (change: () => Promise<unknown>, success: string) => action.run('category', change, success);

  const move = (step: -1 | 1) =>
    run(async () => {
      for (const change of reorderSteps(siblings, node.id, step))
        await galleryAdminApi.updateCategory(change.id, { position: change.position });
    }, t('galleryAdmin.moved'));

  const excluded = subtreeIds(node);
  const parentChoices = flattenCategories(tree).filter(({ node: candidate }) => !excluded.has(candidate.id));
  const index = siblings.findIndex((sibling) => sibling.id === node.id);

  return (
    <Stack spacing={3} component="section" aria-labelledby="category-heading">
      <Box>
        <Typography variant="body2" color="text.secondary">
          {trail
            .slice(0, -1)
            .map((step) => pickLocalized(step.name, i18n.language))
            .join(' › ') || t('galleryAdmin.topLevel')}
        </Typography>
        <Typography
          id="category-heading"
          variant="h2"
          sx={{ fontSize: '1.4rem' }}
          data-testid="category-heading"
        >
          {t('galleryAdmin.categoryHeading', { name })}
        </Typography>
      </Box>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {managesAll && (
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => setAdding('category')}
            data-testid="add-subcategory"
          >
            {t('galleryAdmin.addSubcategory')}
          </Button>
        )}
        {(managesAll || writesCompanyGalleries(user)) && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setAdding('gallery')}
            data-testid="add-gallery"
          >
            {t('galleryAdmin.addGallery')}
          </Button>
        )}
      </Stack>

      {managesAll && (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <NamesForm
              names={node.name}
              testId="category"
              onSave={async (names) => {
                await galleryAdminApi.updateCategory(node.id, { name: names });
                await refresh();
              }}
            />
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 2 }}>
              {t('galleryAdmin.placeTitle')}
            </Typography>
            <Stack spacing={2}>
              <TextField
                select
                size="small"
                label={t('galleryAdmin.parent')}
                value={place.parent?.id ?? ''}
                disabled={busy}
                onChange={(event) => {
                  const parent = event.target.value === '' ? null : Number(event.target.value);
                  void run(
                    () => galleryAdminApi.updateCategory(node.id, { parent }),
                    t('galleryAdmin.moved'),
                  );
                }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ maxWidth: 420 }}
                data-testid="category-parent"
              >
                <MenuItem value="">{t('galleryAdmin.topLevel')}</MenuItem>
                {parentChoices.map(({ node: candidate, depth }) => (
                  <MenuItem
                    key={candidate.id}
                    value={candidate.id}
                    sx={{ paddingInlineStart: 2 + depth * 2 }}
                  >
                    {pickLocalized(candidate.name, i18n.language) || t('galleryAdmin.unnamed')}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('galleryAdmin.orderPosition', { index: index + 1, total: siblings.length })}
                </Typography>
                <Button
                  startIcon={<ArrowUpward />}
                  disabled={busy || index <= 0}
                  onClick={() => move(-1)}
                  data-testid="category-up"
                >
                  {t('galleryAdmin.moveUp')}
                </Button>
                <Button
                  startIcon={<ArrowDownward />}
                  disabled={busy || index >= siblings.length - 1}
                  onClick={() => move(1)}
                  data-testid="category-down"
                >
                  {t('galleryAdmin.moveDown')}
                </Button>
              </Stack>
            </Stack>
          </Paper>

          <Box>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutline />}
              onClick={() => setDeleting(true)}
              data-testid="delete-category"
            >
              {t('galleryAdmin.deleteCategory')}
            </Button>
          </Box>
        </>
      )}

      <NameDialog
        open={adding !== null}
        title={t(adding === 'gallery' ? 'galleryAdmin.newGalleryIn' : 'galleryAdmin.newSubcategoryIn', {
          name,
        })}
        testId={adding === 'gallery' ? 'new-gallery-name' : 'new-category-name'}
        onClose={() => setAdding(null)}
        onSubmit={async (newName) => {
          if (adding === 'gallery') {
            const created = await galleryAdminApi.createGallery({ name: newName, category: node.id });
            notify.success(t('galleryAdmin.galleryCreated'));
            onSelect({ gallery: created.id, category: undefined });
          } else {
            const created = await galleryAdminApi.createCategory({ name: newName, parent: node.id });
            notify.success(t('galleryAdmin.categoryCreated'));
            onSelect({ category: created.id });
          }
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('galleryAdmin.deleteCategoryTitle', { name })}
        text={t('galleryAdmin.deleteCategoryText')}
        confirmLabel={t('galleryAdmin.delete')}
        cancelLabel={t('galleryAdmin.cancel')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await galleryAdminApi.deleteCategory(node.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('galleryAdmin.categoryDeleted'));
          onSelect(place.parent ? { category: place.parent.id } : null);
          await refresh();
        }}
      />
    </Stack>
  );
}
