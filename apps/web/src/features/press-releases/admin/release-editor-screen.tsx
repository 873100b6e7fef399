import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { adminReleaseQuery } from '../api/releases-api.ts';
import { BackToList, EditorSkeleton } from './release-editor-layout.tsx';
import { errorMessage } from './release-files.tsx';
import { ReleaseForm } from './release-form.tsx';
import { RequireReleaseEditor } from './require-release-editor.tsx';

/** Back office: a new release (`/admin/press-releases/new`) or an existing one, with its files and status. */
export default function ReleaseEditorScreen() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  return (
    <RequireReleaseEditor title={t('pressReleases.admin.editorTitle')}>
      {id === 'new' ? <NewRelease /> : <ExistingRelease id={id} />}
    </RequireReleaseEditor>
  );
}

function NewRelease() {
  const site = useSiteGroup();
  if (site.isPending) return <EditorSkeleton />;
  return <ReleaseForm release={null} siteId={site.data?.id} />;
}

function ExistingRelease({ id }: { id: string }) {
  const { t } = useTranslation();
  const numeric = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const release = useQuery({ ...adminReleaseQuery(numeric), enabled: numeric > 0 });
  if (numeric === 0 || release.isError) {
    const missing = numeric === 0 || (release.error instanceof ApiError && release.error.status === 404);
    return (
      <Page title={t('pressReleases.admin.editorTitle')}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? t('pressReleases.admin.notFound') : errorMessage(release.error, t('errors.generic'))}
        </Alert>
        <BackToList />
      </Page>
    );
  }
  if (release.isPending) return <EditorSkeleton />;
  // A new key per saved version: the form starts again from what the server answered.
  return <ReleaseForm key={release.data.updated_at} release={release.data} siteId={undefined} />;
}
