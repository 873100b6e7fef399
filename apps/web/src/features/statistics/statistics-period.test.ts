import { describe, expect, it } from 'vitest';
import { withPeriodEnd } from './statistics-period.ts';

// The period shown by default: the current edition's days.
const edition = { from: '2026-09-22', to: '2026-09-26' };

describe("the dashboard's period", () => {
  it('keeps the end shown when the reader moves the start, and the start shown when they move the end', () => {
    expect(withPeriodEnd({ site: 2 }, edition, 'from', '2026-08-01')).toEqual({
      site: 2,
      from: '2026-08-01',
      to: '2026-09-26',
    });
    expect(withPeriodEnd({}, edition, 'to', '2026-10-31')).toEqual({ from: '2026-09-22', to: '2026-10-31' });
  });

  it('keeps an end the reader chose before', () => {
    const chosen = { from: '2026-08-01', to: '2026-09-26' };
    expect(withPeriodEnd(chosen, chosen, 'to', '2026-10-31')).toEqual({
      from: '2026-08-01',
      to: '2026-10-31',
    });
  });

  it('goes back to the default for a date emptied, and asks only what it knows before the first answer', () => {
    expect(withPeriodEnd({ from: '2026-08-01', to: '2026-09-26' }, edition, 'from', '')).toEqual({
      from: undefined,
      to: '2026-09-26',
    });
    expect(withPeriodEnd({}, undefined, 'from', '2026-08-01')).toEqual({ from: '2026-08-01', to: undefined });
  });
});
