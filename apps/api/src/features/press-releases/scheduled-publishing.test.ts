import { alertSubscriptions, mailQueue } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { TestClock, testConfig } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { processDueAlerts } from '../alerts/dispatch.ts';

const admin = '/api/press_room/admin/press_release/';
const publicList = '/api/press_room/press_release/';
const host = 'fair.localhost';

describe('scheduled publishing of releases', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = new TestClock();
  /** Two app servers on one database, as behind a load balancer. */
  let first: FastifyInstance;
  let second: FastifyInstance;
  let fair: number;
  type User = Parameters<typeof tokenFor>[1];
  let pressOffice: User;
  let journalist: User;
  let subscriptions = 0;

  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    options: { as?: User | null; payload?: object; language?: string } = {},
  ) =>
    first.inject({
      method,
      url,
      payload: options.payload,
      headers: {
        host,
        // Signed at the moved clock, so a token never expires as the test moves days ahead.
        ...(options.as ? authHeader(await tokenFor(first, options.as)) : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
      },
    });

  /** A draft of the press office on the fair's site, dated today. */
  async function draft(title: string) {
    const created = await call('POST', admin, {
      as: pressOffice,
      payload: {
        publication_date: '2026-06-01',
        groups: [fair],
        translations: [{ language: 'en', title, body: `<p>${title} in full.</p>` }],
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as number;
  }

  const schedule = (id: number, publishAt: string, language?: string) =>
    call('POST', `${admin}${id}/status/`, {
      as: pressOffice,
      payload: { status: 'published', publish_at: publishAt },
      language,
    });

  async function subscriber(email: string) {
    subscriptions += 1;
    await database.db.insert(alertSubscriptions).values({
      pressGroupId: fair,
      email,
      languages: ['en'],
      status: 'active',
      token: `scheduled-token-${subscriptions}`,
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

  /** Where a release may be seen, by the public and by an accredited journalist. */
  async function seen(title: string, pagePath: string) {
    const has = async (url: string, as: User | null = null, text = title) =>
      (await call('GET', url, { as })).body.includes(text);
    const search = `${publicList}?search=${encodeURIComponent(title)}`;
    return {
      list: await has(publicList),
      search: await has(search),
      pressList: await has(publicList, journalist),
      pressSearch: await has(search, journalist),
      page: (await call('GET', pagePath)).statusCode,
      pagesList: await has('/releases/?lang=en'),
      feed: await has(`${publicList}feed.atom?language=en`),
      sitemap: await has('/sitemap.xml', null, pagePath.split('?')[0]),
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
    first = await server();
    second = await server();
    fair = first.sites.byName.get('Tile Fair')?.id ?? 0;
    pressOffice = await createUser(first, { roles: ['administrator_press_room'] });
    journalist = await createUser(first, { roles: ['user_press_room'] });
  });

  beforeEach(async () => {
    clock.set(new Date('2026-06-01T09:00:00Z'));
    await database.db.delete(alertSubscriptions);
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await database.close();
  });

  it('shows the editor a scheduled release with its time, and nobody else until then; then everyone, with no write', async () => {
    const id = await draft('Spring collection unveiled');
    const scheduled = await schedule(id, '2026-06-03T10:00:00+02:00');
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: 'published',
      scheduled: true,
      publish_at: '2026-06-03T08:00:00.000Z',
      published_at: '2026-06-03T08:00:00.000Z',
      // The day it comes out, at the fair (Europe/Rome by default).
      publication_date: '2026-06-03',
      number: expect.any(Number),
    });
    const { number } = scheduled.json();
    const listed = await call('GET', `${admin}?search=Spring`, { as: pressOffice });
    expect(listed.json().results).toMatchObject([
      { id, status: 'published', scheduled: true, publish_at: '2026-06-03T08:00:00.000Z' },
    ]);

    const pagePath = `/releases/2026-${number}-spring-collection-unveiled?lang=en`;
    const nowhere = {
      list: false,
      search: false,
      pressList: false,
      pressSearch: false,
      page: 404,
      pagesList: false,
      feed: false,
      sitemap: false,
    };
    expect(await seen('Spring collection unveiled', pagePath)).toEqual(nowhere);
    expect((await call('GET', `${publicList}${id}/`)).statusCode).toBe(404);
    expect((await call('GET', `${publicList}${id}/`, { as: journalist })).statusCode).toBe(404);

    // The answers kept just now must not outlive the moment.
    clock.set(new Date('2026-06-03T07:59:59Z'));
    expect(await seen('Spring collection unveiled', pagePath)).toEqual(nowhere);
    clock.set(new Date('2026-06-03T08:00:00Z'));
    expect(await seen('Spring collection unveiled', pagePath)).toEqual({
      list: true,
      search: true,
      pressList: true,
      pressSearch: true,
      page: 200,
      pagesList: true,
      feed: true,
      sitemap: true,
    });
    const detail = await call('GET', `${publicList}${id}/`);
    expect(detail.json()).toMatchObject({ id, title: 'Spring collection unveiled', embargoed: false });
    const editor = await call('GET', `${admin}${id}/`, { as: pressOffice });
    expect(editor.json()).toMatchObject({ status: 'published', scheduled: false });
  });

  it('sends its alerts once, at its time, whichever of two servers looks', async () => {
    await subscriber('reader@paper.test');
    const id = await draft('Glaze award');
    expect((await schedule(id, '2026-06-02T12:00:00Z')).statusCode).toBe(200);
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(await alerted(id)).toEqual([]);

    clock.set(new Date('2026-06-02T11:59:59Z'));
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(await alerted(id)).toEqual([]);
    clock.set(new Date('2026-06-02T12:00:00Z'));
    const queued = await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(queued.sort()).toEqual([0, 1]);
    clock.set(new Date('2026-06-02T13:00:00Z'));
    await Promise.all([processDueAlerts(first), processDueAlerts(second)]);
    expect(await alerted(id)).toEqual(['reader@paper.test']);
    const [mail] = (await database.db.select().from(mailQueue)).filter((row) => row.alertReleaseId === id);
    expect(mail.subject).toContain('Glaze award');
  });

  it('cancels back to draft: nothing comes out or is sent at the time, and publishing it later announces it', async () => {
    await subscriber('cancel.reader@paper.test');
    const id = await draft('Kiln tour');
    expect((await schedule(id, '2026-06-02T08:00:00Z')).statusCode).toBe(200);
    const cancelled = await call('POST', `${admin}${id}/status/`, {
      as: pressOffice,
      payload: { status: 'draft' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'draft',
      scheduled: false,
      publish_at: null,
      published_at: null,
    });

    clock.set(new Date('2026-06-02T09:00:00Z'));
    await processDueAlerts(first);
    expect(await alerted(id)).toEqual([]);
    expect((await call('GET', `${publicList}${id}/`)).statusCode).toBe(404);

    const published = await call('POST', `${admin}${id}/status/`, {
      as: pressOffice,
      payload: { status: 'published' },
    });
    expect(published.json()).toMatchObject({ status: 'published', scheduled: false, publish_at: null });
    await processDueAlerts(first);
    expect(await alerted(id)).toEqual(['cancel.reader@paper.test']);
    expect((await call('GET', `${publicList}${id}/`)).statusCode).toBe(200);
  });

  it('refuses in words a time gone by, a time without publishing and a malformed time, changing nothing', async () => {
    const id = await draft('Booth plan');
    const past = await schedule(id, '2026-06-01T08:59:00Z', 'it');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ publish_at: ['Scegli un momento futuro per la pubblicazione.'] });
    const now = await schedule(id, '2026-06-01T09:00:00Z');
    expect(now.json()).toEqual({ publish_at: ['Choose a time still to come for the publication.'] });
    const submitted = await call('POST', `${admin}${id}/status/`, {
      as: pressOffice,
      payload: { status: 'submitted', publish_at: '2026-06-05T09:00:00Z' },
    });
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json()).toEqual({
      publish_at: ['A publication time goes only with publishing the release.'],
    });
    const malformed = await schedule(id, 'tomorrow at ten');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ publish_at: ['Field not valid'] });
    const unchanged = await call('GET', `${admin}${id}/`, { as: pressOffice });
    expect(unchanged.json()).toMatchObject({
      status: 'draft',
      publish_at: null,
      number: null,
      publication_date: '2026-06-01',
    });
  });
});
