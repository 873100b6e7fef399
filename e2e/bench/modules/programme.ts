import { apiPaths, programmeEventTypes, publicPages, releaseSlug } from '@pressroom/contract';
import { accreditationRequests, exhibitors, fairEditions, programmeEvents } from '@pressroom/db';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { createUser, tokenFor } from '../../../apps/api/src/test-support/factories.ts';
import type { BenchContext, BenchModule, MeasurementRow } from '../harness.ts';

/**
 * Bench module (not a test): the press programme of the default site's current edition (the exhibitors
 * module's when it ran, else one made here) with 300 public events (BENCH_PROGRAMME_EVENTS) over its five
 * days, 8:00 to 18:00 in Rome, in 16 halls, one in ten cancelled, one in three by an exhibitor when the edition
 * has some; and 30 proposals, which no page shows. Written in one INSERT.
 *
 * Measured: the public programme page (every event by day, in one answer), the same filtered by hall through
 * its GET form, one event's page, the site's iCalendar feed of every event, and the sign-up call of an
 * accredited journalist, against the bare route of the same run. The pages are asked as browsers and crawlers
 * ask them (brotli or gzip accepted) and are kept between requests while nothing they show changes
 * (lib/kept-pages.ts): their rows measure a kept page (the warm-up's first request computes it). The feed is
 * computed each time.
 */

/** What browsers and crawlers send: the kept pages answer in one of these. */
const acceptEncoding = { 'accept-encoding': 'br, gzip' };

const eventCount = Number(process.env.BENCH_PROGRAMME_EVENTS ?? 300);
const proposals = 30;

const subjects = [
  'Opening press conference',
  'Porcelain slabs: the new sizes',
  'Glazes without lead',
  'A tour of the outdoor tiles',
  'Design award ceremony',
  'Water, kilns and energy',
  'Mosaics for architects',
  'Ceramics and circular building',
];

async function seedProgramme(ctx: BenchContext, siteId: number) {
  const db = ctx.database.db;
  const today = ctx.app.clock.now();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const [current] = await db
    .select()
    .from(fairEditions)
    .where(and(eq(fairEditions.pressGroupId, siteId), gte(fairEditions.endsOn, day(0))))
    .orderBy(asc(fairEditions.endsOn), asc(fairEditions.id))
    .limit(1);
  const edition =
    current ??
    (
      await db
        .insert(fairEditions)
        .values({ pressGroupId: siteId, name: 'Bench Fair', startsOn: day(-1), endsOn: day(3) })
        .returning()
    )[0];
  const exhibitorIds = (
    await db
      .select({ id: exhibitors.id })
      .from(exhibitors)
      .where(eq(exhibitors.editionId, edition.id))
      .orderBy(asc(exhibitors.id))
      .limit(100)
  ).map((row) => row.id);
  const firstDay = Date.parse(`${edition.startsOn}T06:00:00Z`);
  const rows = Array.from({ length: eventCount + proposals }, (_, index) => {
    // Sixty a day, every ten minutes from 8:00 in Rome (06:00 UTC in summer), an hour long.
    const startsAt = new Date(firstDay + Math.floor(index / 60) * 86_400_000 + (index % 60) * 600_000);
    const byExhibitor = exhibitorIds.length > 0 && index % 3 === 0;
    return {
      editionId: edition.id,
      exhibitorId: byExhibitor ? exhibitorIds[index % exhibitorIds.length] : null,
      type: programmeEventTypes[index % programmeEventTypes.length],
      status: index >= eventCount ? 'proposed' : index % 10 === 9 ? 'cancelled' : 'approved',
      title: {
        en: `${subjects[index % subjects.length]} ${index + 1}`,
        it: `Evento ${index + 1}`,
      },
      description: { en: 'An hour with the press: the news of the stand, then questions.' },
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      hall: String((index % 16) + 1),
      stand: byExhibitor ? `A${index % 50}` : '',
      languages: index % 2 === 0 ? ['it', 'en'] : ['en'],
    };
  });
  const written = await db.insert(programmeEvents).values(rows).returning({ id: programmeEvents.id });
  // As autovacuum would soon after such a load: planner statistics and the visibility map.
  await db.execute(sql`vacuum analyze programme_events`);
  // An approved event still to come, without a limit of places: every sign-up call is answered 200.
  const [open] = await db
    .select({ id: programmeEvents.id })
    .from(programmeEvents)
    .where(
      and(
        eq(programmeEvents.editionId, edition.id),
        eq(programmeEvents.status, 'approved'),
        gt(programmeEvents.startsAt, new Date(today.getTime() + 3_600_000)),
      ),
    )
    .orderBy(asc(programmeEvents.startsAt))
    .limit(1);
  const journalist = await createUser(ctx.app, { roles: ['user_press_room'] });
  await db.insert(accreditationRequests).values({
    editionId: edition.id,
    userId: journalist.id,
    status: 'approved',
    mediaType: 'print',
    outlet: 'Bench Ceramics Weekly',
    role: 'editor',
    proofKind: 'press_card',
  });
  return {
    eventId: written[1].id,
    title: rows[1].title.en,
    openEventId: open?.id,
    journalistToken: await tokenFor(ctx.app, journalist),
  };
}

