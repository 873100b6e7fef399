import { describe, expect, it } from 'vitest';
import {
  dayLimits,
  daysBetween,
  daysOver,
  formatDayRange,
  formatZonedMoment,
  formatZonedTimeRange,
  wallTime,
  zonedDay,
  zonedInstant,
} from './zoned-time.ts';

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

  it('writes a moment at the hour of the edition’s zone, not Rome’s unless the fair is there', () => {
    expect(formatZonedMoment('2027-09-22T08:30:00Z', 'it', 'Europe/Rome')).toBe(
      'mercoledì 22 settembre 2027 alle ore 10:30',
    );
    expect(formatZonedMoment('2027-11-02T08:30:00Z', 'en', 'Asia/Dubai')).toBe(
      'Tuesday, November 2, 2027 at 12:30 PM',
    );
    expect(zonedInstant('2027-11-02T12:30', 'Asia/Dubai')).toBe('2027-11-02T08:30:00.000Z');
  });

  it('limits a field to the fair’s days and writes them in the reader’s language', () => {
    expect(dayLimits('2027-09-22', '2027-09-26')).toEqual({
      min: '2027-09-22T00:00',
      max: '2027-09-26T23:59',
    });
    expect(formatDayRange('2027-09-22', '2027-09-26', 'en')).toBe('September 22\u2009–\u200926, 2027');
  });

  it('tells a fair over once its last day has ended on its own calendar', () => {
    // 23:30 in Rome on the last day, already the next day in UTC+4.
    const lateLastDay = new Date('2027-09-26T21:30:00Z');
    expect(daysOver('2027-09-26', 'Europe/Rome', lateLastDay)).toBe(false);
    expect(daysOver('2027-09-26', 'Asia/Dubai', lateLastDay)).toBe(true);
    expect(daysOver('2027-09-26', 'Europe/Rome', new Date('2027-09-26T22:30:00Z'))).toBe(true);
  });
});
