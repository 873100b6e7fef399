import { apiPaths, publicPages, releaseSlug } from '@pressroom/contract';
import {
  brands,
  companies,
  companyBrands,
  companyPressBoxes,
  exhibitorStands,
  exhibitors,
  fairEditions,
} from '@pressroom/db';
import { sql } from 'drizzle-orm';
import { companyMatchKey } from '../../../apps/api/src/lib/company-fields.ts';
import type { BenchContext, BenchModule, MeasurementRow } from '../harness.ts';

/**
 * Bench module (not a test): the directory of a fair's edition with 1,500 exhibitors (BENCH_EXHIBITORS) on
 * the default site, its current edition. Names start with two dozen words (accented ones among them), so the
 * A-Z index and an accent-free search have something to find; one exhibitor in five has two stands, over 16
 * halls; one in three has a brand, one in two a press box. Written in a few batched INSERTs.
 *
 * Measured: the directory's API call as the web app asks it (first page of 24, and a search), the public
 * directory page (all 1,500 by hall, in one answer), a search on it without JavaScript, and one exhibitor's
 * page. The directory's answers (API and page) and the exhibitor's page are kept between requests while the
 * content versions they read stand (decision 5, lib/kept-pages.ts), so their rows measure a kept answer (the
 * first request of the warm-up computes it). The pages are asked as browsers and crawlers ask them (brotli or
 * gzip accepted).
 */

/** What browsers and crawlers send: the kept pages answer in one of these. */
const acceptEncoding = { 'accept-encoding': 'br, gzip' };

const exhibitorCount = Number(process.env.BENCH_EXHIBITORS ?? 1500);
/** Typed without its accent: the names starting "Céramiques" (one in 24) match it. */
const searchTerm = 'ceramiques';

const firstWords = [
  'Atelier',
  'Azulejos',
  'Baldosas',
  'Ceramiche',
  'Céramiques',
  'Decori',
  'Émaux',
  'Fliesen',
  'Gres',
  'Hispania',
  'Industrie',
  'Keramik',
  'Lastre',
  'Mosaici',
  'Nordic',
  'Öko',
  'Porcellane',
  'Quarzi',
  'Rivestimenti',
  'Smalti',
  'Terrecotte',
  'Urbana',
  'Vetri',
  'Zellige',
];
const places = [
  'Sassuolo',
  'Fiorano',
  'Castellón',
  'Aubagne',
  'Mettlach',
  'Faenza',
  'Vietri',
  'València',
  'Limoges',
  'Delft',
  'Caltagirone',
  'Deruta',
];

/** Inserts rows a few hundred at a time (within PostgreSQL's 65,535 parameters a statement). */
async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

async function seedDirectory(ctx: BenchContext, siteId: number) {
  const db = ctx.database.db;
  const today = ctx.app.clock.now();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [edition] = await db
    .insert(fairEditions)
    .values({ pressGroupId: siteId, name: 'Bench Fair', startsOn: day(-1), endsOn: day(3) })
    .returning();
  const companyRows = Array.from({ length: exhibitorCount }, (_, index) => {
    const name = `${firstWords[index % firstWords.length]} ${places[index % places.length]} ${String(index + 1).padStart(4, '0')}`;
    const city = places[index % places.length];
    return { businessName: name, city, country: 'IT', matchKey: companyMatchKey(name, city) };
  });
  const companyIds: number[] = [];
  await inBatches(companyRows, async (batch) => {
    const rows = await db.insert(companies).values(batch).returning({ id: companies.id });
    companyIds.push(...rows.map((row) => row.id));
  });
  const exhibitorIds: number[] = [];
  await inBatches(companyIds, async (batch) => {
    const rows = await db
      .insert(exhibitors)
      .values(batch.map((companyId) => ({ editionId: edition.id, companyId })))
      .returning({ id: exhibitors.id });
    exhibitorIds.push(...rows.map((row) => row.id));
  });
  const stands = exhibitorIds.flatMap((exhibitorId, index) => {
    const hall = String((index % 16) + 1);
    const first = {
      exhibitorId,
      hall,
      stand: `${String.fromCharCode(65 + (index % 20))}${index % 50}`,
      position: 0,
    };
    return index % 5 === 0
      ? [first, { exhibitorId, hall: String(((index + 7) % 16) + 1), stand: `Z${index}`, position: 1 }]
      : [first];
  });
  await inBatches(stands, (batch) => db.insert(exhibitorStands).values(batch));
  const branded = companyIds.filter((_, index) => index % 3 === 0);
  const brandIds: number[] = [];
  await inBatches(branded, async (batch) => {
    const rows = await db
      .insert(brands)
      .values(batch.map((companyId) => ({ name: `Linea ${companyId}` })))
      .returning({ id: brands.id });
    brandIds.push(...rows.map((row) => row.id));
  });
  await inBatches(
    branded.map((companyId, index) => ({ companyId, brandId: brandIds[index] })),
    (batch) => db.insert(companyBrands).values(batch),
  );
  await inBatches(
    companyIds.filter((_, index) => index % 2 === 0),
    (batch) =>
      db.insert(companyPressBoxes).values(
        batch.map((companyId) => ({
          companyId,
          descriptions: { en: 'Porcelain stoneware slabs and tiles.', it: 'Lastre e piastrelle in gres.' },
          website: `https://company-${companyId}.example`,
        })),
      ),
  );
  // As autovacuum would soon after such a load: planner statistics and the visibility map.
  await db.execute(
    sql`vacuum analyze companies, exhibitors, exhibitor_stands, brands, company_brands, company_press_boxes`,
  );
  const sample = companyRows[2];
  return { exhibitorId: exhibitorIds[2], name: sample.businessName };
}

