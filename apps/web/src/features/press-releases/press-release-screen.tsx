import ArrowBack from '@mui/icons-material/ArrowBack';
import Description from '@mui/icons-material/DescriptionOutlined';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PressRelease } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { BasketToggle } from '../../components/basket-toggle.tsx';
import { Page } from '../../components/page.tsx';
import { VideoList } from '../../components/video/video-player.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { basketQuery, videoInBasket } from '../../lib/basket.ts';
import { useSession } from '../../lib/session.ts';
import { releaseDetailQuery } from './api/releases-api.ts';
import { ImagePreviewDialog, imageLabel } from './components/image-preview-dialog.tsx';
import { PrintStyles } from './components/print-styles.tsx';
import { RelatedReleases } from './components/related-releases.tsx';
import { ReleaseAlertsLink } from './components/release-alerts-link.tsx';
import { ReleaseCompany } from './components/release-company.tsx';
import { ReleaseCoverage } from './components/release-coverage.tsx';
import { ReleaseImageSizes, useImageDetails } from './components/release-image-sizes.tsx';
import { ReleaseMeta, textDirection } from './components/release-meta.tsx';
import { ReleaseVoices } from './components/release-voices.tsx';
import { ReleaseWinners } from './components/release-winners.tsx';
import { ShareButton } from './components/share-button.tsx';
import { fileTypeName, formatFileSize } from './format.ts';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={paths.home}
      startIcon={
        <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
      }
      data-testid="back-to-releases"
    >
      {t('pressReleases.backToList')}
    </Button>
  );
}

/**
 * The address of this release to share: its public page (readable by anyone, with its social card) in the
 * language shown; while under embargo (only press users see it) the app's own link, which works for them.
 */
function shareUrl(release: { id: number; page_path: string | null; embargoed: boolean; language: string }) {
  if (release.page_path && !release.embargoed) {
    return `${window.location.origin}${release.page_path}?lang=${encodeURIComponent(release.language)}`;
  }
  return `${window.location.origin}${window.location.pathname}#${paths.pressRelease(release.id)}`;
}

