import type { LocalizedParam } from './api-error.ts';

/**
 * Bytes for people in the message's language, as the web app shows them: 21 GB, 524 MB, 12 kB (decimal units, as
 * file managers), "785 bytes" under a kilobyte. A message parameter worded when the message is translated.
 */
export const bytesIn =
  (bytes: number): LocalizedParam =>
  (language) => {
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
    let value = bytes;
    let unit = 0;
    while (value >= 1000 && unit < units.length - 1) {
      value /= 1000;
      unit++;
    }
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: units[unit],
      unitDisplay: unit === 0 ? 'long' : 'short',
      maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
    }).format(value);
  };
