import { languages, privacyNoticeVersion } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { he } from './locales/he.ts';
import { it as italian } from './locales/it.ts';

const notices = { en, it: italian, fr, es, de, he, ar } as const;

/**
 * What the notice's counting paragraph must say in each language (decision 11): the views of releases; the
 * downloads of pictures, attachments, magazines, press-kit documents and ZIP archives; the dimensions they are
 * counted by; and that no individual is tracked.
 */
const mustSay: Record<keyof typeof notices, string[]> = {
  en: [
    'releases are viewed',
    'pictures',
    'attachments',
    'magazines',
    'press-kit documents',
    'ZIP archives',
    'per day, site, language, media type and country',
    'no individual is tracked',
  ],
  it: [
    'comunicati sono visualizzati',
    'immagini',
    'allegati',
    'riviste',
    'documenti della cartella stampa',
    'archivi ZIP',
    'per giorno, sito, lingua, tipo di media e paese',
    'nessuna persona è tracciata',
  ],
  fr: [
    'communiqués sont consultés',
    'photos',
    'pièces jointes',
    'magazines',
    'documents du dossier de presse',
    'archives ZIP',
    'par jour, site, langue, type de média et pays',
    'personne n’est suivi individuellement',
  ],
  es: [
    'se consultan los comunicados',
    'fotos',
    'adjuntos',
    'revistas',
    'documentos del dossier de prensa',
    'archivos ZIP',
    'por día, sitio, idioma, tipo de medio y país',
    'no se sigue a ninguna persona',
  ],
  de: [
    'Pressemitteilungen aufgerufen',
    'Bilder',
    'Anhänge',
    'Magazine',
    'Dokumente der Pressemappe',
    'ZIP-Archive',
    'pro Tag, Website, Sprache, Medientyp und Land',
    'keine einzelne Person wird verfolgt',
  ],
  he: [
    'הודעות נצפות',
    'תמונות',
    'קבצים מצורפים',
    'מגזינים',
    'מסמכי ערכת העיתונות',
    'ארכיוני ZIP',
    'לפי יום, אתר, שפה, סוג מדיה ומדינה',
    'אף אדם אינו נעקב',
  ],
  ar: [
    'قراءة البيانات',
    'الصور',
    'المرفقات',
    'المجلات',
    'وثائق الملف الصحفي',
    'أرشيفات ZIP',
    'يوميًا وحسب الموقع واللغة ونوع الوسيلة والبلد',
    'لا يُتتبَّع أي شخص',
  ],
};

describe('the privacy notice says what is counted', () => {
  it('is the version of 2026-11-26, which added the counting paragraph', () => {
    expect(privacyNoticeVersion).toBe('20261126');
  });

  it('has a notice in each of the seven interface languages', () => {
    expect(Object.keys(notices).sort()).toEqual([...languages].sort());
  });

  it.each(Object.keys(notices) as (keyof typeof notices)[])(
    'says in %s what is counted, by what, and that no individual is tracked',
    (language) => {
      const { countingTitle, counting } = notices[language].privacy;
      expect(countingTitle.length).toBeGreaterThan(0);
      expect(mustSay[language].filter((words) => !counting.includes(words))).toEqual([]);
    },
  );
});