/** One release, readable and printable: text, images with a preview, attachments to download, share. */
export default function PressReleaseScreen() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const release = useQuery(releaseDetailQuery(id, i18n.language, user !== null));

  if (release.isPending) {
    return (
      <Box aria-busy="true">
        <BackLink />
        <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
        <Skeleton variant="text" height={56} width="70%" sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (release.isError) {
    const missing = release.error instanceof ApiError && release.error.status === 404;
    return (
      <Page title={t('pressReleases.detailTitle')}>
        <Alert
          severity={missing ? 'info' : 'error'}
          sx={{ mb: 2 }}
          action={
            missing ? undefined : (
              <Button color="inherit" onClick={() => release.refetch()}>
                {t('app.retry')}
              </Button>
            )
          }
          data-testid="release-error"
        >
          {missing
            ? user
              ? t('pressReleases.notFound')
              : t('pressReleases.notFoundSignIn')
            : t('pressReleases.loadError')}
        </Alert>
        <BackLink />
      </Page>
    );
  }
  return <ReleaseArticle release={release.data} />;
}

/** What a personal preview link adds to the release (PRODUCT.md section 13): whose preview, until when. */
export interface PreviewMark {
  inviteeName: string;
  /** The embargo's end, written in the reader's own time zone. */
  embargoUntil: string;
}

/**
 * The release's article. As a preview it stands alone: marked with its invitee and the embargo's end, without
 * the list, sharing, the basket or the sections read from other addresses (the preview's link reads only it).
 */
export function ReleaseArticle({ release, preview }: { release: PressRelease; preview?: PreviewMark }) {
  const { t, i18n } = useTranslation();
  const imageDetails = useImageDetails();
  const [shownImage, setShownImage] = useState<number | null>(null);
  // Journalists put a release's pictures in the same basket as the gallery's.
  const { user } = useSession();
  const pressArea = !preview && (user?.permissions.includes('press_area.access') ?? false);
  const basket = useQuery({ ...basketQuery, enabled: pressArea });
  const inBasket = (id: number) =>
    basket.data?.items.some((item) => item.kind === 'release_image' && item.id === id) ?? false;
  return (
    <Box>
      <PrintStyles />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 2, maxWidth: 880 }}
        data-no-print
      >
        {!preview && <BackLink />}
        <Stack direction="row" spacing={1} sx={{ marginInlineStart: 'auto' }}>
          {!preview && <ShareButton title={release.title} url={shareUrl(release)} />}
          <Button onClick={() => window.print()} startIcon={<Print />} data-testid="print-release">
            {t('pressReleases.print')}
          </Button>
        </Stack>
      </Stack>
      <Paper
        component="article"
        variant="outlined"
        lang={release.language}
        dir={textDirection(release.language)}
        data-print-article
        sx={{ p: { xs: 2, sm: 4 }, maxWidth: 880 }}
        data-testid="release-article"
      >
        <ReleaseMeta release={release} />
        <Typography variant="h1" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-testid="release-title">
          {release.title}
        </Typography>
        {release.subtitle && (
          <Typography
            variant="h2"
            component="p"
            color="text.secondary"
            sx={{ mt: 1, fontWeight: 400, fontSize: '1.2rem', lineHeight: 1.5 }}
          >
            {release.subtitle}
          </Typography>
        )}
        {release.company && <ReleaseCompany company={release.company} homePath={paths.home} />}
        {preview ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="preview-mark">
            <Typography sx={{ fontWeight: 600 }} data-testid="preview-embargo-until">
              {t('pressReleases.previews.underEmbargoUntil', {
                time: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'full',
                  timeStyle: 'short',
                }).format(new Date(preview.embargoUntil)),
              })}
            </Typography>
            <Typography data-testid="preview-for">
              {t('pressReleases.previews.previewFor', { name: preview.inviteeName })}
            </Typography>
            <Typography variant="body2">{t('pressReleases.previews.personal')}</Typography>
          </Alert>
        ) : (
          release.embargo_until && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('pressReleases.embargoNotice')}
            </Alert>
          )
        )}
        <Box
          className="release-body"
          sx={{
            mt: 3,
            fontSize: '1.05rem',
            lineHeight: 1.7,
            overflowWrap: 'anywhere',
            '& h2': { fontSize: '1.3rem', mt: 3, mb: 1 },
            '& h3, & h4': { fontSize: '1.1rem', mt: 2.5, mb: 1 },
            '& p': { my: 1.5 },
            '& a': { color: 'primary.main' },
            '& blockquote': {
              borderInlineStart: 4,
              borderColor: 'divider',
              m: 0,
              my: 2,
              paddingInlineStart: 2,
            },
            '& table': { borderCollapse: 'collapse', my: 2, display: 'block', overflowX: 'auto' },
            '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'start' },
          }}
          data-testid="release-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises every body (PRODUCT.md section 6); only its safe markup reaches this point
          dangerouslySetInnerHTML={{ __html: release.body }}
        />
        {release.images.length > 0 && (
          <Box component="section" aria-labelledby="release-images" sx={{ mt: 4 }}>
            <Typography id="release-images" variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
              {t('pressReleases.images', { count: release.images.length })}
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
              }}
            >
              {release.images.map((image, index) => (
                <li key={image.id}>
                  <ButtonBase
                    onClick={() => setShownImage(index)}
                    aria-label={t('pressReleases.openImage', { name: imageLabel(image) })}
                    aria-haspopup="dialog"
                    data-testid="release-image"
                    sx={{
                      display: 'block',
                      width: '100%',
                      borderRadius: 1,
                      overflow: 'hidden',
                      border: 1,
                      borderColor: 'divider',
                      '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
                    }}
                  >
                    <Box
                      component="img"
                      src={image.thumbnail_url ?? image.url}
                      alt=""
                      loading="lazy"
                      sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
                    />
                  </ButtonBase>
                  <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5 }}>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography variant="caption" color="text.secondary" component="p">
                        {imageLabel(image)}
                      </Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="p"
                        data-testid="release-image-details"
                      >
                        {imageDetails(image)}
                      </Typography>
                      <ReleaseImageSizes image={image} compact />
                      {image.credit && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="p"
                          data-testid="release-image-credit"
                        >
                          {t('pressReleases.photoCredit', { credit: image.credit })}
                        </Typography>
                      )}
                    </Box>
                    {pressArea && (
                      <BasketToggle
                        kind="release_image"
                        imageId={image.id}
                        inBasket={inBasket(image.id)}
                        name={imageLabel(image)}
                      />
                    )}
                  </Stack>
                </li>
              ))}
            </Box>
          </Box>
        )}
        {release.videos.length > 0 && (
          <Box sx={{ mt: 4 }}>
            <VideoList
              videos={release.videos}
              headingId="release-videos"
              inBasket={pressArea ? (id) => videoInBasket(basket.data, id) : undefined}
            />
          </Box>
        )}
        {release.attachments.length > 0 && (
          <Box component="section" aria-labelledby="release-attachments" sx={{ mt: 4 }}>
            <Typography id="release-attachments" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
              {t('pressReleases.attachments', { count: release.attachments.length })}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {release.attachments.map((file, index) => (
                <li key={file.id}>
                  {index > 0 && <Divider />}
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1.25 }}>
                    <Description color="action" aria-hidden="true" />
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography sx={{ overflowWrap: 'anywhere' }}>
                        {file.title || file.file_name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {fileTypeName(file.content_type, file.file_name)} ·{' '}
                        {formatFileSize(file.size, i18n.language)}
                      </Typography>
                    </Box>
                    <Button
                      href={file.url}
                      download={file.file_name}
                      startIcon={<Download />}
                      aria-label={t('pressReleases.downloadFile', { name: file.title || file.file_name })}
                      data-no-print
                      data-testid="release-attachment"
                    >
                      {t('pressReleases.download')}
                    </Button>
                  </Stack>
                </li>
              ))}
            </Box>
          </Box>
        )}
        {!preview && <ReleaseVoices releaseId={release.id} />}
      </Paper>
      {!preview && (
        <>
          <ReleaseWinners releaseId={release.id} />
          <ReleaseCoverage releaseId={release.id} />
          <ReleaseAlertsLink company={release.company} subscribePath={paths.alertsSubscribe} />
          <RelatedReleases releaseId={release.id} releasePath={paths.pressRelease} />
        </>
      )}
      <ImagePreviewDialog
        images={release.images}
        index={shownImage}
        onIndexChange={setShownImage}
        onClose={() => setShownImage(null)}
      />
    </Box>
  );
}
