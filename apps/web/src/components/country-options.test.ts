import { describe, expect, it } from 'vitest';
import { countryOptions, filterCountries } from './country-options.ts';

describe('the country list', () => {
  it('names every country in the interface language, in its alphabetical order', () => {
    const german = countryOptions('de');
    expect(german).toHaveLength(249);
    expect(german.find((option) => option.code === 'AT')?.name).toBe('Österreich');
    const names = german.map((option) => option.name);
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Pakistan'));
    expect(countryOptions('ar').find((option) => option.code === 'IT')?.name).toBe('إيطاليا');
  });

  it('narrows the list by what is typed, case and accents aside, names starting so first, or by the code', () => {
    const french = countryOptions('fr');
    const names = (typed: string) => filterCountries(french, typed).map((option) => option.name);
    expect(names('ETATS-UNIS')).toEqual([
      'États-Unis',
      'Îles mineures éloignées des États-Unis',
      'Îles Vierges des États-Unis',
    ]);
    expect(names('itali')).toEqual(['Italie']);
    expect(names('de')[0]).toBe('Allemagne');
    expect(names('guinee').slice(0, 3)).toEqual(['Guinée', 'Guinée équatoriale', 'Guinée-Bissau']);
    expect(names('  ')).toHaveLength(249);
    expect(names('atlantide')).toEqual([]);
  });
});
