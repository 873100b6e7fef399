import { describe, expect, it } from 'vitest';
import { countryCodeOf, countryCodes, countryName, requiredCountrySchema } from './countries.ts';

describe('countries', () => {
  it('lists the 249 officially assigned ISO 3166-1 alpha-2 codes, once each', () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(249);
    expect(countryCodes).not.toContain('UK');
    expect(countryCodes).not.toContain('EU');
  });

  it('names a country in the reader language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('DE', 'he')).toBe('גרמניה');
    expect(countryName('DE', 'ar')).toBe('ألمانيا');
  });

  it('reads a code or a name in any of the seven languages, case and accents aside', () => {
    expect(
      ['Italy', 'Italia', 'italy', 'ITALIA ', 'it', 'Italie', 'איטליה', 'إيطاليا'].map(countryCodeOf),
    ).toEqual(['IT', 'IT', 'IT', 'IT', 'IT', 'IT', 'IT', 'IT']);
    expect(
      ['Deutschland', 'Osterreich', 'Österreich', 'españa', 'USA', 'U.K.', 'Holland', 'Turkey'].map(
        countryCodeOf,
      ),
    ).toEqual(['DE', 'AT', 'AT', 'ES', 'US', 'GB', 'NL', 'TR']);
    expect(countryCodeOf('Atlantis')).toBeUndefined();
    expect(countryCodeOf('  ')).toBeUndefined();
  });

  it('takes a code in any case and refuses an unknown one with its own message', () => {
    expect(requiredCountrySchema.parse(' it ')).toBe('IT');
    expect(requiredCountrySchema.safeParse('').error?.issues[0]?.message).toBe('fieldRequired');
    expect(requiredCountrySchema.safeParse('XX').error?.issues[0]?.message).toBe('countryUnknown');
    expect(requiredCountrySchema.safeParse('Italy').error?.issues[0]?.message).toBe('countryUnknown');
  });
});
