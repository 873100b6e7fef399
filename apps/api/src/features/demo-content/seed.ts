import type { DatabaseHandle } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { seedDemoJournalists } from '../../demo/demo-journalists.ts';
import type { Config } from '../../plugins/config.ts';
import type { Site } from '../../plugins/sites.ts';
import { seedDemoAccreditations } from '../accreditation/demo.ts';
import { seedDemoAward } from '../award/demo.ts';
import { seedDemoCampaigns } from '../campaigns/demo.ts';
import { seedDemoCoverage } from '../coverage/demo.ts';
import { seedDemoExhibitors } from '../exhibitors/demo.ts';
import { seedDemoGallery } from '../gallery/demo.ts';
import { seedDemoInterviews } from '../interviews/demo.ts';
import { seedDemoMagazines } from '../magazines/demo.ts';
import { seedDemoPressContacts } from '../press-contacts/demo.ts';
import { seedDemoPressKit } from '../press-kit/demo.ts';
import { seedDemoPreviews } from '../press-releases/demo.ts';
import { seedDemoProgramme } from '../programme/demo.ts';
import { seedDemoGalleryVideo, seedDemoVideos } from '../videos/demo.ts';

export interface DemoContentReport {
  site: string;
  images: number;
  magazines: number;
  documents: number;
  contacts: number;
  exhibitors: number;
  journalists: number;
  interviews: number;
  events: number;
  coverage: number;
  videos: number;
}

/**
 * Fills every configured site with press content to judge the product by eye: a gallery tree three levels
 * deep with generated images, Italian and international magazines, a press kit in English and Italian, two
 * press contacts and the boilerplate; the fair's site gets a current edition ten days ahead and a past one a
 * year before (apps/api/src/demo/demo-calendar.ts), both with exhibitors and their press boxes, a press
 * programme over their first three days (the past one's attendance taken at the door), and journalists
 * writing in several languages, accredited for both, who asked the current one's exhibitors for interviews;
 * every site gets coverage of the past edition those journalists reported, and the fair's site its journalism
 * award, open for entries until the current edition's last day.
 * Idempotent: each part is skipped for a site that already has some of it. Needs a ready app (sites loaded).
 */
export async function seedDemoContent(app: FastifyInstance): Promise<DemoContentReport[]> {
  const reports: DemoContentReport[] = [];
  const press = await seedDemoJournalists(app.db, app.clock.now());
  let journalists = press.created;
  // The release's video belongs to a release of both sites: added once, counted with the first site; each
  // site's gallery of design installations has its own.
  let videos = (await seedDemoVideos(app)).videos;
  // The embargoed release's preview invitations: one release of both sites, seeded once.
  await seedDemoPreviews(app, press.journalists);
  for (const site of app.sites.byName.values()) {
    const gallery = await seedDemoGallery(app, site);
    videos += (await seedDemoGalleryVideo(app, site)).videos;
    const magazines = await seedDemoMagazines(app, site);
    const kit = await seedDemoPressKit(app, site);
    const voices = await seedDemoPressContacts(app, site);
    const { fair, interviews, events } = await seedDemoFairPress(app, site, press.journalists);
    const coverage = await seedDemoCoverage(app, site, fair.past, press.journalists);
    await seedDemoAward(app, site, fair.current && { current: fair.current, past: fair.past });
    reports.push({
      site: site.name,
      images: gallery.images,
      magazines: magazines.magazines,
      documents: kit.documents,
      contacts: voices.contacts,
      exhibitors: fair.exhibitors,
      journalists,
      interviews,
      events,
      coverage: coverage.pieces,
      videos,
    });
    journalists = 0;
    videos = 0;
  }
  return reports;
}

/**
 * The fair's press work on a site that holds one (nothing on another): its editions and exhibitors, and for
 * both editions the journalists' accreditations and the press programme; the current one's interview requests
 * and the press office's mail to its lists. Part of `seedDemoContent`, as idempotent.
 */
export async function seedDemoFairPress(
  app: FastifyInstance,
  site: Site,
  journalists: Awaited<ReturnType<typeof seedDemoJournalists>>['journalists'],
) {
  const fair = await seedDemoExhibitors(app, site);
  let interviews = 0;
  let events = 0;
  if (fair.current !== null) {
    for (const edition of [fair.current, fair.past]) {
      await seedDemoAccreditations(app, edition, journalists);
      events += (await seedDemoProgramme(app, site, edition.id, journalists)).events;
    }
    interviews = (await seedDemoInterviews(app, site, fair.current.id, journalists)).interviews;
    await seedDemoCampaigns(app, site, fair.current.id, journalists);
  }
  return { fair, interviews, events };
}

export function describeDemoContent(report: DemoContentReport): string {
  return `press content for ${report.site}: ${report.images} gallery images, ${report.magazines} magazines, ${report.documents} press-kit documents, ${report.contacts} press contacts, ${report.exhibitors} exhibitors, ${report.events} programme events, ${report.journalists} journalists, ${report.interviews} interview requests, ${report.coverage} pieces of coverage, ${report.videos} videos added`;
}

/**
 * The same, for the command line: builds the application on an open database (sites loaded, no mail worker,
 * no listening), seeds, and closes the application (the database stays open for its owner).
 */
export async function seedDemoContentInto(
  database: DatabaseHandle,
  config: Config,
  out: (line: string) => void,
) {
  const app = await buildApp({ config: { ...config, mailPollInterval: 0 }, database, logger: false });
  try {
    await app.ready();
    for (const report of await seedDemoContent(app)) out(describeDemoContent(report));
  } finally {
    await app.close();
  }
}
