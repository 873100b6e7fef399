import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

// Intl puts a no-break space between a number and some units.
const nbsp = '\u00a0';

describe('formatBytes', () => {
  it('says bytes with the plural of the language under a kilobyte', () => {
    expect(formatBytes(785, 'en')).toBe('785 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(736, 'it')).toBe('736 byte');
    expect(formatBytes(785, 'fr')).toBe(`785${nbsp}octets`);
    expect(formatBytes(785, 'de')).toBe('785 Byte');
  });

  it('uses decimal units with one decimal under ten, in the number format of the language', () => {
    expect(formatBytes(12_345, 'en')).toBe('12 kB');
    expect(formatBytes(3_400_000, 'en')).toBe('3.4 MB');
    expect(formatBytes(3_400_000, 'it')).toBe('3,4 MB');
    expect(formatBytes(1_200_000_000, 'de')).toBe(`1,2${nbsp}GB`);
  });
});
