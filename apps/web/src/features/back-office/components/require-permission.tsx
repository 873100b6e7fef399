import Alert from '@mui/material/Alert';
import type { Permission, SessionUser } from '@pressroom/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';

export function holdsAny(user: SessionUser | null, permissions: readonly Permission[]): boolean {
  return !!user && permissions.some((permission) => user.permissions.includes(permission));
}

/**
 * A back-office screen for the users holding one of these permissions; the route guard has already asked for
 * a sign-in. Others see why there is nothing here (the server refuses them anyway).
 */
export function RequirePermission({
  anyOf,
  title,
  children,
}: {
  anyOf: readonly Permission[];
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!holdsAny(user, anyOf)) {
    return (
      <Page title={title}>
        <Alert severity="warning" data-testid="not-allowed">
          {t('backOffice.notAllowed')}
        </Alert>
      </Page>
    );
  }
  return <>{children}</>;
}
