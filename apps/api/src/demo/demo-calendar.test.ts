import { describe, expect, it } from 'vitest';
import { daysOf, demoCalendar, monthOf } from './demo-calendar.ts';

describe("the demo's calendar", () => {
  it('opens the fair ten days after the seeding for five days, and places the past one a year earlier', () => {
    expect(demoCalendar(new Date('2026-11-29T10:00:00Z'))).toEqual({
      today: '2026-11-29',
      current: { year: 2026, startsOn: '2026-12-09', endsOn: '2026-12-13' },
      past: { year: 2025, startsOn: '2025-12-09', endsOn: '2025-12-13' },
    });
  });

  it('names each edition after the year it opens in, across a new year and from a 29 February', () => {
    expect(demoCalendar(new Date('2026-12-25T23:59:00Z'))).toMatchObject({
      current: { year: 2027, startsOn: '2027-01-04', endsOn: '2027-01-08' },
      past: { year: 2026, startsOn: '2026-01-04', endsOn: '2026-01-08' },
    });
    expect(demoCalendar(new Date('2028-02-19T08:00:00Z'))).toMatchObject({
      current: { startsOn: '2028-02-29', endsOn: '2028-03-04' },
      past: { startsOn: '2027-02-28', endsOn: '2027-03-04' },
    });
  });

  it('writes the days and the month as the demo texts show them', () => {
    expect(daysOf({ startsOn: '2026-09-22', endsOn: '2026-09-26' }, 'en')).toBe('22–26 September');
    expect(daysOf({ startsOn: '2026-09-30', endsOn: '2026-10-04' }, 'it')).toBe('30 settembre – 4 ottobre');
    expect(['en', 'it', 'fr', 'de'].map((language) => monthOf('2025-09-22', language))).toEqual([
      'September 2025',
      'Settembre 2025',
      'Septembre 2025',
      'September 2025',
    ]);
  });
});
