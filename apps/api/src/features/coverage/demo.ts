import { type MediaType, normaliseCoverageUrl } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import { demoCalendar, shiftDay } from '../../demo/demo-calendar.ts';
import type { Site } from '../../plugins/sites.ts';
import * as repository from './repository.ts';

// The demo's coverage: pieces of the ceramics trade press in several countries and languages, reported by the
// demo journalists (and one by the press office), approved, waiting and rejected, on every site. They appeared
// in the days after the demo fair's past edition (the fair's site's edition that ended, with its exhibitors
// named); each covers the newest public release of those days or the one before, so "coverage of this
// release" shows a reader something.

interface DemoPiece {
  /** The demo journalist who reported it; null: the press office. */
  reporter: string | null;
  url: string;
  title: string;
  outlet: string;
  /** Days after the edition's last day the piece appeared. */
  daysAfter: number;
  language: string;
  country: string;
  mediaType: MediaType;
  reach: number | null;
  exhibitors: string[];
  /** Which of the site's newest releases it covers (0 the newest). */
  release: number | null;
  showName: boolean;
  status: 'approved' | 'pending' | 'rejected';
  rejectReason?: string;
}

const demoPieces: DemoPiece[] = [
  {
    reporter: 'giulia.bianchi@ceramica-oggi.example',
    url: 'https://www.ceramica-oggi.example/fiere/2026/gres-riciclato-protagonista',
    title: 'Il gres riciclato protagonista in fiera',
    outlet: 'Ceramica Oggi',
    daysAfter: 4,
    language: 'it',
    country: 'IT',
    mediaType: 'magazines',
    reach: 18_000,
    exhibitors: ['Ceramiche Aurora S.p.A.', 'Gres Fiorano Industrie'],
    release: 0,
    showName: true,
    status: 'approved',
  },
  {
    reporter: 'sophie.laurent@maison-materiaux.example',
    url: 'https://maison-materiaux.example/salons/grands-formats-et-terres-cuites',
    title: 'Grands formats et terres cuites : le salon en cinq tendances',
    outlet: 'Maison & Matériaux',
    daysAfter: 1,
    language: 'fr',
    country: 'FR',
    mediaType: 'magazines',
    reach: 35_000,
    exhibitors: ['Céramiques de Provence'],
    release: 0,
    showName: false,
    status: 'approved',
  },
  {
    reporter: 'markus.weber@fliesen-report.example',
    url: 'https://www.fliesen-report.example/messe/keramik-nordwerk-duennformat',
    title: 'Dünnformat aus dem Norden: Keramik Nordwerk zeigt 3-mm-Platten',
    outlet: 'Fliesen Report',
    daysAfter: 6,
    language: 'de',
    country: 'DE',
    mediaType: 'website',
    reach: 60_000,
    exhibitors: ['Keramik Nordwerk GmbH'],
    release: 1,
    showName: true,
    status: 'approved',
  },
  {
    reporter: 'carmen.ortega@radio-levante.example',
    url: 'https://radio-levante.example/programas/azulejos-del-sol-en-la-feria',
    title: 'Azulejos del Sol lleva la cerámica valenciana a la feria',
    outlet: 'Radio Levante',
    daysAfter: 7,
    language: 'es',
    country: 'ES',
    mediaType: 'radio',
    reach: null,
    exhibitors: ['Azulejos del Sol S.L.'],
    release: null,
    showName: true,
    status: 'pending',
  },
  {
    reporter: 'yael.cohen@binyan.example',
    url: 'https://binyan.example/articles/mosaic-levant-fair',
    title: 'פסיפס מהלבנט: האריחים שבלטו בתערוכה',
    outlet: 'Binyan VeDiur',
    daysAfter: 8,
    language: 'he',
    country: 'IL',
    mediaType: 'newspapers',
    reach: 12_500,
    exhibitors: ['Atelier Mosaïque Levant'],
    release: null,
    showName: false,
    status: 'pending',
  },
  {
    reporter: 'omar.haddad@emaar-review.example',
    url: 'https://emaar-review.example/ar/ceramics/fair-2026-overview',
    title: 'معرض السيراميك: ما الذي ينتظر قطاع البناء في الخليج',
    outlet: 'Emaar Review',
    daysAfter: 2,
    language: 'ar',
    country: 'AE',
    mediaType: 'magazines',
    reach: 22_000,
    exhibitors: [],
    release: 1,
    showName: true,
    status: 'approved',
  },
  {
    reporter: 'markus.weber@fliesen-report.example',
    url: 'https://www.fliesen-report.example/messe/fotostrecke-tag-1',
    title: 'Fotostrecke: der erste Messetag',
    outlet: 'Fliesen Report',
    daysAfter: 5,
    language: 'de',
    country: 'AT',
    mediaType: 'website',
    reach: null,
    exhibitors: [],
    release: null,
    showName: false,
    status: 'rejected',
    rejectReason: 'Die Bildergalerie nennt die Messe nicht: bitte einen Beitrag mit Text melden.',
  },
  {
    reporter: null,
    url: 'https://www.tile-today.example/news/record-international-attendance',
    title: 'Record international attendance for the ceramics fair',
    outlet: 'Tile Today',
    daysAfter: 3,
    language: 'en',
    country: 'GB',
    mediaType: 'website',
    reach: 48_000,
    exhibitors: [],
    release: 0,
    showName: false,
    status: 'approved',
  },
];

