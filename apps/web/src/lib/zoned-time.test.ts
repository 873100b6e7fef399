import { describe, expect, it } from 'vitest';
import { daysBetween, formatZonedTimeRange, wallTime, zonedDay, zonedInstant } from './zoned-time.ts';

describe('times in the zone of the place', () => {
  it('reads a time typed at the fair in its own zone, in winter and in summer', () => {
    expect(zonedInstant('2027-01-20T10:30', 'Europe/Rome')).toBe('2027-01-20T09:30:00.000Z');
    expect(zonedInstant('2027-09-22T10:30', 'Europe/Rome')).toBe('2027-09-22T08:30:00.000Z');
    expect(zonedInstant('2027-09-22T10:30', 'America/New_York')).toBe('2027-09-22T14:30:00.000Z');
  });

  it('reads the hours around a change of summer time', () => {
    expect(zonedInstant('2027-03-28T01:30', 'Europe/Rome')).toBe('2027-03-28T00:30:00.000Z');
    expect(zonedInstant('2027-03-28T03:30', 'Europe/Rome')).toBe('2027-03-28T01:30:00.000Z');
  });

  it('gives nothing for a half-typed time, which the schema then refuses', () => {
    expect(zonedInstant('', 'Europe/Rome')).toBe('');
    expect(zonedInstant('2027-09-22', 'Europe/Rome')).toBe('');
  });

  it('writes an instant back as the zone’s wall-clock time and day', () => {
    expect(wallTime('2027-09-22T08:30:00.000Z', 'Europe/Rome')).toBe('2027-09-22T10:30');
    expect(zonedDay('2027-09-21T23:30:00.000Z', 'Europe/Rome')).toBe('2027-09-22');
    expect(zonedDay('2027-09-21T23:30:00.000Z', 'America/New_York')).toBe('2027-09-21');
  });

  it('shows a time range at the zone’s hour', () => {
    expect(
      formatZonedTimeRange('2027-09-22T08:00:00.000Z', '2027-09-22T09:00:00.000Z', 'it', 'Europe/Rome'),
    ).toBe('10:00–11:00');
  });

  it('lists the days from first to last', () => {
    expect(daysBetween('2027-09-29', '2027-10-02')).toEqual([
      '2027-09-29',
      '2027-09-30',
      '2027-10-01',
      '2027-10-02',
    ]);
  });
});
