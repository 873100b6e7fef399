import { describe, expect, it } from 'vitest';
import { fairDayLimits, fairInstant, fairWallTime, formatFairDays, formatFairTime } from './fair-time.ts';

describe('times at the fair', () => {
  it('reads a time typed at the fair in Rome, in winter and in summer', () => {
    expect(fairInstant('2027-01-20T10:30')).toBe('2027-01-20T09:30:00.000Z');
    expect(fairInstant('2027-09-22T10:30')).toBe('2027-09-22T08:30:00.000Z');
  });

  it('reads the hours around the change of summer time', () => {
    // 27 March 2027: clocks go from 02:00 to 03:00 on the 28th.
    expect(fairInstant('2027-03-28T01:30')).toBe('2027-03-28T00:30:00.000Z');
    expect(fairInstant('2027-03-28T03:30')).toBe('2027-03-28T01:30:00.000Z');
  });

  it('gives nothing for a half-typed time, which the schema then refuses', () => {
    expect(fairInstant('')).toBe('');
    expect(fairInstant('2027-09-22')).toBe('');
  });

  it('writes an instant back as the wall-clock time of the fair', () => {
    expect(fairWallTime(new Date('2027-09-22T08:30:00Z'))).toBe('2027-09-22T10:30');
    expect(fairWallTime(new Date('2027-01-20T23:30:00Z'))).toBe('2027-01-21T00:30');
  });

  it('limits a field to the fair days, first to last', () => {
    expect(fairDayLimits('2027-09-22', '2027-09-26')).toEqual({
      min: '2027-09-22T00:00',
      max: '2027-09-26T23:59',
    });
  });

  it('writes times and days in the reader language at the hour of the fair', () => {
    expect(formatFairTime('2027-09-22T08:30:00Z', 'it')).toBe('mercoledì 22 settembre 2027 alle ore 10:30');
    expect(formatFairTime('2027-09-22T08:30:00Z', 'en')).toBe('Wednesday, September 22, 2027 at 10:30 AM');
    expect(formatFairDays('2027-09-22', '2027-09-26', 'en')).toBe('September 22\u2009–\u200926, 2027');
  });
});
