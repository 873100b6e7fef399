import { lazy, Suspense } from 'react';
import { useHeldError } from '../../../lib/held-error.ts';

// The button and its dialog are downloaded only when an error message is held.
const ErrorReportButton = lazy(() => import('./error-report-button.tsx'));

/** The floating error button of the specification (section 2), on every layout while an error is held. */
export function HeldErrorButton() {
  const held = useHeldError();
  if (!held) return null;
  return (
    <Suspense fallback={null}>
      <ErrorReportButton held={held} />
    </Suspense>
  );
}
