import { apiPaths, privacyNoticeVersion } from '@pressroom/contract';
import { awardEntries, coverage, interviewRequests } from '@pressroom/db';
import { afterAll, beforeAll } from 'vitest';
import { insertVideo } from './features/videos/test-factories.ts';
import { authHeader, createUser, tokenFor } from './test-support/factories.ts';
import {
  type FilePart,
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  samplePdf,
  startPressContentApp,
} from './test-support/press-content.ts';

/*
 * The probes of `openapi-malformed-input.test.ts`: the operations as the OpenAPI description names them, a
 * valid value for each schema and the ways to spoil it, a valid form for each upload, and an existing object
 * for each id in a path. The bindings are live: `setUpProbedApp` fills them before the file's tests and stops
 * the app after them.
 */
type Json = Record<string, unknown>;

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** One past the largest PostgreSQL `integer`. */
export const pastInteger = 2_147_483_648;
export const withNul = 'Sam\u0000ple';

export let harness: PressContentApp['harness'];
export let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
export let operations: Operation[];
/** An existing object for each id in a path, so a probe of the body or query reaches the code behind it. */
export let pathIds: Record<string, number | string>;

export const admin = () => ({ ...fair, ...as.administrator_global });

async function created(
  method: 'POST',
  url: string,
  body: unknown,
  headers: Record<string, string> = admin(),
) {
  const response = await harness.app.inject({ method, url, headers, payload: body as Json });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function uploaded(url: string, fields: Record<string, string>, files: FilePart[]) {
  const form = multipart(fields, files);
  return created('POST', url, form.payload, { ...admin(), ...form.headers });
}

const pdf = (field: string, fileName = 'document.pdf'): FilePart => ({
  field,
  fileName,
  contentType: 'application/pdf',
  content: samplePdf(),
});

/** A valid form for each upload (multipart) operation: the description names no fields for these. */
export const uploadForms: Record<string, () => Promise<{ fields: Record<string, string>; file: FilePart }>> =
  {
    'POST /api/press_room/gallery/galleries/{id}/images/': async () => ({
      fields: { credit: 'Studio Rossi', usage_terms: 'Editorial use only' },
      file: {
        field: 'file',
        fileName: 'stand.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(200, 100),
      },
    }),
    'POST /api/press_room/magazine/': async () => ({
      fields: {
        kind: 'international',
        title: 'Tile World',
        month: '4',
        year: '2026',
        territory: 'Europe',
        groups: '1',
      },
      file: pdf('pdf', 'issue.pdf'),
    }),
    'PATCH /api/press_room/magazine/{id}/': async () => ({
      fields: {
        kind: 'international',
        title: 'Tile World',
        month: '4',
        year: '2026',
        territory: 'Europe',
        groups: '1',
      },
      file: pdf('pdf', 'issue.pdf'),
    }),
    'POST /api/press_room/accreditation/': async () => ({
      fields: {
        edition: String(pathIds.editions),
        media_type: 'newspapers',
        outlet: 'Ceramica Oggi',
        role: 'Editor',
        proof_kind: 'press_card',
      },
      file: pdf('proof', 'press-card.pdf'),
    }),
    'PUT /api/coverage/{id}/clipping/': async () => ({
      fields: {},
      file: pdf('clipping', 'clipping.pdf'),
    }),
    'POST /api/press_room/accreditation/{id}/answer/': async () => ({
      fields: { answer: 'The masthead is attached.' },
      file: pdf('proof', 'masthead.pdf'),
    }),
    'POST /api/press_room/press_kit/': async () => ({
      fields: { title: 'Fact sheet', description: 'Figures', language: 'en', position: '1', groups: '1' },
      file: pdf('file', 'facts.pdf'),
    }),
    'POST /api/press_room/admin/press_release/{id}/files/': async () => ({
      fields: { kind: 'attachment', language: 'en', title: 'Programme' },
      file: pdf('file', 'programme.pdf'),
    }),
    'PUT /api/back_office/press_contacts/{id}/photo/': async () => ({
      fields: {},
      file: {
        field: 'photo',
        fileName: 'portrait.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(200, 200),
      },
    }),
    'PUT /api/back_office/press_boxes/{company}/logo/': async () => ({
      fields: {},
      file: {
        field: 'logo',
        fileName: 'logo.png',
        contentType: 'image/png',
        content: await sampleJpeg(300, 100),
      },
    }),
    'PUT /api/back_office/press_boxes/{company}/contacts/{contact}/photo/': async () => ({
      fields: {},
      file: {
        field: 'photo',
        fileName: 'portrait.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(200, 200),
      },
    }),
    'POST /api/back_office/imports/': async () => ({
      fields: {},
      file: {
        field: 'file',
        fileName: 'companies.csv',
        contentType: 'text/csv',
        content: Buffer.from('business_name;city\r\nCeramiche Rossi;Sassuolo\r\n'),
      },
    }),
    // A part is raw bytes (application/octet-stream): a form is not one.
    'PUT /api/back_office/video_uploads/{id}/parts/{number}/': async () => ({
      fields: {},
      file: {
        field: 'file',
        fileName: 'part',
        contentType: 'application/octet-stream',
        content: Buffer.alloc(100),
      },
    }),
    'PUT /api/back_office/videos/{id}/poster/': async () => ({
      fields: {},
      file: {
        field: 'file',
        fileName: 'frame.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(320, 180),
      },
    }),
    'PUT /api/back_office/videos/{id}/captions/{language}/': async () => ({
      fields: {},
      file: {
        field: 'file',
        fileName: 'captions.vtt',
        contentType: 'text/vtt',
        content: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome\n'),
      },
    }),
  };

/** A valid value for a schema; the property name tells the kinds of text JSON Schema does not. */
export function example(schema: JsonSchema, name: string): unknown {
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return example(options.find((option) => option.type !== 'null') ?? options[0], name);
  switch (schema.type) {
    case 'object': {
      if (schema.properties) {
        return Object.fromEntries(
          Object.entries(schema.properties).map(([key, property]) => [key, example(property, key)]),
        );
      }
      return typeof schema.additionalProperties === 'object'
        ? { en: example(schema.additionalProperties, name) }
        : {};
    }
    case 'array':
      return schema.items ? [example(schema.items, name)] : [];
    case 'integer':
    case 'number':
      if (name === 'year') return 2026;
      return Math.min(
        Math.max(1, (schema.minimum ?? 0) + (schema.exclusiveMinimum ? 1 : 0)),
        schema.maximum ?? 1,
      );
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'date') return '2026-05-01';
      if (schema.format === 'date-time') return '2026-06-01T09:00:00Z';
      if (/email/.test(name)) return 'someone@example.test';
      if (/password/.test(name)) return 'Another_2027';
      if (/url|website|link/i.test(name)) return 'https://example.test';
      if (/telephone|fax/i.test(name)) return '+39 0536 100100';
      if (name === 'vat') return '';
      return 'Sample'.slice(0, schema.maxLength ?? 6);
    }
    default:
      return null;
  }
}