export const programmeBench: BenchModule = {
  name: 'programme',
  async setup(ctx) {
    const site = ctx.app.sites.defaultSite;
    if (!site) throw new Error('no site');
    const started = performance.now();
    const sample = await seedProgramme(ctx, site.id);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const seeded = `${eventCount} public events and ${proposals} proposals (16 halls, 1 in 10 cancelled) seeded in ${seconds} s`;
    return {
      load: [
        {
          name: `programme page (all ${eventCount} by day)`,
          path: `${publicPages.programme}?lang=en`,
          headers: acceptEncoding,
          note: `${seeded}; the server-rendered programme: every public event in one HTML answer, kept (brotli)`,
        },
        {
          name: 'programme page, hall 5',
          path: `${publicPages.programme}?lang=en&hall=5`,
          headers: acceptEncoding,
          note: 'the same page filtered through its GET form, as without JavaScript',
        },
        {
          name: 'programme event page',
          path: `${publicPages.programmeEvent(sample.eventId, releaseSlug(sample.title))}?lang=en`,
          headers: acceptEncoding,
          note: "one event's page with its JSON-LD, kept",
        },
        {
          name: `programme feed (iCalendar, ${eventCount} events)`,
          path: `${apiPaths.programmeFeed}?language=en`,
          note: "the site's public calendar: every approved and cancelled event as a VEVENT, written by ical-generator",
        },
        ...(sample.openEventId
          ? [
              {
                name: 'programme sign-up (one event, one journalist)',
                method: 'POST' as const,
                path: apiPaths.programmeSignup(sample.openEventId),
                headers: { authorization: `JWT ${sample.journalistToken}` },
                note: "an accredited journalist's sign-up call: every request takes the event's row lock (the first signs up, the others answer the sign-up as it stands, with its clashes), so all connections queue on one row, the worst case of a popular event",
              },
            ]
          : []),
      ],
      async measure(): Promise<MeasurementRow[]> {
        const page = await fetch(`${ctx.baseUrl}${publicPages.programme}?lang=en`);
        const bytes = (await page.arrayBuffer()).byteLength;
        const sent = async (encoding: string) => {
          const answer = await fetch(`${ctx.baseUrl}${publicPages.programme}?lang=en`, {
            headers: { 'accept-encoding': encoding },
          });
          await answer.arrayBuffer();
          return Number(answer.headers.get('content-length') ?? 0);
        };
        const [gzipBytes, brotliBytes] = [await sent('gzip'), await sent('br')];
        return [
          {
            name: `Programme page of ${eventCount}, size`,
            value: `${(bytes / 1024).toFixed(0)} KiB`,
            note: `${(gzipBytes / 1024).toFixed(0)} KiB as gzip, ${(brotliBytes / 1024).toFixed(0)} KiB as brotli`,
          },
        ];
      },
    };
  },
};
