import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Language, roles } from '@pressroom/contract';
import { type Database, pressGroups, pressReleaseTranslations, roleGroups, users } from '@pressroom/db';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createActiveUser } from '../features/account/service.ts';
import { changeStatus, createRelease, type Editor } from '../features/press-releases/editing-service.ts';
import { featureRelease } from '../features/press-releases/featured-service.ts';
import { storeFiles } from '../features/press-releases/files-service.ts';
import { type FileStore, temporaryDirectory } from '../lib/storage/index.ts';
import type { Config } from '../plugins/config.ts';
import { type DemoCalendar, daysOf, demoCalendar, shiftDay } from './demo-calendar.ts';

/** The demo administrator. Printed by seed-demo; change the password after the first sign-in. */
export const demoAdministrator = {
  email: 'admin@pressroom.localhost',
  password: 'Demo_admin_2026',
  firstName: 'Demo',
  lastName: 'Administrator',
};

interface DemoRelease {
  /** YYYY-MM-DD, placed from the demo's calendar. */
  date: string;
  sites: ('fair' | 'association')[];
  /** Hours from now; the release is published but under embargo until then. */
  embargoInHours?: number;
  /** Days from the seeding, at 10:00 UTC: the release is scheduled to come out then (nobody sees it before). */
  publishInDays?: number;
  /** The colour of its generated picture (its cover). */
  image?: string;
  /** The sites whose Home features it on top. */
  featured?: ('fair' | 'association')[];
  en: DemoText;
  it: DemoText;
  /** The office's other languages, for the release it mails to the press of every language. */
  others?: Partial<Record<Exclude<Language, 'en' | 'it'>, DemoText>>;
}

interface DemoText {
  title: string;
  subtitle: string;
  body: string;
}

/** The English title of the release that closes the demo's past edition (the demo's video plays under it). */
export const closingReleaseTitle = (year: number) => `Record attendance closes Tile Fair ${year}`;

/** The English title of the demo's release under embargo (its preview invitations are the demo's). */
export const embargoedReleaseTitle = (year: number) =>
  `Embargoed: the ${year} market outlook for ceramic tiles`;

/**
 * Invented content in English and Italian (the coming edition's dates in the seven languages) over the year and a half before the seeding: the past edition's
 * registrations, winners and close, the association's news, the coming edition's dates (demo-calendar.ts).
 */
