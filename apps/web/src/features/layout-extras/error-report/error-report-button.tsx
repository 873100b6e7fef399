import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Fab from '@mui/material/Fab';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldError } from '../../../lib/held-error.ts';

const ErrorReportDialog = lazy(() => import('./error-report-dialog.tsx'));

/** The floating error button: shown while an error message is held; opens the crash-report dialog. */
export default function ErrorReportButton({ held }: { held: HeldError }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Fab
        ref={button}
        color="error"
        variant="extended"
        size="medium"
        onClick={() => setOpen(true)}
        data-testid="error-report-button"
        sx={{
          position: 'fixed',
          // Above the footer's links (and the notifications), so nothing stays hidden under it.
          bottom: 80,
          right: 24,
          zIndex: (theme) => theme.zIndex.speedDial,
          gap: 1,
        }}
      >
        <BugReportOutlined aria-hidden="true" />
        {t('layoutExtras.errorReport.button')}
      </Fab>
      {open && (
        <Suspense fallback={null}>
          <ErrorReportDialog
            held={held}
            onClose={() => {
              setOpen(false);
              // Back to the button (when it is still there: a sent report removes it).
              window.setTimeout(() => button.current?.focus(), 0);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
