import { createHash } from 'node:crypto';
import type { ExhibitorCategory, Language } from '@pressroom/contract';
import {
  companies,
  companyPressBoxes,
  companyPressContacts,
  exhibitorStands,
  exhibitors,
  fairEditions,
} from '@pressroom/db';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type DemoEditionDays, demoCalendar } from '../../demo/demo-calendar.ts';
import { companyMatchKey } from '../../lib/company-fields.ts';
import type { Site } from '../../plugins/sites.ts';
import { currentEdition } from './repository.ts';

// The demo fair's exhibitors: invented companies with their halls and stands, logos, a press box described in
// the seven languages and a press contact each.

interface DemoExhibitor {
  name: string;
  city: string;
  country: string;
  category: ExhibitorCategory;
  stands: { hall: string; stand: string }[];
  colour: string;
  contact: { name: string; languages: Language[] };
}

const demoExhibitors: DemoExhibitor[] = [
  {
    name: 'Ceramiche Aurora S.p.A.',
    city: 'Sassuolo',
    country: 'IT',
    category: 'ceramic_bathroom_furniture',
    stands: [
      { hall: '5', stand: 'A12' },
      { hall: '5', stand: 'A14' },
    ],
    colour: '#b5562b',
    contact: { name: 'Marta Ferri', languages: ['it', 'en'] },
  },
  {
    name: 'Azulejos del Sol S.L.',
    city: 'Castellón de la Plana',
    country: 'ES',
    category: 'design',
    stands: [{ hall: '6', stand: 'B03' }],
    colour: '#d99a1e',
    contact: { name: 'Lucía Navarro', languages: ['es', 'en', 'fr'] },
  },
  {
    name: 'Keramik Nordwerk GmbH',
    city: 'Mettlach',
    country: 'DE',
    category: 'ceramic_bathroom_furniture',
    stands: [{ hall: '6', stand: 'C20' }],
    colour: '#2f6f8f',
    contact: { name: 'Jonas Becker', languages: ['de', 'en'] },
  },
  {
    name: 'Céramiques de Provence',
    city: 'Aubagne',
    country: 'FR',
    category: 'architecture_construction',
    stands: [{ hall: '7', stand: 'D08' }],
    colour: '#9c4a3c',
    contact: { name: 'Élodie Martin', languages: ['fr', 'en', 'it'] },
  },
  {
    name: 'Gres Fiorano Industrie',
    city: 'Fiorano Modenese',
    country: 'IT',
    category: 'architecture_construction',
    stands: [
      { hall: '7', stand: 'E01' },
      { hall: '8', stand: 'E02' },
    ],
    colour: '#4d5b66',
    contact: { name: 'Paolo Greco', languages: ['it', 'en', 'de'] },
  },
  {
    name: 'Atelier Mosaïque Levant',
    city: 'Tel Aviv',
    country: 'IL',
    category: 'trade',
    stands: [{ hall: '8', stand: 'F11' }],
    colour: '#3b7d5a',
    contact: { name: 'Noa Levi', languages: ['he', 'en', 'ar'] },
  },
];

type Texts = Record<Language, string>;

const categoryWords: Record<ExhibitorCategory, Texts> = {
  ceramic_bathroom_furniture: {
    en: 'ceramic tiles and bathroom furniture',
    it: 'piastrelle di ceramica e arredobagno',
    fr: 'carreaux de céramique et mobilier de salle de bains',
    es: 'baldosas cerámicas y muebles de baño',
    de: 'Keramikfliesen und Badmöbel',
    he: 'אריחי קרמיקה וריהוט אמבטיה',
    ar: 'بلاط السيراميك وأثاث الحمامات',
  },
  architecture_construction: {
    en: 'porcelain slabs for architecture and construction',
    it: 'lastre in gres porcellanato per l’architettura e l’edilizia',
    fr: 'grandes plaques de grès cérame pour l’architecture et la construction',
    es: 'losas de gres porcelánico para la arquitectura y la construcción',
    de: 'Feinsteinzeugplatten für Architektur und Bau',
    he: 'לוחות פורצלן לאדריכלות ולבנייה',
    ar: 'ألواح البورسلين للعمارة والبناء',
  },
  design: {
    en: 'decorative tiles and mosaics designed with independent designers',
    it: 'piastrelle decorative e mosaici disegnati con designer indipendenti',
    fr: 'carreaux décoratifs et mosaïques dessinés avec des designers indépendants',
    es: 'azulejos decorativos y mosaicos diseñados con diseñadores independientes',
    de: 'Dekorfliesen und Mosaike, entworfen mit unabhängigen Designern',
    he: 'אריחים דקורטיביים ופסיפסים שעוצבו עם מעצבים עצמאיים',
    ar: 'بلاط زخرفي وفسيفساء صُممت مع مصممين مستقلين',
  },
  trade: {
    en: 'a selection of ceramics for distributors and retailers',
    it: 'una selezione di ceramiche per distributori e rivenditori',
    fr: 'une sélection de céramiques pour distributeurs et détaillants',
    es: 'una selección de cerámicas para distribuidores y minoristas',
    de: 'eine Auswahl an Keramik für Großhändler und Fachhandel',
    he: 'מבחר קרמיקה למפיצים ולקמעונאים',
    ar: 'تشكيلة من السيراميك للموزعين وتجار التجزئة',
  },
};

