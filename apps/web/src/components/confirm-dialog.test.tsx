// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../lib/notifications.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The press office's question before approving a proposal, answered by `approve`. */
function Approval({ approve }: { approve: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      title="Approve “Glazes of tomorrow”?"
      text="It goes on the public programme."
      confirmLabel="Approve"
      cancelLabel="Back"
      testId="approve-dialog"
      confirmation="The event has been approved."
      onConfirm={approve}
      onClose={() => setOpen(false)}
    />
  );
}

const shown = () => notify.get().map((notification) => [notification.severity, notification.message]);
const dialogOpen = () => document.querySelector('[data-testid="approve-dialog"]') !== null;

describe('a confirmed action', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(() => {
    for (const notification of notify.get()) notify.dismiss(notification.id);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('says it succeeded once the dialog has gone, when the page is read again', async () => {
    act(() => root.render(<Approval approve={() => Promise.resolve()} />));
    const confirm = document.querySelector<HTMLButtonElement>('[data-testid="approve-dialog-confirm"]');
    await act(async () => confirm?.click());
    // Closing: the page under the dialog is still hidden from screen readers, nothing said yet.
    expect(shown()).toEqual([]);
    await vi.waitFor(() => expect(dialogOpen()).toBe(false));
    expect(shown()).toEqual([['success', 'The event has been approved.']]);
  });

  it('says nothing of success when the action failed, and stays open for another try', async () => {
    act(() => root.render(<Approval approve={() => Promise.reject(new Error('refused'))} />));
    const confirm = document.querySelector<HTMLButtonElement>('[data-testid="approve-dialog-confirm"]');
    await act(async () => confirm?.click());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect([dialogOpen(), shown()]).toEqual([true, []]);
  });
});
