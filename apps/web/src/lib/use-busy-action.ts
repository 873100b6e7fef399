import { useState } from 'react';
import { apiErrorMessage } from './api-error-message.ts';
import { notify } from './notifications.ts';

/**
 * The actions of a back-office screen: while one runs, `busy` names what it is about (whose buttons wait);
 * after it the screen's data is fetched again, and a notice says how it went. After a failure too: an action
 * of several calls (a reorder) may have made some of them, and the screen shows what the server holds.
 */
export function useBusyAction<Subject>(refresh: () => Promise<unknown>) {
  const [busy, setBusy] = useState<Subject | null>(null);
  const run = async (subject: Subject, action: () => Promise<unknown>, success: string) => {
    setBusy(subject);
    try {
      await action();
      await refresh();
      notify.success(success);
    } catch (error) {
      notify.error(apiErrorMessage(error));
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
