import { apiPaths } from '@pressroom/contract';
import {
  alertSubscriptions,
  campaignMails,
  campaigns,
  fairEditions,
  mailQueue,
  pressMailConsents,
  recipientLists,
  users,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { createJournalist, type JournalistOptions } from './test-factories.ts';

/*
 * What the campaigns test files share: the app on the fair's site on 1 June 2026, the press officer signed in,
 * and before each test no mails, campaigns, lists, editions, answers or journalists of the test before. The
 * bindings are live: each file's `useCampaignsTestApp` fills them and stops the app after its tests.
 */
export const host = { host: 'fair.localhost' };
export const noFilters = {};

export let harness: Awaited<ReturnType<typeof createTestApp>>;
export let fair: number;
export let officer: Awaited<ReturnType<typeof createUser>>;
let office: { authorization: string };

/** Signs the press officer in again, for a test whose clock has moved past the token's life. */
export async function signInOffice() {
  office = authHeader(await tokenFor(harness.app, officer));
}

export const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = office,
) => harness.app.inject({ method, url, payload: payload as object, headers: { ...host, ...headers } });
export const mails = () =>
  harness.db.select().from(mailQueue).orderBy(asc(mailQueue.toAddress), asc(mailQueue.id));
export const campaignMailsTo = async () =>
  (await mails()).filter((mail) => mail.campaignId !== null).map((mail) => mail.toAddress);

export async function journalist(email: string, options: JournalistOptions = {}) {
  return createJournalist(harness.app, { email, ...options });
}

export async function list(name: string, filters: Record<string, unknown>) {
  const response = await call('POST', apiPaths.recipientLists, { name, filters });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

export async function release(options: Partial<Parameters<typeof insertRelease>[1]> = {}) {
  return insertRelease(harness.db, {
    groups: [fair],
    publicationDate: '2026-06-01',
    translations: [
      {
        language: 'en',
        title: 'Dates announced',
        subtitle: 'Five days',
        body: '<p>The fair opens in May.</p>',
      },
      {
        language: 'it',
        title: 'Date annunciate',
        subtitle: 'Cinque giorni',
        body: '<p>La fiera apre.</p>',
      },
    ],
    ...options,
  });
}

export async function send(releaseId: number, lists: number[], timing: 'now' | 'publication' = 'now') {
  return call('POST', apiPaths.campaigns, { release: releaseId, lists, timing });
}

/**
 * The campaigns test files' app, on a database of its own. A file calls it at its top: the api project shares this
 * module between the files a worker runs (isolate: false), so each file's hooks set its state again.
 */
export function useCampaignsTestApp() {
  beforeAll(async () => {
    harness = await createTestApp({ config: { mailPollInterval: 0, alertSendRate: 1000 } });
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    officer = await createUser(harness.app, {
      roles: ['administrator_press_room'],
      email: 'office@fair.test',
    });
    await signInOffice();
  });

  beforeEach(async () => {
    harness.clock.set(new Date('2026-06-01T09:00:00Z'));
    await harness.db.delete(mailQueue);
    await harness.db.delete(campaigns);
    await harness.db.delete(campaignMails);
    await harness.db.delete(fairEditions);
    await harness.db.delete(recipientLists);
    await harness.db.delete(alertSubscriptions);
    await harness.db.delete(pressMailConsents);
    await harness.db.delete(users).where(eq(users.userType, 'USER')).execute();
    officer = await createUser(harness.app, {
      roles: ['administrator_press_room'],
      email: 'office@fair.test',
    });
    await signInOffice();
  });

  afterAll(() => harness.close());
}
