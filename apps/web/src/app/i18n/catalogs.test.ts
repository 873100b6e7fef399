import { languages, messageCatalogs } from '@pressroom/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pluralKeysFor } from '../../lib/i18n/plurals.ts';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { he } from './locales/he.ts';
import { it as italian } from './locales/it.ts';

const appCatalogs = { en, it: italian, fr, es, de, he, ar } as Record<string, unknown>;

/** Every key path of a nested catalog, with its value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

/** What the app shows in a language: its own strings and the contract's messages under `messages.`. */
function fullCatalog(language: string) {
  return flatten({ ...(appCatalogs[language] as object), messages: messageCatalogs[language as 'en'] });
}

// `{{count, number}}` is the placeholder `count` with a format.
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();

const pluralBase = (key: string) => key.match(/^(.*)_(?:zero|one|two|few|many|other)$/)?.[1];

/**
 * The keys a language must have: the English ones, with each English plural (`x_one`, `x_other`) replaced by
 * the plural categories of the language; each mapped to the English text it translates.
 */
function expectedKeys(reference: Map<string, unknown>, language: string): Map<string, unknown> {
  const expected = new Map<string, unknown>();
  for (const [key, text] of reference) {
    const base = pluralBase(key);
    if (base === undefined || !reference.has(`${base}_other`)) expected.set(key, text);
    else if (key === `${base}_other`)
      for (const pluralKey of pluralKeysFor(base, language)) expected.set(pluralKey, text);
  }
  return expected;
}

describe('translation catalogs', () => {
  const reference = fullCatalog('en');

  it('exist for the seven interface languages', () => {
    expect(Object.keys(appCatalogs).sort()).toEqual([...languages].sort());
  });

  it.each([...languages])(
    '%s has every English key and no other, with the plural forms of its language',
    (language) => {
      const catalog = fullCatalog(language);
      const expected = expectedKeys(reference, language);
      const missing = [...expected.keys()].filter((key) => !catalog.has(key));
      const extra = [...catalog.keys()].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each([...languages])(
    '%s has a non-empty text for every key, with the same placeholders as English',
    (language) => {
      const catalog = fullCatalog(language);
      const problems: string[] = [];
      for (const [key, english] of expectedKeys(reference, language)) {
        const text = catalog.get(key);
        // A plural form may say its number in words ("صورتان", two pictures) instead of the count.
        const named = (names: string[]) =>
          pluralBase(key) === undefined ? names : names.filter((n) => n !== 'count');
        if (typeof text !== 'string' || text.trim() === '') problems.push(`${key}: empty`);
        else if (named(placeholders(text)).join() !== named(placeholders(english as string)).join())
          problems.push(
            `${key}: placeholders ${placeholders(text)} instead of ${placeholders(english as string)}`,
          );
      }
      expect(problems).toEqual([]);
    },
  );

  it('writes the counts of a table and of the import with the grouping of the language', async () => {
    const translator = i18next.createInstance();
    await translator.init({
      lng: 'en',
      resources: { en: { translation: en }, it: { translation: italian } },
      interpolation: { escapeValue: false },
    });
    const counts = (language: string) => {
      const t = translator.getFixedT(language);
      return [
        t('table.count', { count: 9001, total: 20001 }),
        t('table.displayedRows', { from: 1, to: 10, count: 20001 }),
        t('backOffice.imports.startImport', { count: 11000 }),
        t('backOffice.imports.progressRows', { label: 'Import', processed: 12000, total: 20001 }),
      ];
    };
    expect(counts('en')).toEqual([
      '9,001 of 20,001',
      '1–10 of 20,001',
      'Confirm the import (11,000)',
      'Import: 12,000 of 20,001 rows',
    ]);
    expect(counts('it')).toEqual([
      '9001 di 20.001',
      '1–10 di 20.001',
      'Conferma l’importazione (11.000)',
      'Import: 12.000 di 20.001 righe',
    ]);
  });

  it('keeps the specification wording of the login messages in Italian', () => {
    expect(italian.login.badCredentials).toBe('Credenziali Errate');
    expect(italian.login.notPermitted).toBe('Non hai i permessi per accedere');
    expect(italian.login.success).toBe('Login avvenuto con successo!');
  });
});
