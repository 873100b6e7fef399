import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@pressroom/contract';
import { companies } from '@pressroom/db';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';

/*
 * What the release editing tests share: the app with a low pixel limit, two companies and a signed-in user of
 * each kind, named in `tokens`. The bindings are live: each test file's `setUpEditingApp` fills them and stops
 * the app after its tests.
 */
export const admin = '/api/press_room/admin/press_release/';
export const publicList = '/api/press_room/press_release/';

export function multipart(
  fields: Record<string, string>,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const boundary = '----pressroom-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
export let fair: number;
export let association: number;
export let companyA: number;
export let companyB: number;
export const tokens: Record<string, string> = {};

export async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: string | null,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  const response = await harness.app.inject({
    method,
    url,
    headers: { ...(who ? authHeader(tokens[who]) : {}), ...extraHeaders },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: isJson ? response.json() : response.body };
}

export const draft = (title: string, extra: Record<string, unknown> = {}) => ({
  publication_date: '2026-05-10',
  groups: [fair],
  translations: [{ language: 'en', title, body: '<p>Text</p>' }],
  ...extra,
});

/** The app of the file that calls it, its companies and its users, made before its tests. */
export function setUpEditingApp() {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-editing-'));
    // A low pixel limit, so a picture over it stays small in the test.
    harness = await createTestApp({ config: { dataDir, imageMaxPixels: 1_000_000 } });
    const { app, db } = harness;
    fair = app.sites.byName.get('Tile Fair')?.id ?? 0;
    association = app.sites.byName.get('Ceramics Association')?.id ?? 0;
    [{ id: companyA }, { id: companyB }] = await db
      .insert(companies)
      .values([
        { businessName: 'Alpha Tiles', matchKey: 'alpha tiles' },
        { businessName: 'Beta Ceramics', matchKey: 'beta ceramics' },
      ])
      .returning({ id: companies.id });
    const make = async (name: string, roles: Role[], companyId: number | null = null) => {
      tokens[name] = await tokenFor(app, await createUser(app, { roles, companyId }));
    };
    await make('journalist', ['user_press_room']);
    await make('agentA', ['agent_press_room_external_company'], companyA);
    await make('companyAdminA', ['administrator_press_room_external_company'], companyA);
    await make('agentB', ['agent_press_room_external_company'], companyB);
    await make('pressOffice', ['administrator_press_room']);
    await make('associatedCompanies', ['administrator_associated_companies']);
    await make('global', ['administrator_global']);
  });

  afterAll(async () => {
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  });
}
