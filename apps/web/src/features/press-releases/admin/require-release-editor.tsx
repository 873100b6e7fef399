import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { canUseReleasesBackOffice } from '../release-rules.ts';

/**
 * The releases back office is for the users holding a release permission; the route guard has already asked
 * for a sign-in. Others see why there is nothing here (the server refuses them anyway).
 */
export function RequireReleaseEditor({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!canUseReleasesBackOffice(user)) {
    return (
      <Page title={title}>
        <Alert severity="warning" data-testid="not-allowed">
          {t('pressReleases.admin.notAllowed')}
        </Alert>
      </Page>
    );
  }
  return <>{children}</>;
}
