import { z } from 'zod';
import { languages } from './enums.ts';
import { storableText } from './input-fields.ts';

// Countries are ISO 3166-1 alpha-2 codes (PRODUCT.md section 12). The codes are kept here, as the standard lists
// them (249, no reserved or withdrawn code); their names in any language come from Intl.DisplayNames, never from
// a list written by hand.

/** The officially assigned ISO 3166-1 alpha-2 codes. */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const codeSet = new Set(countryCodes);

function isCountryCode(value: string): boolean {
  return codeSet.has(value);
}

/**
 * Names people write that Intl.DisplayNames does not give (older or informal names, in the seven languages).
 * The migration from free text and the imports read them as well as the display names.
 */
const countryAliases: Record<string, string[]> = {
  US: ['USA', 'U.S.A.', 'America', 'United States of America', "Stati Uniti d'America", 'EEUU', 'Amerika'],
  GB: [
    'UK',
    'Great Britain',
    'England',
    'Scotland',
    'Wales',
    'Gran Bretagna',
    'Inghilterra',
    'Grande-Bretagne',
    'Angleterre',
    'Gran Bretaña',
    'Inglaterra',
    'Großbritannien',
  ],
  NL: ['Holland', 'Olanda', 'Hollande', 'Holanda'],
  CZ: ['Czech Republic', 'Repubblica Ceca', 'République tchèque', 'República Checa', 'Tschechische Republik'],
  TR: ['Turkey', 'Turchia', 'Turquie', 'Turquía', 'Türkei', 'Turkiye'],
  RU: ['Russian Federation', 'Federazione Russa'],
  KR: ['Korea', 'Republic of Korea', 'Corea del Sud', 'Corée du Sud', 'Südkorea'],
  AE: ['UAE', 'U.A.E.', 'Emirates', 'Emirati Arabi'],
  CI: ['Ivory Coast', "Costa d'Avorio"],
  MK: ['Macedonia', 'FYROM'],
  SZ: ['Swaziland'],
  MM: ['Burma'],
  CV: ['Cabo Verde'],
  VA: ['Holy See', 'Vatican'],
  VN: ['Viet Nam'],
  IR: ['Persia'],
  CN: ['PRC', "People's Republic of China"],
  TW: ['Republic of China'],
};

/** How names are compared: no case, no accents, no dots or apostrophes ("U.K." is "uk"), one space between words. */
export function countryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let index: Map<string, string> | undefined;

/** Every name of every country in the seven languages (long and short forms), its aliases and its code. */
function countryNameEntries(): Array<[name: string, code: string]> {
  const entries: Array<[string, string]> = [];
  for (const language of languages) {
    for (const style of ['long', 'short'] as const) {
      const names = new Intl.DisplayNames([language], { type: 'region', style, fallback: 'none' });
      for (const code of countryCodes) {
        const name = names.of(code);
        if (!name) continue;
        entries.push([name, code]);
        // "Bosnia & Herzegovina", "St. Lucia": also as written in full.
        if (name.includes('&')) entries.push([name.replace('&', 'and'), code]);
        if (/\bSt\. /.test(name)) entries.push([name.replace(/\bSt\. /, 'Saint '), code]);
      }
    }
  }
  for (const [code, aliases] of Object.entries(countryAliases)) {
    for (const alias of aliases) entries.push([alias, code]);
  }
  for (const code of countryCodes) entries.push([code, code]);
  return entries;
}

/**
 * The code a name stands for: a code ("IT", "it") or a name in any of the seven languages, in any case, with or
 * without accents ("Italia", "ITALY ", "Österreich", "osterreich"). Undefined when it names no country.
 */
export function countryCodeOf(text: string): string | undefined {
  if (!index) {
    index = new Map();
    for (const [name, code] of countryNameEntries()) {
      const key = countryKey(name);
      if (key && !index.has(key)) index.set(key, code);
    }
  }
  const key = countryKey(text);
  return key ? index.get(key) : undefined;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language (the code itself when the runtime knows no name). */
export function countryName(code: string, language: string): string {
  if (!code) return '';
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/** Text that can be stored; one with NUL says only that. */
const countryText = (error: 'countryUnknown' | 'fieldRequired') =>
  z.string({ error }).refine(storableText, { error: 'textNulCharacter', abort: true });

/** A country as requests give it: its code, upper or lower case. */
export const countryCodeSchema = countryText('countryUnknown')
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'countryUnknown' });

/** A country that may be left out: a code, or empty. */
export const optionalCountrySchema = countryText('countryUnknown')
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || isCountryCode(value), { error: 'countryUnknown' });

/** A required country: empty is "required", anything else but a code "unknown". */
export const requiredCountrySchema = countryText('fieldRequired')
  .trim()
  .min(1, { error: 'fieldRequired' })
  .toUpperCase()
  .refine(isCountryCode, { error: 'countryUnknown' });