function demoReleases({ today, past, current }: DemoCalendar): DemoRelease[] {
  return [
    {
      date: shiftDay(past.startsOn, -220),
      sites: ['fair'],
      image: '#8a4b16',
      en: {
        title: `Tile Fair ${past.year} opens registrations for exhibitors`,
        subtitle: 'More than 600 companies expected from 40 countries',
        body: `<p>Registrations for exhibitors at Tile Fair ${past.year} are open. The organisers expect more than 600 companies from 40 countries, with a new hall dedicated to large-format porcelain slabs.</p>`,
      },
      it: {
        title: `Tile Fair ${past.year} apre le iscrizioni per gli espositori`,
        subtitle: 'Attese oltre 600 aziende da 40 paesi',
        body: `<p>Sono aperte le iscrizioni per gli espositori di Tile Fair ${past.year}. Gli organizzatori attendono oltre 600 aziende da 40 paesi, con un nuovo padiglione dedicato alle grandi lastre in gres porcellanato.</p>`,
      },
    },
    {
      date: shiftDay(past.startsOn, -100),
      sites: ['association'],
      image: '#5d4e8c',
      featured: ['association'],
      en: {
        title: 'Ceramics Association publishes its annual sector report',
        subtitle: 'Exports grew by 4% while energy costs weighed on margins',
        body: '<p>The annual report of the Ceramics Association shows exports up 4% on the previous year. <strong>Energy costs</strong> remain the main concern of member companies.</p>',
      },
      it: {
        title: 'Ceramics Association pubblica il rapporto annuale del settore',
        subtitle: 'Export in crescita del 4%, i costi energetici pesano sui margini',
        body: "<p>Il rapporto annuale di Ceramics Association registra un export in crescita del 4% rispetto all'anno precedente. <strong>I costi energetici</strong> restano la principale preoccupazione delle aziende associate.</p>",
      },
    },
    {
      date: shiftDay(past.startsOn, 1),
      sites: ['fair', 'association'],
      image: '#2f6f8f',
      featured: ['fair'],
      en: {
        title: `Tile Fair ${past.year}: the design awards winners`,
        subtitle: 'Glazed terracotta and recycled stoneware take the top prizes',
        body: '<p>The jury of the Tile Fair design awards chose a glazed terracotta collection and a recycled stoneware floor for the top prizes.</p><ul><li>Best collection</li><li>Best innovation</li></ul>',
      },
      it: {
        title: `Tile Fair ${past.year}: i vincitori dei premi di design`,
        subtitle: 'Terracotta smaltata e gres riciclato conquistano i primi premi',
        body: '<p>La giuria dei premi di design di Tile Fair ha scelto una collezione di terracotta smaltata e un pavimento in gres riciclato per i primi premi.</p><ul><li>Miglior collezione</li><li>Migliore innovazione</li></ul>',
      },
    },
    {
      date: past.endsOn,
      sites: ['fair', 'association'],
      image: '#b5651d',
      en: {
        title: closingReleaseTitle(past.year),
        subtitle: '98,000 visitors, a third of them from abroad',
        body: `<p>Tile Fair ${past.year} closed with 98,000 visitors, a third of them from abroad. Architects and designers were the fastest-growing group.</p>`,
      },
      it: {
        title: `Affluenza record alla chiusura di Tile Fair ${past.year}`,
        subtitle: '98.000 visitatori, un terzo dall’estero',
        body: `<p>Tile Fair ${past.year} si è chiusa con 98.000 visitatori, un terzo dei quali dall’estero. Architetti e designer sono il gruppo cresciuto di più.</p>`,
      },
    },
    {
      date: shiftDay(past.endsOn, 90),
      sites: ['association'],
      image: '#a0522d',
      featured: ['association'],
      en: {
        title: 'New training programme on sustainable kilns',
        subtitle: 'Twelve workshops for technicians of member companies',
        body: '<p>The Ceramics Association launches twelve workshops on heat recovery and low-emission kilns for technicians of its member companies.</p>',
      },
      it: {
        title: 'Nuovo programma di formazione sui forni sostenibili',
        subtitle: 'Dodici laboratori per i tecnici delle aziende associate',
        body: '<p>Ceramics Association avvia dodici laboratori sul recupero di calore e sui forni a basse emissioni per i tecnici delle aziende associate.</p>',
      },
    },
    {
      date: shiftDay(today, -60),
      sites: ['fair'],
      image: '#1f4e79',
      featured: ['fair'],
      en: {
        title: `Tile Fair ${current.year} announces its dates`,
        subtitle: `The fair returns on ${daysOf(current, 'en')}`,
        body: `<p>Tile Fair ${current.year} will take place on ${daysOf(current, 'en')}, with a conference programme on circular building materials.</p>`,
      },
      it: {
        title: `Tile Fair ${current.year} annuncia le date`,
        subtitle: `La fiera torna nei giorni ${daysOf(current, 'it')}`,
        body: `<p>Tile Fair ${current.year} si svolgerà nei giorni ${daysOf(current, 'it')}, con un programma di convegni sui materiali da costruzione circolari.</p>`,
      },
      others: {
        fr: {
          title: `Tile Fair ${current.year} annonce ses dates`,
          subtitle: `Le salon revient : ${daysOf(current, 'fr')}`,
          body: `<p>Tile Fair ${current.year} aura lieu les ${daysOf(current, 'fr')}, avec un cycle de conférences sur les matériaux de construction circulaires.</p>`,
        },
        de: {
          title: `Tile Fair ${current.year} gibt ihre Termine bekannt`,
          subtitle: `Die Messe kehrt zurück: ${daysOf(current, 'de')}`,
          body: `<p>Tile Fair ${current.year} findet an diesen Tagen statt: ${daysOf(current, 'de')}, mit einem Konferenzprogramm zu kreislauffähigen Baustoffen.</p>`,
        },
        es: {
          title: `Tile Fair ${current.year} anuncia sus fechas`,
          subtitle: `La feria vuelve: ${daysOf(current, 'es')}`,
          body: `<p>Tile Fair ${current.year} se celebrará en estas fechas: ${daysOf(current, 'es')}, con un programa de conferencias sobre materiales de construcción circulares.</p>`,
        },
        he: {
          title: `Tile Fair ${current.year} מכריזה על מועדיה`,
          subtitle: `התערוכה חוזרת: ${daysOf(current, 'he')}`,
          body: `<p>Tile Fair ${current.year} תתקיים בתאריכים ${daysOf(current, 'he')}, עם תוכנית כנסים על חומרי בנייה מעגליים.</p>`,
        },
        ar: {
          title: `Tile Fair ${current.year} يعلن مواعيده`,
          subtitle: `المعرض يعود: ${daysOf(current, 'ar')}`,
          body: `<p>يُقام Tile Fair ${current.year} في ${daysOf(current, 'ar')}، مع برنامج مؤتمرات حول مواد البناء الدائرية.</p>`,
        },
      },
    },
    {
      date: today,
      sites: ['fair', 'association'],
      embargoInHours: 72,
      image: '#6b8e23',
      en: {
        title: embargoedReleaseTitle(current.year),
        subtitle: 'Figures presented at the association assembly',
        body: `<p>The market outlook for ${current.year} will be presented at the association assembly. Press users may read it in advance; publication is under embargo.</p>`,
      },
      it: {
        title: `Sotto embargo: le previsioni di mercato ${current.year} per le piastrelle`,
        subtitle: "Dati presentati all'assemblea dell'associazione",
        body: `<p>Le previsioni di mercato per il ${current.year} saranno presentate all'assemblea dell'associazione. I giornalisti accreditati possono leggerle in anticipo; la pubblicazione è sotto embargo.</p>`,
      },
    },
    {
      date: today,
      sites: ['fair'],
      publishInDays: 4,
      image: '#7a6a2f',
      en: {
        title: 'Scheduled: the Tile Fair design award shortlist',
        subtitle: 'Twelve collections chosen by the jury',
        body: '<p>The jury of the Tile Fair design award has chosen twelve collections for its shortlist. The release comes out at its scheduled time; nobody sees it before.</p>',
      },
      it: {
        title: 'Programmato: la rosa del premio di design di Tile Fair',
        subtitle: 'Dodici collezioni scelte dalla giuria',
        body: '<p>La giuria del premio di design di Tile Fair ha scelto dodici collezioni per la sua rosa. Il comunicato esce all’ora programmata; prima nessuno lo vede.</p>',
      },
    },
  ];
}

