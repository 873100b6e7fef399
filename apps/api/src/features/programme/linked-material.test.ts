import { apiPaths, type ProgrammeEvent, type ProgrammeEventList, type Role } from '@pressroom/contract';
import {
  accreditationRequests,
  galleries,
  galleryCategories,
  pressReleases,
  programmeEventGalleries,
  programmeEventReleases,
  programmeEvents,
  users,
} from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import { insertRelease, type ReleaseOptions } from '../press-releases/test-factories.ts';

// The week before the fair (22 to 26 September 2026, Bologna): an event links releases and galleries that are
// not all for everyone's eyes yet.
const clock = new TestClock(new Date('2026-09-15T09:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let associationId: number;
let editionId: number;
let eventId: number;
let journalist: Record<string, string>;

const db = () => context.db;
const fairHost = { host: 'fair.localhost' };

async function signedIn(roles: Role[]) {
  const user = await createUser(context.app, { roles, userType: 'USER', language: 'en' });
  return { id: user.id, headers: authHeader(await tokenFor(context.app, user)) as Record<string, string> };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { ...fairHost, ...headers } });

async function release(title: string, options: Partial<ReleaseOptions> = {}) {
  const row = await insertRelease(db(), {
    groups: [fairId],
    translations: [{ language: 'en', title }],
    ...options,
  });
  return row.id;
}

async function gallery(title: string, options: { status?: string; siteId?: number } = {}) {
  const [category] = await db()
    .insert(galleryCategories)
    .values({ names: { en: 'Fair' }, groupIds: [options.siteId ?? fairId] })
    .returning();
  const [row] = await db()
    .insert(galleries)
    .values({ categoryId: category.id, names: { en: title }, status: options.status ?? 'published' })
    .returning();
  return row.id;
}

async function link(releaseIds: number[], galleryIds: number[] = []) {
  if (releaseIds.length > 0) {
    await db()
      .insert(programmeEventReleases)
      .values(releaseIds.map((releaseId, position) => ({ eventId, releaseId, position })));
  }
  if (galleryIds.length > 0) {
    await db()
      .insert(programmeEventGalleries)
      .values(galleryIds.map((galleryId, position) => ({ eventId, galleryId, position })));
  }
}

/** The linked titles each way a reader meets the event through the API. */
async function linkedTitles(headers: Record<string, string> = {}) {
  const list = (await get(apiPaths.programme, headers)).json() as ProgrammeEventList;
  const detail = (await get(apiPaths.programmeEvent(eventId), headers)).json() as ProgrammeEvent;
  const fromList = list.data.find((entry) => entry.id === eventId);
  expect(fromList?.releases).toEqual(detail.releases);
  expect(fromList?.galleries).toEqual(detail.galleries);
  return {
    releases: detail.releases.map((entry) => entry.title),
    galleries: detail.galleries.map((entry) => entry.title.en),
  };
}

beforeAll(async () => {
  context = await createTestApp({ clock });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
  associationId = context.app.sites.byName.get('Ceramics Association')!.id;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  clock.set(new Date('2026-09-15T09:00:00Z'));
  await db().execute(
    sql`truncate companies, fair_editions, programme_events, press_releases, galleries, gallery_categories, accreditation_requests restart identity cascade`,
  );
  editionId = (await insertEdition(db(), { siteId: fairId, startsOn: '2026-09-22', endsOn: '2026-09-26' }))
    .id;
  const [event] = await db()
    .insert(programmeEvents)
    .values({
      editionId,
      type: 'press_conference',
      status: 'approved',
      title: { en: 'Opening press conference' },
      startsAt: new Date('2026-09-22T08:00:00Z'),
      endsAt: new Date('2026-09-22T09:00:00Z'),
      hall: '5',
      languages: ['en'],
    })
    .returning();
  eventId = event.id;
  journalist = (await signedIn(['user_press_room'])).headers;
});

describe('what an event shows of its linked releases and galleries', () => {
  it('names only the releases the reader could open, and the rest once their time comes, with no write', async () => {
    await link([
      await release('Out now'),
      await release('Scheduled for Monday'),
      await release('Under embargo until Tuesday', { embargoUntil: new Date('2026-09-22T06:00:00Z') }),
      await release('A draft', { status: 'draft' }),
      await release('Only on the association’s site', { groups: [associationId] }),
    ]);
    await db()
      .update(pressReleases)
      .set({ publishAt: new Date('2026-09-21T07:00:00Z') })
      .where(eq(pressReleases.id, 2));

    expect((await linkedTitles()).releases).toEqual(['Out now']);
    // The press reads releases under embargo, as everywhere, but nothing scheduled or unpublished.
    expect((await linkedTitles(journalist)).releases).toEqual(['Out now', 'Under embargo until Tuesday']);

    clock.set(new Date('2026-09-21T07:00:00Z'));
    expect((await linkedTitles()).releases).toEqual(['Out now', 'Scheduled for Monday']);

    clock.set(new Date('2026-09-22T06:00:00Z'));
    expect((await linkedTitles()).releases).toEqual([
      'Out now',
      'Scheduled for Monday',
      'Under embargo until Tuesday',
    ]);
    expect((await linkedTitles(journalist)).releases).toEqual([
      'Out now',
      'Scheduled for Monday',
      'Under embargo until Tuesday',
    ]);
  });

  it('names only published galleries shown on the event’s site', async () => {
    await link(
      [],
      [
        await gallery('Stands'),
        await gallery('Still a draft', { status: 'draft' }),
        await gallery('The association’s archive', { siteId: associationId }),
      ],
    );
    expect((await linkedTitles()).galleries).toEqual(['Stands']);
    expect((await linkedTitles(journalist)).galleries).toEqual(['Stands']);
  });

  it('lets a journalist signed up and accredited for the event read a gallery it holds before the start, and no one else', async () => {
    const held = await gallery('Lustre collection, before the press conference');
    await link([], [held]);
    await db()
      .update(programmeEventGalleries)
      .set({ releasedAtStart: true })
      .where(eq(programmeEventGalleries.galleryId, held));
    const attendee = await signedIn(['user_press_room']);
    await db().insert(accreditationRequests).values({
      editionId,
      userId: attendee.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    });
    const signup = await context.app.inject({
      method: 'POST',
      url: apiPaths.programmeSignup(eventId),
      headers: { ...fairHost, ...attendee.headers },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    // Accredited but not signed up: held as for everyone.
    const accreditedOnly = await signedIn(['user_press_room']);
    await db().insert(accreditationRequests).values({
      editionId,
      userId: accreditedOnly.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Fliesen Report',
      role: 'editor',
      proofKind: 'press_card',
    });
    const status = async (headers: Record<string, string>) =>
      (await get(apiPaths.gallery(held), headers)).statusCode;
    expect({
      attendee: await status(attendee.headers),
      accreditedOnly: await status(accreditedOnly.headers),
      journalist: await status(journalist),
    }).toEqual({ attendee: 200, accreditedOnly: 404, journalist: 404 });
    expect((await linkedTitles(attendee.headers)).galleries).toEqual([
      'Lustre collection, before the press conference',
    ]);
    expect((await linkedTitles(journalist)).galleries).toEqual([]);
    // Their accreditation revoked, they wait for the start as everyone does.
    await db()
      .update(accreditationRequests)
      .set({ status: 'rejected' })
      .where(eq(accreditationRequests.userId, attendee.id));
    expect(await status(attendee.headers)).toBe(404);

    // At the start (tokens issued anew: a week has passed), everyone who may see the gallery sees it.
    clock.set(new Date('2026-09-22T08:00:00Z'));
    const freshHeaders = async (id: number) => {
      const [row] = await db().select().from(users).where(eq(users.id, id));
      return authHeader(await tokenFor(context.app, row)) as Record<string, string>;
    };
    expect({
      attendee: await status(await freshHeaders(attendee.id)),
      accreditedOnly: await status(await freshHeaders(accreditedOnly.id)),
    }).toEqual({ attendee: 200, accreditedOnly: 200 });
  });

  it('keeps the journalist’s own programme to the same rule', async () => {
    const user = await signedIn(['user_press_room']);
    await db().insert(accreditationRequests).values({
      editionId,
      userId: user.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    });
    await link([await release('Out now'), await release('A draft', { status: 'draft' })]);
    const signup = await context.app.inject({
      method: 'POST',
      url: apiPaths.programmeSignup(eventId),
      headers: { ...fairHost, ...user.headers },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const mine = (await get(apiPaths.myProgramme, user.headers)).json() as {
      data: { event: ProgrammeEvent }[];
    };
    expect(mine.data.map((row) => row.event.releases.map((entry) => entry.title))).toEqual([['Out now']]);
  });

  it('lets the back office see every link, whatever its state', async () => {
    await link([await release('Out now'), await release('A draft', { status: 'draft' })]);
    const office = (await signedIn(['administrator_press_room'])).headers;
    const detail = (await get(apiPaths.programmeAdminEvent(eventId), office)).json() as ProgrammeEvent;
    expect(detail.releases.map((entry) => entry.title)).toEqual(['Out now', 'A draft']);
  });

  it('writes no linked title into the calendars or the event’s page', async () => {
    await link([await release('A draft', { status: 'draft' }), await release('Out now')]);
    const feed = await get(apiPaths.programmeFeed);
    const file = await get(apiPaths.programmeEventCalendar(eventId));
    const page = await get('/programme/');
    for (const response of [feed, file, page]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('A draft');
    }
  });
});