export const exhibitorsBench: BenchModule = {
  name: 'exhibitors',
  async setup(ctx) {
    const site = ctx.app.sites.defaultSite;
    if (!site) throw new Error('no site');
    const started = performance.now();
    const sample = await seedDirectory(ctx, site.id);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const pagePath = `${publicPages.exhibitor(sample.exhibitorId, releaseSlug(sample.name))}?lang=en`;
    const seeded = `${exhibitorCount.toLocaleString('en')} exhibitors (16 halls, 1 in 5 on two stands, 1 in 3 with a brand) seeded in ${seconds} s`;
    return {
      load: [
        {
          name: `exhibitor directory API (${exhibitorCount.toLocaleString('en')}), first page`,
          path: apiPaths.exhibitorDirectory,
          headers: { 'accept-language': 'en' },
          note: `${seeded}; the web app's first page of 24, with the halls and the A-Z index`,
        },
        {
          name: `exhibitor directory API, search "${searchTerm}"`,
          path: `${apiPaths.exhibitorDirectory}?search=${searchTerm}`,
          headers: { 'accept-language': 'en' },
          note: `accent- and case-free on name, public name, short name and brands (the "Céramiques" names match)`,
        },
        {
          name: `exhibitors page (all ${exhibitorCount.toLocaleString('en')} by hall)`,
          path: `${publicPages.exhibitors}?lang=en`,
          headers: acceptEncoding,
          note: 'the server-rendered directory: every exhibitor of the edition in one HTML answer, kept (brotli)',
        },
        {
          name: `exhibitors page, search "${searchTerm}"`,
          path: `${publicPages.exhibitors}?lang=en&search=${searchTerm}`,
          headers: acceptEncoding,
          note: 'the same page searched through its GET form, as without JavaScript',
        },
        {
          name: 'exhibitor page',
          path: pagePath,
          headers: acceptEncoding,
          note: "one exhibitor's press box page (no contacts, no releases), kept",
        },
      ],
      async measure(): Promise<MeasurementRow[]> {
        const page = await fetch(`${ctx.baseUrl}${publicPages.exhibitors}?lang=en`);
        const bytes = (await page.arrayBuffer()).byteLength;
        const sent = async (encoding: string) => {
          const answer = await fetch(`${ctx.baseUrl}${publicPages.exhibitors}?lang=en`, {
            headers: { 'accept-encoding': encoding },
          });
          await answer.arrayBuffer();
          return Number(answer.headers.get('content-length') ?? 0);
        };
        const [gzipBytes, brotliBytes] = [await sent('gzip'), await sent('br')];
        return [
          {
            name: `Exhibitors page of ${exhibitorCount.toLocaleString('en')}, size`,
            value: `${(bytes / 1024).toFixed(0)} KiB`,
            note: `${(gzipBytes / 1024).toFixed(0)} KiB as gzip, ${(brotliBytes / 1024).toFixed(0)} KiB as brotli`,
          },
        ];
      },
    };
  },
};