export type SeedLog = (line: string) => void;

/** Tiles laid in the release's colour, standing in for a product photo (a cover that looks like one). */
async function demoImage(colour: string, directory: string, name: string) {
  const tile = 100;
  const tiles = [];
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 12; column++) {
      const shade = ((row * 7 + column * 3) % 5) * 0.08;
      tiles.push(
        `<rect x="${column * tile + 3}" y="${row * tile + 3}" width="${tile - 6}" height="${tile - 6}" rx="6" fill="#fff" fill-opacity="${shade}"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1b1b1b"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/>${tiles.join('')}</svg>`;
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const tempPath = path.join(directory, `${name}.jpg`);
  await writeFile(tempPath, bytes);
  return {
    fileName: `${name}.jpg`,
    tempPath,
    size: bytes.length,
    checksum: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * Fills the database with the demo: the configured sites, the role groups, an administrator_global and
 * releases. Running it again adds nothing that is already there (matched by e-mail and English title).
 */
export async function seedDemo(db: Database, config: Config, storage: FileStore, now: Date, log: SeedLog) {
  await db
    .insert(roleGroups)
    .values(roles.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(pressGroups)
    .values([...new Set(config.sites.map((site) => site.name))].map((name) => ({ name })))
    .onConflictDoNothing();
  const groups = new Map((await db.select().from(pressGroups)).map((group) => [group.name, group.id]));
  const siteId = (key: 'fair' | 'association') => {
    // The first configured site is the fair, the second the association (the defaults); any others are ignored.
    const name = config.sites[key === 'fair' ? 0 : Math.min(1, config.sites.length - 1)].name;
    return groups.get(name) as number;
  };

  let [administrator] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${demoAdministrator.email})`);
  if (administrator) {
    log(`administrator_global ${demoAdministrator.email} already exists (password unchanged)`);
  } else {
    administrator = await createActiveUser(
      db,
      { ...demoAdministrator, roles: ['administrator_global'], language: 'en' },
      now,
    );
    log(
      `created administrator_global: e-mail ${demoAdministrator.email}  password ${demoAdministrator.password}`,
    );
  }

  const editor: Editor = {
    id: administrator.id,
    companyId: null,
    manageAll: true,
    publishOwn: true,
    writeOwn: true,
  };
  const temporary = temporaryDirectory(config.dataDir, `seed-${process.pid}`);
  await mkdir(temporary, { recursive: true });
  let created = 0;
  try {
    for (const [index, demo] of demoReleases(demoCalendar(now)).entries()) {
      const [existing] = await db
        .select({ id: pressReleaseTranslations.id })
        .from(pressReleaseTranslations)
        .where(
          and(eq(pressReleaseTranslations.language, 'en'), eq(pressReleaseTranslations.title, demo.en.title)),
        );
      if (existing) continue;
      const release = await createRelease(
        db,
        editor,
        {
          publication_date: demo.date,
          groups: [...new Set(demo.sites.map(siteId))],
          company_id: null,
          embargo_until:
            demo.embargoInHours === undefined
              ? null
              : new Date(now.getTime() + demo.embargoInHours * 3_600_000).toISOString(),
          translations: [
            { language: 'en', ...demo.en },
            { language: 'it', ...demo.it },
            ...Object.entries(demo.others ?? {}).map(([language, text]) => ({ language, ...text })),
          ],
        },
        now,
      );
      if (demo.image) {
        const file = await demoImage(demo.image, temporary, `release-${index + 1}`);
        await storeFiles(
          db,
          storage,
          release.id,
          { kind: 'image', language: null, title: demo.en.title, credit: '' },
          [file],
          { maxPixels: config.imageMaxPixels, workDirectory: temporary },
        );
      }
      const publishAt =
        demo.publishInDays === undefined
          ? undefined
          : new Date(
              `${new Date(now.getTime() + demo.publishInDays * 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`,
            );
      await changeStatus(db, editor, release.id, 'published', now, {
        publishAt,
        timeZone: config.fairTimeZone,
      });
      for (const site of new Set((demo.featured ?? []).map(siteId))) {
        await featureRelease(db, editor, release.id, site);
      }
      created += 1;
    }
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  log(created === 0 ? 'demo releases already present' : `created ${created} demo releases`);
  log(
    `sites: ${config.sites.map((site) => `http://${site.hostname}:${config.port} (${site.name})`).join(', ')}`,
  );
}
