import { zodResolver } from '@hookform/resolvers/zod';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type GalleryImage,
  galleryImageUpdateSchema,
  localizedTextSchema,
  pickLocalized,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { filledLocalized, localizedValues } from '../../../components/localized-fields.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { type Language, languageNames, languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { reorderSteps } from '../../../lib/reorder.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { adminImagesQuery, galleryAdminApi } from './api.ts';
import { KeywordPicker } from './keyword-picker.tsx';
import { TagPicker } from './tag-picker.tsx';

/** The gallery's images in order (journalists see them so), each to move, edit or delete. */
export function ImageList({
  galleryId,
  editable,
  onChanged,
}: {
  galleryId: number;
  editable: boolean;
  onChanged: () => unknown;
}) {
  const { t, i18n } = useTranslation();
  const images = useQuery(adminImagesQuery(galleryId));
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  // The panel's refresh reloads this list too, with the gallery's totals and the tree's counts.
  const refresh = async () => onChanged();
  const moving = useBusyAction<number>(refresh);

  const move = (image: GalleryImage, step: -1 | 1) =>
    moving.run(
      image.id,
      async () => {
        for (const change of reorderSteps(images.data ?? [], image.id, step))
          await galleryAdminApi.updateImage(change.id, { position: change.position });
      },
      t('galleryAdmin.moved'),
    );

  return (
    <Box component="section" aria-labelledby="images-title">
      <Typography id="images-title" variant="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {t('galleryAdmin.imagesTitle', { count: images.data?.length ?? 0 })}
      </Typography>
      {images.isPending && <Skeleton variant="rounded" height={160} />}
      {images.isError && <Alert severity="error">{apiErrorMessage(images.error)}</Alert>}
      {images.data?.length === 0 && (
        <Typography color="text.secondary">{t('gallery.emptyGallery')}</Typography>
      )}
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        data-testid="admin-image-list"
      >
        {images.data?.map((image, index, all) => {
          const caption = pickLocalized(image.caption, i18n.language);
          const name = caption || image.original_name;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={image.id}
              data-testid="admin-image"
              sx={{
                display: 'flex',
                gap: 2,
                p: 1.5,
                alignItems: 'center',
                flexWrap: { xs: 'wrap', sm: 'nowrap' },
              }}
            >
              <Box
                component="img"
                src={image.urls.thumbnail}
                alt={pickLocalized(image.alt_text, i18n.language) || caption || image.original_name}
                loading="lazy"
                sx={{
                  width: 120,
                  height: 90,
                  objectFit: 'cover',
                  borderRadius: 1,
                  flexShrink: 0,
                  bgcolor: 'action.hover',
                }}
              />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                  {caption || t('galleryAdmin.noCaption')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {image.original_name} ·{' '}
                  {t('gallery.dimensions', {
                    width: image.width,
                    height: image.height,
                    size: formatBytes(image.size, i18n.language),
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {image.credit ? t('gallery.credit', { credit: image.credit }) : t('gallery.noCredit')}
                </Typography>
              </Box>
              {editable && (
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
                  <IconButton
                    size="small"
                    disabled={moving.busy !== null || index === 0}
                    onClick={() => move(image, -1)}
                    aria-label={t('galleryAdmin.moveImageUp', { name })}
                    data-testid="image-up"
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={moving.busy !== null || index === all.length - 1}
                    onClick={() => move(image, 1)}
                    aria-label={t('galleryAdmin.moveImageDown', { name })}
                    data-testid="image-down"
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <Button
                    size="small"
                    startIcon={<EditOutlined />}
                    onClick={() => setEditing(image)}
                    aria-label={t('galleryAdmin.editImage', { name: caption || image.original_name })}
                    data-testid="edit-image"
                  >
                    {t('galleryAdmin.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutline />}
                    onClick={() => setDeleting(image)}
                    aria-label={t('galleryAdmin.deleteImage', { name: caption || image.original_name })}
                    data-testid="delete-image"
                  >
                    {t('galleryAdmin.delete')}
                  </Button>
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
      {editing && (
        <ImageEditDialog
          image={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            notify.success(t('galleryAdmin.saved'));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('galleryAdmin.deleteImageTitle')}
        text={t('galleryAdmin.deleteImageText', { name: deleting?.original_name ?? '' })}
        confirmLabel={t('galleryAdmin.delete')}
        cancelLabel={t('galleryAdmin.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await galleryAdminApi.deleteImage(deleting.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('galleryAdmin.imageDeleted'));
          await refresh();
        }}
      />
    </Box>
  );
}

const imageFormSchema = z.object({
  caption: localizedTextSchema(1000),
  alt_text: localizedTextSchema(300),
  credit: galleryImageUpdateSchema.shape.credit.unwrap(),
  usage_terms: galleryImageUpdateSchema.shape.usage_terms.unwrap(),
});
type ImageForm = z.infer<typeof imageFormSchema>;

/** Caption and alt text per language (a tab each), credit, usage terms, keywords and tags of one image. */
function ImageEditDialog({
  image,
  onClose,
  onSaved,
}: {
  image: GalleryImage;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const first = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const [language, setLanguage] = useState<Language>(first);
  const [error, setError] = useState<string | null>(null);
  const [companies, setCompanies] = useState(image.companies);
  const [brands, setBrands] = useState(image.brands);
  const [keywords, setKeywords] = useState(image.keywords);
  const form = useForm<ImageForm>({
    resolver: zodResolver(imageFormSchema),
    defaultValues: {
      caption: localizedValues(image.caption),
      alt_text: localizedValues(image.alt_text),
      credit: image.credit,
      usage_terms: image.usage_terms,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await galleryAdminApi.updateImage(image.id, {
        caption: filledLocalized(values.caption as Record<string, string>),
        alt_text: filledLocalized(values.alt_text as Record<string, string>),
        credit: values.credit,
        usage_terms: values.usage_terms,
        keywords,
        companies: companies.map((company) => company.id),
        brands: brands.map((brand) => brand.id),
      });
      await onSaved();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  });
  const ordered = [first, ...languages.filter((candidate) => candidate !== first)];
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t('galleryAdmin.editImageTitle', { name: image.original_name })}
        </DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box
            sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}
          >
            <Box
              component="img"
              src={image.urls.thumbnail}
              alt=""
              sx={{ width: 160, maxWidth: '100%', borderRadius: 1, flexShrink: 0 }}
            />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Tabs
                value={language}
                onChange={(_, value: Language) => setLanguage(value)}
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label={t('galleryAdmin.textLanguage')}
              >
                {ordered.map((code) => (
                  <Tab
                    key={code}
                    value={code}
                    label={languageNames[code]}
                    lang={code}
                    id={`${id}-tab-${code}`}
                    aria-controls={`${id}-panel`}
                  />
                ))}
              </Tabs>
              <Stack
                spacing={2}
                sx={{ pt: 2 }}
                role="tabpanel"
                id={`${id}-panel`}
                aria-labelledby={`${id}-tab-${language}`}
              >
                <FormTextField
                  key={`caption-${language}`}
                  control={form.control}
                  name={`caption.${language}`}
                  label={t('galleryAdmin.captionIn', { language: languageNames[language] })}
                  multiline
                  minRows={2}
                  slotProps={{
                    htmlInput: { lang: language, dir: 'auto', 'data-testid': `caption-${language}` },
                  }}
                />
                <FormTextField
                  key={`alt-${language}`}
                  control={form.control}
                  name={`alt_text.${language}`}
                  label={t('galleryAdmin.altTextIn', { language: languageNames[language] })}
                  helperText={t('galleryAdmin.altTextHint')}
                  slotProps={{
                    htmlInput: { lang: language, dir: 'auto', 'data-testid': `alt-text-${language}` },
                  }}
                />
              </Stack>
            </Box>
          </Box>
          <Stack spacing={2} sx={{ mt: 3 }}>
            <FormTextField
              control={form.control}
              name="credit"
              label={t('galleryAdmin.credit')}
              optional
              slotProps={{ htmlInput: { 'data-testid': 'image-credit' } }}
            />
            <FormTextField
              control={form.control}
              name="usage_terms"
              label={t('galleryAdmin.usageTerms')}
              optional
              multiline
              minRows={2}
              slotProps={{ htmlInput: { 'data-testid': 'image-usage-terms' } }}
            />
            <KeywordPicker value={keywords} onChange={setKeywords} testId="image-keywords" />
            <TagPicker
              kind="companies"
              label={t('galleryAdmin.tagCompanies')}
              value={companies}
              onChange={setCompanies}
              testId="image-companies"
            />
            <TagPicker
              kind="brands"
              label={t('galleryAdmin.tagBrands')}
              value={brands}
              onChange={setBrands}
              testId="image-brands"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('galleryAdmin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-image"
          >
            {t('galleryAdmin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
