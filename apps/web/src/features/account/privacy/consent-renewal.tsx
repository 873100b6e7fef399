import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';

// Loaded only for the few users who must answer, so every other page stays as light as before.
const ConsentRenewalDialog = lazy(() => import('./consent-renewal-dialog.tsx'));

/**
 * Mounted once in the main layout: after sign-in (and on every token refresh) the server says whether the
 * user's latest consent is for an older privacy notice; if so the dialog asks again, except on the notice
 * itself, which the user must be able to read first.
 */
export function ConsentRenewal() {
  const { user } = useSession();
  const location = useLocation();
  if (!user?.consent_required || location.pathname === paths.userPrivacy) return null;
  return (
    <Suspense fallback={null}>
      <ConsentRenewalDialog />
    </Suspense>
  );
}
