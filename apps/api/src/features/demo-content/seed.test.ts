import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Award,
  apiPaths,
  type Coverage,
  type CoveragePage,
  type Edition,
  type InterviewCounts,
  type InterviewRequest,
  type MyAccreditation,
  type ProgrammeEventList,
  type ProgrammeFigures,
  type PublicCoveragePage,
} from '@pressroom/contract';
import { coverage, interviewRequests } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoJournalistPassword } from '../../demo/demo-journalists.ts';
import { createTestApp } from '../../test-support/app.ts';
import { headersByCaller, temporaryDataDir } from '../../test-support/press-content.ts';
import { seedDemoContent } from './seed.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  harness = await createTestApp({ config: { dataDir: dataDir.dir } });
});
afterAll(async () => {
  await harness.close();
  await dataDir.remove();
});

describe('demo content', () => {
  it('fills both demo sites, and a second run changes nothing', async () => {
    const first = await seedDemoContent(harness.app);
    expect(first).toEqual([
      {
        site: 'Tile Fair',
        images: 18,
        magazines: 14,
        documents: 7,
        contacts: 2,
        exhibitors: 12,
        events: 22,
        journalists: 6,
        interviews: 9,
        coverage: 8,
        videos: 1,
      },
      {
        site: 'Ceramics Association',
        images: 18,
        magazines: 14,
        documents: 7,
        contacts: 2,
        exhibitors: 0,
        events: 0,
        journalists: 0,
        interviews: 0,
        coverage: 8,
        videos: 1,
      },
    ]);
    // Nothing generated for the demo stays in the server's temporary folder (the magazines' covers did).
    const temporary = await readdir(path.join(dataDir.dir, 'tmp'), { recursive: true, withFileTypes: true });
    expect(temporary.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    const second = await seedDemoContent(harness.app);
    expect(
      second.every(
        (report) =>
          report.images +
            report.magazines +
            report.documents +
            report.contacts +
            report.exhibitors +
            report.events +
            report.journalists +
            report.interviews +
            report.coverage +
            report.videos ===
          0,
      ),
    ).toBe(true);

    const as = await headersByCaller(harness.app);
    const tree = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.galleryTree,
        headers: { host: 'fair.localhost', ...as.user_press_room },
      })
    ).json();
    expect(tree[0].childs[0].childs[0].galleries[0]).toMatchObject({
      name: { it: 'Giugno 2025' },
      image_count: 3,
    });
    const international = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.magazines}?kind=international`,
        headers: { host: 'association.localhost', ...as.user_press_room },
      })
    ).json();
    expect(international.count).toBe(8);
    const kit = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.pressKit,
        headers: { host: 'fair.localhost', ...as.user_press_room, 'accept-language': 'it' },
      })
    ).json();
    expect(kit.documents.map((row: { title: string }) => row.title)).toEqual([
      'Scheda informativa',
      'Elenco espositori',
      'Regole di accreditamento stampa',
    ]);
    const directory = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.exhibitorDirectory}?page_size=100`,
        headers: { host: 'fair.localhost', 'accept-language': 'he' },
      })
    ).json();
    expect(directory.count).toBe(6);
    expect(directory.halls).toEqual(['5', '6', '7', '8']);
    const aurora = directory.results.find(
      (entry: { company: { name: string } }) => entry.company.name === 'Ceramiche Aurora S.p.A.',
    );
    expect(aurora.stands).toEqual([
      { hall: '5', stand: 'A12' },
      { hall: '5', stand: 'A14' },
    ]);
    expect((await harness.app.inject({ method: 'GET', url: aurora.logo_url })).statusCode).toBe(200);
    const box = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.publicExhibitor(aurora.id),
        headers: { host: 'fair.localhost', 'accept-language': 'he' },
      })
    ).json();
    expect(Object.keys(box.descriptions).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'he', 'it']);
    expect(box.description).toBe(box.descriptions.he);
    expect(box.contacts).toMatchObject([{ name: 'Marta Ferri', role: { it: 'Addetta/o stampa' } }]);

    const programme = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.programme,
        headers: { host: 'fair.localhost', 'accept-language': 'ar' },
      })
    ).json() as ProgrammeEventList;
    const days = new Set(programme.data.map((event) => event.starts_at.slice(0, 10)));
    expect([programme.data.length, days.size]).toEqual([11, 3]);
    expect(
      programme.data.every(
        (event) => Object.keys(event.title).length === 7 && Object.keys(event.description).length === 7,
      ),
    ).toBe(true);
    const full = programme.data.filter((event) => event.places_left === 0);
    expect(full.map((event) => [event.title.en, event.signed_up, event.waiting])).toEqual([
      ['Aurora 2027: the lustre collection', 4, 2],
    ]);
    expect(programme.data.filter((event) => event.status === 'cancelled')).toHaveLength(1);
    expect(programme.data[0]).toMatchObject({
      organiser: { kind: 'fair' },
      place: { hall: 'Mall', room: 'Sala Concerto' },
    });
  }, 120_000);

  it('shows approved coverage in public on both sites, the waiting pieces to the office, each journalist their own', async () => {
    const as = await headersByCaller(harness.app);
    for (const host of ['fair.localhost', 'association.localhost']) {
      const list = (
        await harness.app.inject({ method: 'GET', url: apiPaths.publicCoverage, headers: { host } })
      ).json() as PublicCoveragePage;
      expect(list.count).toBe(5);
      expect(new Set(list.results.map((piece) => piece.country))).toEqual(
        new Set(['IT', 'FR', 'DE', 'AE', 'GB']),
      );
      const queue = (
        await harness.app.inject({
          method: 'GET',
          url: apiPaths.coverageAdmin,
          headers: { host, ...as.administrator_press_room },
        })
      ).json() as CoveragePage;
      expect(queue.results.map((piece) => piece.outlet)).toEqual(['Radio Levante', 'Binyan VeDiur']);
    }
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/account/token-auth/',
      headers: { host: 'fair.localhost' },
      payload: { email: 'markus.weber@fliesen-report.example', password: demoJournalistPassword },
    });
    const own = await harness.app.inject({
      method: 'GET',
      url: apiPaths.coverage,
      headers: { host: 'fair.localhost', authorization: `JWT ${signIn.json().token}` },
    });
    expect(
      own
        .json()
        .data.map((piece: Coverage) => piece.status)
        .sort(),
    ).toEqual(['approved', 'rejected']);
  });

  it('lets a demo journalist find their interview requests in My fair, and the press office their numbers by outcome', async () => {
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/account/token-auth/',
      headers: { host: 'fair.localhost' },
      payload: { email: 'markus.weber@fliesen-report.example', password: demoJournalistPassword },
    });
    expect(signIn.statusCode).toBe(200);
    const mine = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.interviews,
        headers: { host: 'fair.localhost', authorization: `JWT ${signIn.json().token}` },
      })
    ).json().data as InterviewRequest[];
    expect(
      mine
        .map((request) => ({
          exhibitor: request.exhibitor.name,
          status: request.status,
          language: request.language,
          outlet: request.journalist.outlet,
          place: request.place,
          reason: request.decline_reason,
        }))
        .sort((a, b) => a.exhibitor.localeCompare(b.exhibitor)),
    ).toEqual([
      {
        exhibitor: 'Gres Fiorano Industrie',
        status: 'accepted',
        language: 'de',
        outlet: 'Fliesen Report',
        place: 'Halle 7, Stand E01',
        reason: '',
      },
      {
        exhibitor: 'Keramik Nordwerk GmbH',
        status: 'declined',
        language: 'de',
        outlet: 'Fliesen Report',
        place: '',
        reason:
          'Leider ist unser Messeteam an allen Tagen ausgebucht. Gerne schicken wir Ihnen unsere Pressemappe zu den neuen Öfen.',
      },
    ]);
    // The agreed time is on the fair's fourth day at half past nine, the fair's clock (Rome).
    const accepted = mine.find((request) => request.status === 'accepted') as InterviewRequest;
    const edition = accepted.edition;
    const fourthDay = new Date(Date.parse(`${edition.starts_on}T00:00:00Z`) + 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Rome',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(accepted.scheduled_at as string)),
    ).toBe(`${fourthDay} 09:30`);
    expect(accepted.calendar_url).toBe(apiPaths.interviewCalendar(accepted.id));

    // The press office sees numbers per exhibitor, never the requests themselves.
    const as = await headersByCaller(harness.app);
    const office = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.interviewCounts}?edition=${edition.id}`,
        headers: { host: 'fair.localhost', ...as.administrator_press_room },
      })
    ).json() as InterviewCounts;
    const total = (key: 'received' | 'accepted' | 'declined' | 'cancelled') =>
      office.exhibitors.reduce((sum, row) => sum + row[key], 0);
    expect([total('received'), total('accepted'), total('declined'), total('cancelled')]).toEqual([
      9, 3, 1, 2,
    ]);
    expect(office.exhibitors.filter((row) => row.received > 0)).toHaveLength(6);
    const languages = await harness.db
      .selectDistinct({ language: interviewRequests.language })
      .from(interviewRequests);
    expect(new Set(languages.map((row) => row.language))).toEqual(
      new Set(['it', 'fr', 'de', 'es', 'he', 'ar']),
    );
  });
  it('places the fair ten days after the seeding, with last year’s edition, its attendance and coverage behind it', async () => {
    // The test clock reads 1 June 2026: the fair opens on the 11th, and ran on the same days in 2025.
    const as = await headersByCaller(harness.app);
    const office = { host: 'fair.localhost', ...as.administrator_press_room };
    const editions = (
      await harness.app.inject({ method: 'GET', url: apiPaths.editions, headers: office })
    ).json().results as Edition[];
    expect(
      editions.map((edition) => [edition.name, edition.starts_on, edition.ends_on, edition.time_zone]).sort(),
    ).toEqual([
      ['Tile Fair 2025', '2025-06-11', '2025-06-15', 'Europe/Rome'],
      ['Tile Fair 2026', '2026-06-11', '2026-06-15', 'Europe/Rome'],
    ]);
    const [past, current] = [...editions].sort((a, b) => a.starts_on.localeCompare(b.starts_on));

    // The programme shows the coming edition's first three days, and a newcomer is offered its accreditation.
    const programme = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.programme,
        headers: { host: 'fair.localhost' },
      })
    ).json() as ProgrammeEventList;
    expect([...new Set(programme.data.map((event) => event.starts_at.slice(0, 10)))]).toEqual([
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
    ]);
    expect(new Set(programme.data.map((event) => event.edition.id))).toEqual(new Set([current.id]));
    const newcomer = (
      await harness.app.inject({
        method: 'GET',
        url: apiPaths.myAccreditation,
        headers: { host: 'fair.localhost', ...as.user_press_room },
      })
    ).json() as MyAccreditation;
    expect(newcomer.editions.map((edition) => edition.name)).toEqual(['Tile Fair 2026']);

    // The award takes pieces from last year's fair on, until 23:59 in Rome on the coming fair's last day.
    const [award] = (
      await harness.app.inject({ method: 'GET', url: apiPaths.awards, headers: office })
    ).json().items as Award[];
    expect(award).toMatchObject({
      edition: { id: current.id },
      window_starts_on: '2025-06-11',
      window_ends_on: '2026-06-15',
      entry_deadline: '2026-06-15T21:59:00.000Z',
      open: true,
    });

    // Last year's events were attended: all but the last journalist of each came to the door.
    const figures = (
      await harness.app.inject({
        method: 'GET',
        url: `${apiPaths.programmeFigures}?edition=${past.id}`,
        headers: office,
      })
    ).json() as ProgrammeFigures;
    expect(figures.data).toHaveLength(11);
    expect(figures.data.every((event) => event.starts_at.startsWith('2025-06-1'))).toBe(true);
    expect(
      figures.data.reduce(
        (sum, event) => ({ attended: sum.attended + event.attended, noShows: sum.noShows + event.no_shows }),
        { attended: 0, noShows: 0 },
      ),
    ).toEqual({ attended: 11, noShows: 5 });

    // The coverage appeared in the week after it and speaks of it.
    const pieces = await harness.db.select().from(coverage);
    expect(pieces.filter((piece) => piece.editionId === past.id)).toHaveLength(8);
    expect(pieces.map((piece) => piece.publishedOn).sort()).toEqual([
      '2025-06-16',
      '2025-06-16',
      '2025-06-17',
      '2025-06-17',
      '2025-06-18',
      '2025-06-18',
      '2025-06-19',
      '2025-06-19',
      '2025-06-20',
      '2025-06-20',
      '2025-06-21',
      '2025-06-21',
      '2025-06-22',
      '2025-06-22',
      '2025-06-23',
      '2025-06-23',
    ]);
  });
});