const descriptionTemplates: Texts = {
  en: '{{name}} ({{city}}) makes {{what}}. Meet the team at {{stands}}.',
  it: '{{name}} ({{city}}) produce {{what}}. Incontra il team a {{stands}}.',
  fr: '{{name}} ({{city}}) fabrique {{what}}. Rencontrez l’équipe à {{stands}}.',
  es: '{{name}} ({{city}}) fabrica {{what}}. Conoce al equipo en {{stands}}.',
  de: '{{name}} ({{city}}) stellt {{what}} her. Treffen Sie das Team an {{stands}}.',
  he: '{{name}} ({{city}}) מייצרת {{what}}. פגשו את הצוות ב{{stands}}.',
  ar: 'تصنع {{name}} ({{city}}) {{what}}. التقوا بالفريق في {{stands}}.',
};

const hallWords: Texts = {
  en: 'hall {{hall}}, stand {{stand}}',
  it: 'padiglione {{hall}}, stand {{stand}}',
  fr: 'hall {{hall}}, stand {{stand}}',
  es: 'pabellón {{hall}}, stand {{stand}}',
  de: 'Halle {{hall}}, Stand {{stand}}',
  he: 'אולם {{hall}}, דוכן {{stand}}',
  ar: 'القاعة {{hall}}، الجناح {{stand}}',
};

const pressOfficer: Texts = {
  en: 'Press officer',
  it: 'Addetta/o stampa',
  fr: 'Attaché(e) de presse',
  es: 'Responsable de prensa',
  de: 'Pressereferent/in',
  he: 'דובר/ת עיתונות',
  ar: 'مسؤول/ة الإعلام',
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

function descriptions(demo: DemoExhibitor): Texts {
  return Object.fromEntries(
    (Object.keys(descriptionTemplates) as Language[]).map((language) => [
      language,
      fill(descriptionTemplates[language], {
        name: demo.name,
        city: demo.city,
        what: categoryWords[demo.category][language],
        stands: demo.stands.map((stand) => fill(hallWords[language], stand)).join(' · '),
      }),
    ]),
  ) as Texts;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

/** A logo standing in for the company's own: its initials on its colour. */
async function logo(demo: DemoExhibitor) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><rect width="480" height="240" rx="24" fill="${demo.colour}"/><text x="240" y="160" font-family="sans-serif" font-size="120" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials(demo.name)}</text></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

async function portrait(demo: DemoExhibitor) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${demo.colour}"/><circle cx="200" cy="200" r="150" fill="#ffffff" fill-opacity="0.2"/><text x="200" y="250" font-family="sans-serif" font-size="140" fill="#ffffff" text-anchor="middle">${initials(demo.contact.name)}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

async function stored(app: FastifyInstance, area: string, bytes: Buffer, extension: string, mime: string) {
  const key = `press-boxes/${area}/${createHash('sha256').update(bytes).digest('hex')}${extension}`;
  await app.storage.putBytes(key, bytes, mime);
  return key;
}

/**
 * The fair's edition under way or coming, or one made for the demo ten days ahead; and the latest that ended, or
 * one made a year before it (the demo's calendar): the current one is what a newcomer acts on (accreditation,
 * interviews, sign-ups), the past one holds the archive and the figures.
 */
async function demoEditions(app: FastifyInstance, site: Site) {
  const calendar = demoCalendar(app.clock.now());
  const made = async (days: DemoEditionDays) => {
    const [edition] = await app.db
      .insert(fairEditions)
      .values({
        pressGroupId: site.id,
        name: `${site.name} ${days.year}`,
        startsOn: days.startsOn,
        endsOn: days.endsOn,
        timeZone: app.config.fairTimeZone,
      })
      .returning();
    return edition;
  };
  const shown = await currentEdition(app.db, site.id, calendar.today);
  const current = shown && shown.endsOn >= calendar.today ? shown : await made(calendar.current);
  const [ended] = await app.db
    .select()
    .from(fairEditions)
    .where(and(eq(fairEditions.pressGroupId, site.id), lt(fairEditions.endsOn, calendar.today)))
    .orderBy(desc(fairEditions.endsOn), desc(fairEditions.id))
    .limit(1);
  return { current, past: ended ?? (await made(calendar.past)) };
}

/**
 * The company of that name and city, or a new one (the demo's companies are found again by their names). They
 * get no brands: the back office's journeys make and list the demo's brands.
 */
async function demoCompany(app: FastifyInstance, demo: DemoExhibitor) {
  const matchKey = companyMatchKey(demo.name, demo.city);
  const [existing] = await app.db.select().from(companies).where(eq(companies.matchKey, matchKey));
  if (existing) return existing;
  const slug = demo.name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]+/g, '');
  const [company] = await app.db
    .insert(companies)
    .values({
      businessName: demo.name,
      city: demo.city,
      country: demo.country,
      website: `https://${slug}.example`,
      email: `info@${slug}.example`,
      associationStatus: demo.country === 'IT' ? 'member' : 'non_member',
      matchKey,
    })
    .returning();
  return company;
}

