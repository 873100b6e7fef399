import {
  type AccountExport,
  apiPaths,
  type ConsentResponse,
  privacyNoticeVersion,
} from '@pressroom/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const privacyApi = {
  /** Accepts the notice this client shows; the server refuses if it is no longer the current one. */
  acceptNotice: () =>
    apiRequest<ConsentResponse>(apiPaths.consent, { body: { accept: true, version: privacyNoticeVersion } }),
  exportData: () => apiRequest<AccountExport>(apiPaths.profileExport),
  deleteAccount: (password: string) =>
    apiRequest<{ detail: string }>(apiPaths.profile, { method: 'DELETE', body: { password } }),
};

/** Offers the data download as a file, named like the server's attachment. */
export function saveAsJsonFile(data: AccountExport) {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `press-room-data-${data.profile.id}-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the object URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