/** Each way to spoil one value of `value`: an integer past the range, or text with a NUL inside. */
export function spoiled(schema: JsonSchema, value: unknown, at: string): { at: string; value: unknown }[] {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return spoiled(options.find((option) => option.type !== 'null') ?? options[0], value, at);
  if (schema.enum) return [];
  if (schema.type === 'integer' || schema.type === 'number') return [{ at, value: pastInteger }];
  if (schema.type === 'string') return [{ at, value: withNul }];
  if (schema.type === 'array' && schema.items && Array.isArray(value) && value.length > 0) {
    return spoiled(schema.items, value[0], `${at}[0]`).map((spoil) => ({
      at: spoil.at,
      value: [spoil.value, ...value.slice(1)],
    }));
  }
  if (schema.type === 'object' && value && typeof value === 'object') {
    const object = value as Json;
    const properties =
      schema.properties ??
      (typeof schema.additionalProperties === 'object'
        ? Object.fromEntries(
            Object.keys(object).map((key) => [key, schema.additionalProperties as JsonSchema]),
          )
        : {});
    return Object.entries(properties).flatMap(([key, property]) =>
      spoiled(property, object[key], at ? `${at}.${key}` : key).map((spoil) => ({
        at: spoil.at,
        value: { ...object, [key]: spoil.value },
      })),
    );
  }
  return [];
}

