import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useRef, useState } from 'react';
import { notify } from '../lib/notifications.ts';

/**
 * Asks before something that cannot be undone (a deletion, a rejection); the cancel button has the focus. The
 * confirm button stays disabled while the action runs; the dialog closes when it succeeds and stays open when
 * it fails (the caller reports the error). `confirmation` is said once the dialog has gone: while a dialog is
 * open the page under it is hidden from screen readers, and a message shown there would never be announced.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  children,
  testId,
  confirmTestId = testId ? `${testId}-confirm` : 'confirm-delete',
  confirmation,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => unknown;
  onClose: () => void;
  /** More content under the text (a reason field). */
  children?: ReactNode;
  /** The dialog's test id; the confirm button's is derived from it. */
  testId?: string;
  confirmTestId?: string;
  /** What to tell the user once the action succeeded and the dialog has closed. */
  confirmation?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const succeeded = useRef<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      succeeded.current = confirmation ?? null;
      onClose();
    } catch {
      // The caller has shown what went wrong; the dialog stays for another try or a cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={testId}
      slotProps={{
        transition: {
          onExited: () => {
            if (succeeded.current) notify.success(succeeded.current);
            succeeded.current = null;
          },
        },
      }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button
          onClick={confirm}
          disabled={busy}
          color="error"
          variant="contained"
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
