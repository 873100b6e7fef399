import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('writes a running time as players do: minutes, then seconds in two digits', () => {
    expect(formatDuration(6_016, 'en')).toBe('0:06');
    expect(formatDuration(245_400, 'en')).toBe('4:05');
    expect(formatDuration(3_723_000, 'de')).toBe('1:02:03');
  });

  it('never says no time for a video that has some, and rounds to the second', () => {
    expect(formatDuration(300, 'en')).toBe('0:01');
    expect(formatDuration(59_600, 'en')).toBe('1:00');
    expect(formatDuration(0, 'en')).toBe('0:00');
  });
});
