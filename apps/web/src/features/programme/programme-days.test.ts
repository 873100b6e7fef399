import type { ProgrammeEvent } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { hallsOf, openingDay, programmeDays } from './programme-days.ts';

let nextId = 1;
function event(startsAt: string, endsAt: string, hall = '1'): ProgrammeEvent {
  return {
    id: nextId++,
    starts_at: startsAt,
    ends_at: endsAt,
    place: { hall, room: '', stand: '' },
  } as ProgrammeEvent;
}

describe('the programme by day', () => {
  it('puts an event on its day at the fair, not the reader’s', () => {
    // 23:30 UTC on the 21st is 01:30 on the 22nd in Rome (summer time).
    const late = event('2027-09-21T23:30:00.000Z', '2027-09-22T00:30:00.000Z');
    const days = programmeDays([late], 'Europe/Rome', '2027-09-21', '2027-09-22');
    expect(days.map((entry) => [entry.day, entry.events.map((item) => item.id)])).toEqual([
      ['2027-09-21', []],
      ['2027-09-22', [late.id]],
    ]);
  });

  it('orders a day’s events by start and keeps an event outside the fair’s days on a day of its own', () => {
    const second = event('2027-09-22T10:00:00.000Z', '2027-09-22T11:00:00.000Z');
    const first = event('2027-09-22T08:00:00.000Z', '2027-09-22T09:00:00.000Z');
    const after = event('2027-09-30T08:00:00.000Z', '2027-09-30T09:00:00.000Z');
    const days = programmeDays([second, after, first], 'Europe/Rome', '2027-09-22', '2027-09-22');
    expect(days.map((entry) => [entry.day, entry.events.map((item) => item.id)])).toEqual([
      ['2027-09-22', [first.id, second.id]],
      ['2027-09-30', [after.id]],
    ]);
  });

  it('opens on the day asked for, else today during the fair, else the first day with events', () => {
    const days = [
      { day: '2027-09-21', events: [] },
      { day: '2027-09-22', events: [event('2027-09-22T08:00:00.000Z', '2027-09-22T09:00:00.000Z')] },
      { day: '2027-09-23', events: [] },
    ];
    expect(openingDay(days, '2027-09-23', '2027-09-21')).toBe('2027-09-23');
    expect(openingDay(days, '2027-10-01', '2027-09-21')).toBe('2027-09-21');
    expect(openingDay(days, null, '2027-08-01')).toBe('2027-09-22');
    expect(openingDay([], null, '2027-08-01')).toBeNull();
  });

  it('lists each hall once, in numeric order', () => {
    const events = ['10', '2', 'B', '2'].map((hall) =>
      event('2027-09-22T08:00:00.000Z', '2027-09-22T09:00:00.000Z', hall),
    );
    expect(hallsOf(events)).toEqual(['2', '10', 'B']);
  });
});