/** The path with its parameters filled: ids of existing objects, `overrides` where given. */
export function urlOf(
  operation: Operation,
  overrides: Record<string, string> = {},
  query: Record<string, string> = {},
) {
  const segments = operation.path.split('/');
  const filled = segments.map((segment, index) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) return segment;
    if (name in overrides) return encodeURIComponent(overrides[name]);
    if (name !== 'id' && name !== 'fileId') return 'x';
    const key = name === 'fileId' ? 'files' : segments[index - 1];
    if (!(key in pathIds)) throw new Error(`no object made for the ids of ${operation.path}`);
    return String(pathIds[key]);
  });
  const search = new URLSearchParams(query).toString();
  return `${filled.join('/')}${search ? `?${search}` : ''}`;
}

export async function status(
  operation: Operation,
  url: string,
  payload?: { body: unknown; headers?: Record<string, string> },
) {
  const response = await harness.app.inject({
    method: operation.method as 'GET',
    url,
    headers: { ...admin(), ...(payload?.headers ?? (payload ? { 'content-type': 'application/json' } : {})) },
    payload: payload?.body as string | undefined,
  });
  return response.statusCode;
}

/** Writes that take no body at all: an action named by its path alone, not an upload. */
const bodilessActions = new Set([
  'POST /api/press_room/basket/gallery/{id}/',
  'POST /api/back_office/press_boxes/{company}/changes/{change}/approve/',
  'POST /api/back_office/press_boxes/{company}/changes/{change}/reject/',
  'POST /api/back_office/programme/{id}/approve/',
  'POST /api/back_office/coverage/{id}/approve/',
  'POST /api/programme/{id}/signup/',
  'POST /api/programme/feed_token/',
  'PUT /api/press_room/admin/press_release/{id}/featured/{group}/',
  'POST /api/videos/{id}/plays/',
  'POST /api/press_room/admin/press_release/{id}/previews/{invitation}/revoke/',
]);

export const isUpload = (operation: Operation) =>
  ['POST', 'PUT', 'PATCH'].includes(operation.method) &&
  !operation.body &&
  !bodilessActions.has(`${operation.method} ${operation.path}`);

