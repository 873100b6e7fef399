import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { releasePreviewQuery } from './api/previews-api.ts';
import { ReleaseArticle } from './press-release-screen.tsx';

/**
 * While a preview is shown, the page asks robots not to index or follow it and browsers not to send its address
 * on: the meta tags are added for the screen's life and removed after.
 */
function usePrivatePage() {
  useEffect(() => {
    const added = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name;
      meta.content = content;
      document.head.append(meta);
      return meta;
    });
    return () => {
      for (const meta of added) meta.remove();
    };
  }, []);
}

/** What a personal preview link opens: the embargoed release for its invitee, or why not. */
export default function PreviewScreen() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  usePrivatePage();
  const preview = useQuery(releasePreviewQuery(token, i18n.language));

  if (preview.isPending) {
    return (
      <Box aria-busy="true">
        <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
        <Skeleton variant="text" height={56} width="70%" sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (preview.isError) {
    const error = preview.error instanceof ApiError ? preview.error : null;
    const publicLink = typeof error?.body.release_link === 'string' ? error.body.release_link : null;
    return (
      <Page title={t('pressReleases.previews.pageTitle')}>
        <Alert
          severity={error && error.status < 500 ? 'info' : 'error'}
          data-testid="preview-refused"
          action={
            publicLink ? (
              <Button color="inherit" href={publicLink} data-testid="preview-public-link">
                {t('pressReleases.previews.readPublic')}
              </Button>
            ) : undefined
          }
        >
          {error?.generalMessage ?? t('pressReleases.previews.loadError')}
        </Alert>
      </Page>
    );
  }
  return (
    <ReleaseArticle
      release={preview.data.release}
      preview={{ inviteeName: preview.data.invitee_name, embargoUntil: preview.data.embargo_until }}
    />
  );
}
