import { apiPaths } from '@pressroom/contract';
import { fairEditions, mailQueue } from '@pressroom/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  samplePdf,
  startPressContentApp,
} from '../../test-support/press-content.ts';

/*
 * What the accreditation tests share: the app, the press office, and before each test a new edition of the fair
 * in January 2027 with no mails waiting. The bindings are live: each test file's `setUpAccreditationApp` fills
 * them and stops the app after its tests.
 */
export let content: PressContentApp;
export let officer: Record<string, string>;
let officerUser: Awaited<ReturnType<typeof createUser>>;
export let edition: number;
export let siteId: number;

export const app = () => content.harness.app;
export const db = () => content.harness.db;
export const mails = () => db().select().from(mailQueue).orderBy(asc(mailQueue.id));

export async function journalist(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app(), { firstName: 'Anna', lastName: 'Rossi', ...fields });
  return { user, headers: authHeader(await tokenFor(app(), user)) };
}

export const ask = (
  headers: Record<string, string>,
  fields: Record<string, string> = {},
  files = [
    {
      field: 'proof',
      fileName: 'press card.pdf',
      contentType: 'application/pdf',
      content: samplePdf('card'),
    },
  ],
) => {
  const form = multipart(
    {
      edition: String(edition),
      media_type: 'newspapers',
      outlet: 'Il Giornale della Ceramica',
      role: 'Editor',
      proof_kind: 'press_card',
      ...fields,
    },
    files,
  );
  return app().inject({
    method: 'POST',
    url: apiPaths.myAccreditation,
    payload: form.payload,
    headers: { ...fair, ...headers, ...form.headers },
  });
};

export const decide = (payload: Record<string, unknown>, headers = officer) =>
  app().inject({
    method: 'POST',
    url: apiPaths.accreditationDecide,
    payload,
    headers: { ...fair, ...headers },
  });

export const get = (url: string, headers: Record<string, string> = {}) =>
  app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });

/** The press office signs in again, with a token of the clock's present time. */
export async function signInOfficer() {
  officer = authHeader(await tokenFor(app(), officerUser));
}

/** The app of the file that calls it, and the edition each of its tests starts from. */
export function setUpAccreditationApp() {
  beforeAll(async () => {
    content = await startPressContentApp({ mailPollInterval: 0 });
    officerUser = await createUser(app(), { roles: ['administrator_press_room'] });
    siteId = app().sites.forHostname('fair.localhost').id;
  });

  beforeEach(async () => {
    content.harness.clock.set(new Date('2027-01-15T09:00:00Z'));
    await signInOfficer();
    await db().delete(fairEditions);
    await db().delete(mailQueue);
    const created = await app().inject({
      method: 'POST',
      url: apiPaths.editions,
      payload: { site: siteId, name: 'Tile Fair 2027', starts_on: '2027-03-10', ends_on: '2027-03-14' },
      headers: { ...fair, ...officer },
    });
    expect(created.statusCode).toBe(201);
    edition = created.json().id;
  });

  afterAll(() => content.stop());
}
