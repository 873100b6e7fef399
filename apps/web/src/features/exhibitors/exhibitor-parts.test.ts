import { describe, expect, it } from 'vitest';
import { eventPlace } from './exhibitor-parts.ts';
import { exhibitorsAr } from './i18n/ar.ts';
import { exhibitorsEn } from './i18n/en.ts';

/** The catalog's words with their placeholders filled, as i18next would. */
const translator =
  (catalog: Record<string, unknown>) =>
  (key: string, options: Record<string, unknown> = {}) =>
    String(catalog[key.replace(/^exhibitors\./, '')]).replace(/\{\{(\w+)\}\}/g, (_, name) =>
      String(options[name]),
    );

describe("an event's place on the press box", () => {
  it('names hall, room and stand, leaving out what the event does not have', () => {
    const t = translator(exhibitorsEn);
    expect(eventPlace({ hall: '5', room: 'Sala Verdi', stand: 'B12' }, t)).toBe(
      'Hall \u20685\u2069, room \u2068Sala Verdi\u2069, stand \u2068B12\u2069',
    );
    expect(eventPlace({ hall: '7', room: '', stand: '' }, t)).toBe('Hall \u20687\u2069');
  });

  it('keeps a Latin room name whole in an Arabic sentence', () => {
    expect(eventPlace({ hall: '5', room: 'Sala Verdi', stand: '' }, translator(exhibitorsAr))).toBe(
      'القاعة \u20685\u2069، الغرفة \u2068Sala Verdi\u2069',
    );
  });
});