/**
 * Exhibitors for the fair's current edition and for the past one (made when there are none), each with its
 * stands, logo, press box in the seven languages and a press contact. An edition that already has exhibitors
 * is left as it is. Answers both editions too (null on a site that is not the fair's), for the demo's
 * accreditations, interview requests, programme and coverage.
 */
export async function seedDemoExhibitors(app: FastifyInstance, site: Site) {
  if (!/fair/i.test(site.name)) return { exhibitors: 0, current: null, past: null };
  const { current, past } = await demoEditions(app, site);
  // A company exhibits at both editions with one press box: its pictures are drawn once.
  const pictures = new Map<string, Promise<{ logoPath: string; photoPath: string }>>();
  const picturesOf = (demo: DemoExhibitor) => {
    let drawn = pictures.get(demo.name);
    if (!drawn) {
      drawn = (async () => ({
        logoPath: await stored(app, 'logos', await logo(demo), '.png', 'image/png'),
        photoPath: await stored(app, 'photos', await portrait(demo), '.jpg', 'image/jpeg'),
      }))();
      pictures.set(demo.name, drawn);
    }
    return drawn;
  };
  let count = 0;
  for (const edition of [current, past]) count += await seedExhibitorsOf(app, edition.id, picturesOf);
  return { exhibitors: count, current, past };
}

async function seedExhibitorsOf(
  app: FastifyInstance,
  editionId: number,
  picturesOf: (demo: DemoExhibitor) => Promise<{ logoPath: string; photoPath: string }>,
) {
  const [any] = await app.db
    .select({ id: exhibitors.id })
    .from(exhibitors)
    .where(eq(exhibitors.editionId, editionId))
    .limit(1);
  if (any) return 0;
  const now = app.clock.now();
  for (const demo of demoExhibitors) {
    const company = await demoCompany(app, demo);
    const { logoPath, photoPath } = await picturesOf(demo);
    await app.db.transaction(async (tx) => {
      const [exhibitor] = await tx
        .insert(exhibitors)
        .values({
          editionId,
          companyId: company.id,
          category: demo.category,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .insert(exhibitorStands)
        .values(demo.stands.map((stand, position) => ({ exhibitorId: exhibitor.id, ...stand, position })));
      await tx
        .insert(companyPressBoxes)
        .values({
          companyId: company.id,
          descriptions: descriptions(demo),
          website: company.website,
          logoPath,
          logoVersion: 1,
          updatedAt: now,
        })
        .onConflictDoNothing();
      const [contact] = await tx
        .select({ id: companyPressContacts.id })
        .from(companyPressContacts)
        .where(eq(companyPressContacts.companyId, company.id))
        .limit(1);
      if (!contact) {
        const email = company.email.replace(/^info@/, 'press@');
        await tx.insert(companyPressContacts).values({
          companyId: company.id,
          name: demo.contact.name,
          roles: pressOfficer,
          email,
          phone: '+39 0536 000 000',
          languages: demo.contact.languages,
          position: 0,
          photoPath,
          photoVersion: 1,
          updatedAt: now,
        });
      }
    });
  }
  return demoExhibitors.length;
}
