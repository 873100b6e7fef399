import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll } from 'vitest';
import {
  type FilePart,
  fair,
  multipart,
  type PressContentApp,
  startPressContentApp,
} from './test-support/press-content.ts';

export type Json = Record<string, unknown>;

interface Change {
  field: string;
  value: unknown;
  /** The response field showing the change, when it is not named like the request field. */
  shows?: string;
  /** Other response fields the change moves by rule (a release moved to another year changes its year). */
  moves?: string[];
}

interface Target {
  url: string;
  /** The object as created, for operations that have no GET of their own (then PATCH answers are read). */
  created: Json;
  headers?: Record<string, string>;
  /** How to read the object back, when it is not a GET of `url`. */
  read?: () => Promise<Json>;
}

export interface PatchCase {
  create(): Promise<Target>;
  changes: Change[];
  /** The body is multipart (files may come with the fields), so the OpenAPI description lists no fields. */
  multipart?: boolean;
}

export let harness: PressContentApp['harness'];
export let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
export let operations: Map<string, { fields: string[]; readable: boolean }>;
export let sites: { fair: number; association: number };

export const admin = () => ({ ...fair, ...as.administrator_global });

/** An award of a new edition of the fair's site: one category, entries open until 2099. */
export async function awardBody(name: string) {
  const edition = await call('POST', apiPaths.editions, {
    site: sites.fair,
    name,
    starts_on: '2026-09-22',
    ends_on: '2026-09-26',
  });
  return {
    edition: edition.id,
    name: { en: name },
    window_starts_on: '2026-09-01',
    window_ends_on: '2027-03-31',
    entry_deadline: '2099-04-01T10:00:00.000Z',
    categories: [{ name: { en: 'Design' } }, { name: { en: 'Industry' } }],
  };
}

export async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = admin(),
) {
  const response = await harness.app.inject({ method, url, headers, payload: body as Json | undefined });
  if (response.statusCode >= 300) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as Json;
}

export async function upload(
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
) {
  const form = multipart(fields, files);
  return call(method, url, form.payload, { ...admin(), ...form.headers });
}

export async function createCompany(name: string) {
  return call('POST', apiPaths.companies, { business_name: name });
}

/**
 * The app of the PATCH cases and what its OpenAPI description says of each PATCH operation. The api project
 * shares this module between the files a worker runs (isolate: false): the test file registers these hooks.
 */
export function useOpenApiPatchTestApp() {
  beforeAll(async () => {
    ({ harness, as, stop } = await startPressContentApp());
    const description = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = description.json().paths as Record<string, Record<string, { requestBody?: Json }>>;
    operations = new Map();
    for (const [path, byMethod] of Object.entries(paths)) {
      const patch = byMethod.patch;
      if (!patch) continue;
      const content = patch.requestBody?.content as
        | Record<string, { schema: { properties?: Json } }>
        | undefined;
      const properties = content?.['application/json']?.schema.properties ?? {};
      operations.set(`PATCH ${path}`, { fields: Object.keys(properties), readable: 'get' in byMethod });
    }
    const groups = (await call('GET', '/api/press_room/press_group/?page_size=50')).results as Json[];
    const idOf = (name: string) => groups.find((group) => group.name === name)?.id as number;
    sites = { fair: idOf('Tile Fair'), association: idOf('Ceramics Association') };
  });

  afterAll(() => stop());
}
