import { formatByteSize } from '@pressroom/contract';
import type { LocalizedParam } from './api-error.ts';

/**
 * Bytes for people in the message's language, as the web app shows them (21 GB, 524 MB, "785 bytes"): a
 * message parameter worded when the message is translated.
 */
export const bytesIn =
  (bytes: number): LocalizedParam =>
  (language) =>
    formatByteSize(bytes, language);