/** The app, its operations and an object for each id in a path, made before the tests of the file that calls it. */
export function setUpProbedApp() {
  beforeAll(async () => {
    ({ harness, as, stop } = await startPressContentApp());
    const description = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = description.json().paths as Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
    operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      })),
    );

    const journalist = await createUser(harness.app, { roles: ['user_press_room'] });
    const company = await created('POST', apiPaths.companies, { business_name: 'Ceramiche Rossi' });
    const brand = await created('POST', apiPaths.brands, { name: 'Terra Tiles' });
    const category = await created('POST', apiPaths.galleryCategories, { name: { en: 'Halls' } });
    const gallery = await created('POST', apiPaths.galleries, {
      name: { en: 'Opening' },
      category: category.id,
    });
    const images = await uploaded(apiPaths.galleryImages(gallery.id), {}, [
      { field: 'file', fileName: 'hall.jpg', contentType: 'image/jpeg', content: await sampleJpeg(200, 100) },
    ]);
    const magazine = await uploaded(
      apiPaths.magazines,
      { kind: 'italian', title: 'Ceramica', month: '3', year: '2026' },
      [pdf('pdf')],
    );
    const document = await uploaded(apiPaths.pressKit, { title: 'Fact sheet', language: 'en' }, [
      pdf('file'),
    ]);
    const release = await created('POST', '/api/press_room/admin/press_release/', {
      publication_date: '2026-05-20',
      groups: [1],
      translations: [{ language: 'en', title: 'New slabs' }],
    });
    const [file] = await uploaded(
      `/api/press_room/admin/press_release/${release.id}/files/`,
      { kind: 'attachment', title: 'Programme' },
      [pdf('file')],
    );
    const message = await created(
      'POST',
      apiPaths.contact,
      { subject: 'Interview', message: 'May I interview the president?' },
      { ...fair, ...authHeader(await tokenFor(harness.app, journalist)) },
    );
    const contact = await created('POST', apiPaths.pressContactsAdmin, { site: 1, name: 'Chiara Fontana' });
    const edition = await created('POST', apiPaths.editions, {
      site: harness.app.sites.forHostname('fair.localhost').id,
      name: 'Tile Fair',
      starts_on: '2026-01-01',
      ends_on: '2099-12-31',
    });
    pathIds = { editions: edition.id };
    const accreditationForm = await uploadForms['POST /api/press_room/accreditation/']();
    const accreditation = await uploaded(apiPaths.myAccreditation, accreditationForm.fields, [
      accreditationForm.file,
    ]);
    const exhibitor = await created('POST', apiPaths.exhibitors, {
      edition: edition.id,
      company: company.id,
      stands: [{ hall: '5', stand: 'A12' }],
    });
    const box = await harness.app.inject({
      method: 'POST',
      url: `${apiPaths.pressBox(company.id)}contacts/`,
      headers: admin(),
      payload: { name: 'Giulia Neri' },
    });
    const [boxContact] = box.json().contacts;
    // An interview request as the service stores it (asking needs an approved accreditation and days to come).
    const [interview] = await harness.db
      .insert(interviewRequests)
      .values({
        exhibitorId: exhibitor.id,
        journalistId: journalist.id,
        topic: 'Slabs',
        language: 'en',
        format: 'stand',
        preferredTimes: ['2099-06-01T09:00:00Z', '2099-06-01T10:00:00Z'],
        journalistName: 'Ada Reporter',
        outlet: 'Tile Weekly',
        email: journalist.email,
        consentAt: harness.clock.now(),
        consentNoticeVersion: privacyNoticeVersion,
        consentLanguage: 'en',
      })
      .returning();
    const programmeEvent = await created('POST', apiPaths.programmeAdmin, {
      edition: edition.id,
      type: 'talk',
      title: { en: 'Large slabs' },
      starts_at: '2099-06-01T09:00:00Z',
      ends_at: '2099-06-01T10:00:00Z',
      hall: '5',
      languages: ['en'],
      capacity: 20,
    });
    const [piece] = await harness.db
      .insert(coverage)
      .values({
        pressGroupId: harness.app.sites.forHostname('fair.localhost').id,
        editionId: edition.id,
        url: 'https://tile-weekly.example/slabs',
        urlKey: 'tile-weekly.example/slabs',
        title: 'Slabs at the fair',
        outlet: 'Tile Weekly',
        publishedOn: '2026-05-20',
        language: 'en',
        country: 'GB',
        mediaType: 'website',
        reporterId: journalist.id,
      })
      .returning();
    const award = await created('POST', apiPaths.awards, {
      edition: edition.id,
      name: { en: 'Press award' },
      window_starts_on: '2026-05-01',
      window_ends_on: '2026-06-30',
      entry_deadline: '2099-07-01T00:00:00Z',
      categories: [{ name: { en: 'Design' } }],
    });
    // An entry as the service stores it (entering needs the journalist's own approved piece).
    const [entry] = await harness.db
      .insert(awardEntries)
      .values({ categoryId: award.categories[0].id, coverageId: piece.id, journalistId: journalist.id })
      .returning();
    const recipientList = await created('POST', apiPaths.recipientLists, {
      name: 'Design press',
      filters: {},
    });
    const upload = await created('POST', apiPaths.videoUploads, { file_name: 'fair.mp4', size: 100 });
    const video = await insertVideo(harness.app, { pressReleaseId: release.id });
    const { fields, file: csv } = await uploadForms['POST /api/back_office/imports/']();
    const companyImport = await uploaded(apiPaths.imports, fields, [csv]);
    pathIds = {
      companies: company.id,
      brands: brand.id,
      users: journalist.id,
      accreditations: journalist.id,
      imports: companyImport.id,
      categories: category.id,
      galleries: gallery.id,
      images: images.images[0].id,
      magazine: magazine.id,
      press_kit: document.id,
      contact: message.id,
      press_release: release.id,
      press_release_file: file.id,
      files: file.id,
      press_contacts: contact.id,
      press_release_contacts: release.id,
      editions: edition.id,
      accreditation: accreditation.id,
      exhibitors: exhibitor.id,
      press_box_contacts: boxContact.id,
      interviews: interview.id,
      programme: programmeEvent.id,
      coverage: piece.id,
      releases: release.id,
      awards: award.id,
      award: award.id,
      award_categories: award.categories[0].id,
      award_entries: entry.id,
      entries: entry.id,
      video_uploads: upload.id,
      videos: video.id,
      recipient_lists: recipientList.id,
    };
  }, 60_000);

  afterAll(() => stop());
}
