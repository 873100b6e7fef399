import { languages } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { firstScreenWords } from './first-screen-words.ts';
import { ar } from './locales/ar.ts';
import { en } from './locales/en.ts';

describe("the words of Home's first screen the build gives the server", () => {
  it('are the catalogs’ own texts, the same keys in every language', () => {
    const words = firstScreenWords();
    expect(Object.keys(words).sort()).toEqual([...languages].sort());
    const keys = Object.keys(words.en).sort();
    expect(keys).toHaveLength(17);
    for (const language of languages) expect(Object.keys(words[language]).sort()).toEqual(keys);
    expect(words.en['home.title']).toBe(en.home.title);
    expect(words.en['pressReleases.count']).toBe(en.pressReleases.count);
    expect(words.ar['pressReleases.search']).toBe(ar.pressReleases.search);
    expect(words.ar['home.title']).not.toBe(words.en['home.title']);
  });
});
