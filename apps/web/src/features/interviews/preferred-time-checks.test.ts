import { describe, expect, it } from 'vitest';
import { preferredTimeProblems } from './preferred-time-checks.ts';

// The fair in Bologna, 22 to 26 September; the journalist asks on the 23rd at 9:00 in Bologna (7:00 UTC).
const edition = { starts_on: '2026-09-22', ends_on: '2026-09-26', time_zone: 'Europe/Rome' };
const now = new Date('2026-09-23T07:00:00Z');

describe('the preferred times of an interview request', () => {
  it('marks each time outside the fair, the one field that is wrong', () => {
    expect(
      preferredTimeProblems(['2026-09-24T10:00', '2026-09-27T10:00', '2026-09-21T23:30'], edition, now),
    ).toEqual([null, 'outsideFair', 'outsideFair']);
  });

  it("reads the fair's first and last days whole, at the fair's clock", () => {
    expect(preferredTimeProblems(['2026-09-26T23:59', '2026-09-23T09:01'], edition, now)).toEqual([
      null,
      null,
    ]);
  });

  it('marks a time already past at the fair, and leaves an empty field to the form', () => {
    expect(preferredTimeProblems(['2026-09-23T09:00', '2026-09-22T15:00', ''], edition, now)).toEqual([
      'past',
      'past',
      null,
    ]);
  });
});
