import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Public from '@mui/icons-material/Public';
import PublicOff from '@mui/icons-material/PublicOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type GalleryDetail, type GalleryTreeNode, pickLocalized } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { VideoOffice } from '../../../components/video/video-office.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { adminGalleryQuery, adminImagesQuery, galleryAdminApi } from './api.ts';
import { canEditGallery, canPublishGallery, flattenCategories } from './gallery-admin-rules.ts';
import { ImageList } from './image-list.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { NamesForm } from './names-form.tsx';

/** A chosen gallery: names, category, publication, deletion, and its images. */
export function GalleryPanel({
  tree,
  galleryId,
  trail,
  onSelect,
}: {
  tree: GalleryTreeNode[];
  galleryId: number;
  trail: GalleryTreeNode[];
  onSelect: (item: { category?: number; gallery?: number } | null) => void;
}) {
  const { t } = useTranslation();
  const gallery = useQuery(adminGalleryQuery(galleryId));
  if (gallery.isError)
    return <Alert severity="error">{apiErrorMessage(gallery.error, t('gallery.loadError'))}</Alert>;
  if (!gallery.data) return <Skeleton variant="rounded" height={320} />;
  return <GalleryEditor tree={tree} gallery={gallery.data} trail={trail} onSelect={onSelect} />;
}

function GalleryEditor({
  tree,
  gallery,
  trail,
  onSelect,
}: {
  tree: GalleryTreeNode[];
  gallery: GalleryDetail;
  trail: GalleryTreeNode[];
  onSelect: (item: { category?: number; gallery?: number } | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const editable = canEditGallery(user, gallery);
  const publishes = canPublishGallery(user, gallery);
  const [deleting, setDeleting] = useState(false);
  const name = pickLocalized(gallery.name, i18n.language) || t('galleryAdmin.unnamed');
  const published = gallery.status === 'published';

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['gallery-admin-tree'] }),
      queryClient.invalidateQueries({ queryKey: adminGalleryQuery(gallery.id).queryKey }),
      queryClient.invalidateQueries({ queryKey: adminImagesQuery(gallery.id).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['gallery-images', gallery.id] }),
      // The journalists' screen shows the change at once in this browser too.
      queryClient.invalidateQueries({ queryKey: ['gallery-tree'] }),
    ]);

  const action = useBusyAction<'gallery'>(refresh);
  const busy = action.busy !== null;
  const update = (changes: Parameters<typeof galleryAdminApi.updateGallery>[1], success: string) =>
    action.run('gallery', () => galleryAdminApi.updateGallery(gallery.id, changes), success);

  return (
    <Stack spacing={3} component="section" aria-labelledby="gallery-heading">
      <Box>
        <Typography variant="body2" color="text.secondary">
          {trail.map((step) => pickLocalized(step.name, i18n.language)).join(' › ')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="gallery-heading" variant="h2" sx={{ fontSize: '1.4rem' }}>
            {t('galleryAdmin.galleryHeading', { name })}
          </Typography>
          <Chip
            size="small"
            color={published ? 'success' : 'default'}
            label={t(published ? 'galleryAdmin.statusPublished' : 'galleryAdmin.statusDraft')}
            data-testid={`gallery-status-${gallery.status}`}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('gallery.pictures', { count: gallery.image_count })} ·{' '}
          {formatBytes(gallery.total_size, i18n.language)}
        </Typography>
      </Box>

      {!editable && <Alert severity="info">{t('galleryAdmin.readOnly')}</Alert>}

      {editable && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {publishes && !published && (
            <Button
              variant="contained"
              color="success"
              startIcon={<Public />}
              disabled={busy}
              onClick={() => update({ status: 'published' }, t('galleryAdmin.publishedNotice'))}
              data-testid="publish-gallery"
            >
              {t('galleryAdmin.publish')}
            </Button>
          )}
          {published && (
            <Button
              variant="outlined"
              startIcon={<PublicOff />}
              disabled={busy}
              onClick={() => update({ status: 'draft' }, t('galleryAdmin.unpublishedNotice'))}
              data-testid="unpublish-gallery"
            >
              {t('galleryAdmin.unpublish')}
            </Button>
          )}
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutline />}
            onClick={() => setDeleting(true)}
            data-testid="delete-gallery"
          >
            {t('galleryAdmin.deleteGallery')}
          </Button>
        </Stack>
      )}
      {editable && !publishes && (
        <Typography variant="body2" color="text.secondary">
          {t('galleryAdmin.draftForCompany')}
        </Typography>
      )}

      {editable && <ImageUploader galleryId={gallery.id} onUploaded={refresh} />}

      <ImageList galleryId={gallery.id} editable={editable} onChanged={refresh} />

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="gallery-videos-title">
        <Typography id="gallery-videos-title" variant="h3" sx={{ fontSize: '1.1rem', mb: 2 }}>
          {t('videos.sectionTitle')}
        </Typography>
        <VideoOffice owner={{ gallery: gallery.id }} editable={editable} />
      </Paper>

      {editable && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <NamesForm
            names={gallery.name}
            testId="gallery"
            onSave={async (names) => {
              await galleryAdminApi.updateGallery(gallery.id, { name: names });
              await refresh();
            }}
          />
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mt: 3, mb: 2 }}>
            {t('galleryAdmin.placeTitle')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('galleryAdmin.category')}
            value={gallery.category_id}
            disabled={busy}
            onChange={(event) => update({ category: Number(event.target.value) }, t('galleryAdmin.moved'))}
            sx={{ maxWidth: 420 }}
            fullWidth
            data-testid="gallery-category"
          >
            {flattenCategories(tree).map(({ node, depth }) => (
              <MenuItem key={node.id} value={node.id} sx={{ paddingInlineStart: 2 + depth * 2 }}>
                {pickLocalized(node.name, i18n.language) || t('galleryAdmin.unnamed')}
              </MenuItem>
            ))}
          </TextField>
        </Paper>
      )}

      <ConfirmDialog
        open={deleting}
        title={t('galleryAdmin.deleteGalleryTitle', { name })}
        text={t('galleryAdmin.deleteGalleryText', { count: gallery.image_count })}
        confirmLabel={t('galleryAdmin.delete')}
        cancelLabel={t('galleryAdmin.cancel')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await galleryAdminApi.deleteGallery(gallery.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('galleryAdmin.galleryDeleted'));
          onSelect({ category: gallery.category_id });
          await queryClient.invalidateQueries({ queryKey: ['gallery-admin-tree'] });
        }}
      />
    </Stack>
  );
}
