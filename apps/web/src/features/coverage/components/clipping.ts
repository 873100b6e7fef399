import { clippingMaxBytes } from '@pressroom/contract';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { i18n } from '../../../lib/i18n/index.ts';

/** What the server takes as a clipping (it checks the content too). */
export const clippingTypes = ['application/pdf', 'image/jpeg', 'image/png'];

/** Why a chosen file cannot be a clipping, in the reader's words, before it is sent; null when it can. */
export function clippingProblem(file: File, language: string): string | null {
  if (!clippingTypes.includes(file.type)) return i18n.t('messages.coverageClippingType', { name: file.name });
  if (file.size > clippingMaxBytes) {
    return i18n.t('messages.coverageClippingTooLarge', {
      name: file.name,
      limit: formatBytes(clippingMaxBytes, language),
    });
  }
  return null;
}
