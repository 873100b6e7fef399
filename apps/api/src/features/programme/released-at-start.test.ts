import { apiPaths, type ProgrammeEvent } from '@pressroom/contract';
import {
  accreditationRequests,
  alertSubscriptions,
  galleries,
  galleryCategories,
  mailQueue,
} from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { processDueAlerts } from '../alerts/dispatch.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';

const admin = '/api/press_room/admin/press_release/';
const publicList = '/api/press_room/press_release/';
const host = 'fair.localhost';

// The fair opens on 3 June 2026; its opening press conference starts at 10:00 in Bologna (08:00 UTC) and the
// press office has marked the release and the pictures of the new collection "released at the start".
describe('material released at the start of an event', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = new TestClock();
  /** Two app servers on one database, as behind a load balancer. */
  let first: FastifyInstance;
  let second: FastifyInstance;
  let fair: number;
  let editionId: number;
  type User = Parameters<typeof tokenFor>[1];
  let pressOffice: User;
  let journalist: User;
  let subscriptions = 0;
  const start = '2026-06-03T08:00:00.000Z';

  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: { as?: User | null; payload?: object; server?: FastifyInstance } = {},
  ) =>
    (options.server ?? first).inject({
      method,
      url,
      payload: options.payload,
      headers: { host, ...(options.as ? authHeader(await tokenFor(first, options.as)) : {}) },
    });

  /** A release of the press office on the fair's site, published now. */
  async function published(title: string) {
    const created = await call('POST', admin, {
      as: pressOffice,
      payload: {
        publication_date: '2026-06-01',
        groups: [fair],
        translations: [{ language: 'en', title, body: `<p>${title} in full.</p>` }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const out = await call('POST', `${admin}${id}/status/`, {
      as: pressOffice,
      payload: { status: 'published' },
    });
    expect(out.statusCode, out.body).toBe(200);
    return { id, number: out.json().number as number };
  }

  async function gallery(title: string) {
    const [category] = await database.db
      .insert(galleryCategories)
      .values({ names: { en: 'Fair' }, groupIds: [fair] })
      .returning();
    const [row] = await database.db
      .insert(galleries)
      .values({ categoryId: category.id, names: { en: title }, status: 'published' })
      .returning();
    return row.id;
  }

  async function event(body: object) {
    const created = await call('POST', apiPaths.programmeAdmin, {
      as: pressOffice,
      payload: {
        edition: editionId,
        exhibitor: null,
        type: 'press_conference',
        title: { en: 'Opening press conference' },
        starts_at: start,
        ends_at: '2026-06-03T09:00:00Z',
        hall: '5',
        languages: ['en'],
        capacity: 20,
        signup_required: true,
        ...body,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as ProgrammeEvent;
  }

  async function subscriber(email: string) {
    subscriptions += 1;
    await database.db.insert(alertSubscriptions).values({
      pressGroupId: fair,
      email,
      languages: ['en'],
      status: 'active',
      token: `at-start-token-${subscriptions}`,
      noticeVersion: '1',
      consentedAt: clock.now(),
      consentLanguage: 'en',
    });
  }

  const alerted = async (releaseId: number) =>
    (await database.db.select().from(mailQueue))
      .filter((mail) => mail.alertReleaseId === releaseId)
      .map((mail) => mail.toAddress)
      .sort();

  /** Where the release may be seen, by the public (on either server) and by the press. */
  async function seen(title: string, pagePath: string) {
    const has = async (url: string, as: User | null = null, server = first) =>
      (await call('GET', url, { as, server })).body.includes(title);
    return {
      list: await has(publicList),
      otherServerList: await has(publicList, null, second),
      pressList: await has(publicList, journalist),
      page: (await call('GET', pagePath)).statusCode,
      pagesList: await has('/releases/?lang=en'),
      feed: await has(`${publicList}feed.atom?language=en`),
      sitemap: (await call('GET', '/sitemap.xml')).body.includes(pagePath.split('?')[0]),
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    const server = async () => {
      const app = await buildApp({
        config: testConfig({ mailPollInterval: 0 }),
        database,
        clock,
        logger: false,
      });
      await app.ready();
      return app;
    };
    clock.set(new Date('2026-06-01T09:00:00Z'));
    first = await server();
    second = await server();
    fair = first.sites.byName.get('Tile Fair')?.id ?? 0;
    editionId = (
      await insertEdition(database.db, { siteId: fair, startsOn: '2026-06-03', endsOn: '2026-06-07' })
    ).id;
    pressOffice = await createUser(first, { roles: ['administrator_press_room'] });
    journalist = await createUser(first, { roles: ['user_press_room'] });
    await database.db.insert(accreditationRequests).values({
      editionId,
      userId: journalist.id,
      status: 'approved',
      mediaType: 'print',
      outlet: 'Ceramica Oggi',
      role: 'editor',
      proofKind: 'press_card',
    });
  });

  beforeEach(() => {
    clock.set(new Date('2026-06-01T09:00:00Z'));
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await database.close();
  });

  it('holds a released release from the public until the event starts, then shows it everywhere with no write', async () => {
    const { id, number } = await published('The new collection');
    const pagePath = `/releases/2026-${number}-the-new-collection?lang=en`;
    // Before it is held, the lists keep it (and must let it go as the mark is written).
    expect((await seen('The new collection', pagePath)).list).toBe(true);
    const opening = await event({ releases: [id], releases_at_start: [id] });
    expect(opening.releases).toEqual([{ id, title: 'The new collection', at_start: true }]);

    const held = {
      list: false,
      otherServerList: false,
      pressList: true,
      page: 404,
      pagesList: false,
      feed: false,
      sitemap: false,
    };
    expect(await seen('The new collection', pagePath)).toEqual(held);
    expect((await call('GET', `${publicList}${id}/`)).statusCode).toBe(404);
    expect((await call('GET', apiPaths.programmeEvent(opening.id))).json().releases).toEqual([]);

    // The journalist signed up for the event (and accredited) reads it before, under embargo until the start.
    expect((await call('POST', apiPaths.programmeSignup(opening.id), { as: journalist })).statusCode).toBe(
      200,
    );
    const early = await call('GET', `${publicList}${id}/`, { as: journalist });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({
      title: 'The new collection',
      embargoed: true,
      embargo_until: start,
    });
    expect(
      (await call('GET', apiPaths.programmeEvent(opening.id), { as: journalist })).json().releases,
    ).toEqual([{ id, title: 'The new collection', at_start: true }]);

    // The answers kept just now end at the event's start, on every server.
    clock.set(new Date('2026-06-03T07:59:59Z'));
    expect(await seen('The new collection', pagePath)).toEqual(held);
    clock.set(new Date(start));
    expect(await seen('The new collection', pagePath)).toEqual({
      list: true,
      otherServerList: true,
      pressList: true,
      page: 200,
      pagesList: true,
      feed: true,
      sitemap: true,
    });
    expect((await call('GET', `${publicList}${id}/`)).json()).toMatchObject({ embargoed: false });
    expect((await call('GET', apiPaths.programmeEvent(opening.id))).json().releases).toEqual([
      { id, title: 'The new collection', at_start: true },
    ]);
  });

  it('sends the public alert once, at the event’s start', async () => {
    await subscriber('reader@paper.test');
    const { id } = await published('Kiln award');
    await event({ releases: [id], releases_at_start: [id] });
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(await alerted(id)).toEqual([]);
    clock.set(new Date('2026-06-03T07:59:59Z'));
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(await alerted(id)).toEqual([]);
    clock.set(new Date(start));
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    clock.set(new Date('2026-06-03T09:00:00Z'));
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(await alerted(id)).toEqual(['reader@paper.test']);
  });

  it('holds a gallery from everyone but the back office until the start, in the programme and the press gallery', async () => {
    const pictures = await gallery('Collection pictures');
    const opening = await event({ galleries: [pictures], galleries_at_start: [pictures] });
    const titles = async (as: User | null) =>
      (
        (await call('GET', apiPaths.programmeEvent(opening.id), { as })).json() as ProgrammeEvent
      ).galleries.map((entry) => entry.title.en);
    expect(await titles(null)).toEqual([]);
    expect(await titles(journalist)).toEqual([]);
    const office = await call('GET', apiPaths.programmeAdminEvent(opening.id), { as: pressOffice });
    expect(office.json().galleries).toEqual([
      { id: pictures, title: { en: 'Collection pictures' }, at_start: true },
    ]);
    // The press gallery holds it back too: not in the tree, its page a 404.
    const inTree = async () =>
      JSON.stringify((await call('GET', apiPaths.galleryTree, { as: journalist })).json()).includes(
        'Collection pictures',
      );
    expect(await inTree()).toBe(false);
    expect((await call('GET', apiPaths.gallery(pictures), { as: journalist })).statusCode).toBe(404);
    expect((await call('GET', apiPaths.gallery(pictures), { as: pressOffice })).statusCode).toBe(200);

    clock.set(new Date(start));
    expect(await titles(null)).toEqual(['Collection pictures']);
    expect(await inTree()).toBe(true);
    expect((await call('GET', apiPaths.gallery(pictures), { as: journalist })).statusCode).toBe(200);
  });

  it('lets a PATCH mark or unmark the links it has, keeps the marks when it names only the links, and refuses a mark on what is not linked', async () => {
    const a = await published('Glaze notes');
    const b = await published('Kiln notes');
    const opening = await event({ releases: [a.id, b.id], releases_at_start: [a.id] });
    const patch = (payload: object) =>
      call('PATCH', apiPaths.programmeAdminEvent(opening.id), { as: pressOffice, payload });
    const marks = async (payload: object) =>
      ((await patch(payload)).json() as ProgrammeEvent).releases.map((entry) => [entry.id, entry.at_start]);
    expect(await marks({ releases: [b.id, a.id] })).toEqual([
      [b.id, false],
      [a.id, true],
    ]);
    expect(await marks({ releases_at_start: [b.id] })).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const refused = await patch({ releases: [a.id], releases_at_start: [b.id] });
    const notLinked = ['Only a linked release or gallery can be released at the start.'];
    expect([refused.statusCode, refused.json().releases_at_start]).toEqual([400, notLinked]);
    const alone = await patch({ galleries_at_start: [999] });
    expect([alone.statusCode, alone.json().releases_at_start]).toEqual([400, notLinked]);
    expect(await marks({ title: { en: 'Opening' } })).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });
});