/** The same pieces on another site: its own address (a site's pieces are its own), its own name in the path. */
function addressOn(site: Site, url: string) {
  const slug = site.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return url.replace(/\/([^/]+)$/, `/${slug}-$1`);
}

/**
 * The pieces of one site, when it has none. `edition` is the fair's past edition on the fair's site; on any
 * other site the pieces are dated after the demo calendar's past edition all the same.
 */
export async function seedDemoCoverage(
  app: FastifyInstance,
  site: Site,
  edition: { id: number; endsOn: string } | null,
  journalists: { email: string; userId: number }[],
) {
  if (await repository.siteHasCoverage(app.db, site.id)) return { pieces: 0 };
  const now = app.clock.now();
  const fairEnded = edition?.endsOn ?? demoCalendar(now).past.endsOn;
  const exhibitorIds =
    edition === null
      ? new Map<string, number>()
      : await repository.exhibitorIdsByCompanyName(app.db, edition.id);
  const releases = await repository.newestReleaseIds(app.db, site.id, 2, now, shiftDay(fairEnded, 1));
  const byEmail = new Map(journalists.map((journalist) => [journalist.email, journalist.userId]));
  let pieces = 0;
  for (const demo of demoPieces) {
    const reporterId = demo.reporter === null ? null : (byEmail.get(demo.reporter) ?? null);
    if (demo.reporter !== null && reporterId === null) continue;
    const address = normaliseCoverageUrl(addressOn(site, demo.url));
    if (!address) continue;
    const publishedOn = shiftDay(fairEnded, demo.daysAfter);
    const decided = demo.status !== 'pending';
    // A decided piece was reported the day after it appeared; a waiting one in the days before the seeding, in
    // the order they appeared.
    const reportedAt = decided
      ? new Date(`${shiftDay(publishedOn, 1)}T09:00:00Z`)
      : new Date(now.getTime() - (10 - demo.daysAfter) * 86_400_000);
    await app.db.transaction(async (tx) => {
      const row = await repository.insertCoverage(tx, {
        pressGroupId: site.id,
        editionId: edition?.id ?? null,
        url: address.url,
        urlKey: address.key,
        title: demo.title,
        outlet: demo.outlet,
        publishedOn,
        language: demo.language,
        country: demo.country,
        mediaType: demo.mediaType,
        reach: demo.reach,
        status: demo.status,
        rejectReason: demo.rejectReason ?? '',
        reporterId,
        reportedByOffice: reporterId === null,
        showName: demo.showName,
        decidedAt: decided ? new Date(reportedAt.getTime() + 86_400_000) : null,
        createdAt: reportedAt,
        updatedAt: reportedAt,
      });
      if (!row) return;
      const release = demo.release === null ? undefined : releases[demo.release];
      await repository.linkSubjects(
        tx,
        row.id,
        release === undefined ? [] : [release],
        demo.exhibitors.flatMap((name) => {
          const id = exhibitorIds.get(name);
          return id === undefined ? [] : [id];
        }),
      );
      pieces += 1;
    });
  }
  return { pieces };
}
