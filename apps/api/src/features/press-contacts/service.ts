import {
  contentFallback,
  type pressContactFieldsSchema,
  type pressContactUpdateSchema,
} from '@pressroom/contract';
import { pressContacts } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Viewer } from '../../access/index.ts';
import { notFound, validationError } from '../../lib/api-error.ts';
import { withoutEmpty } from '../../lib/localized-text.ts';
import { squareJpeg } from '../../lib/raster-upload.ts';
import type { ReceivedForm } from '../../lib/uploads.ts';
import * as repository from './repository.ts';

/** A contact's photo is shown small (a round avatar): one square JPEG, re-encoded from the upload's pixels. */
const photoSide = 400;

function knownSite(app: FastifyInstance, siteId: number, field = 'site') {
  const known = [...app.sites.byName.values()].some((site) => site.id === siteId);
  if (!known) throw validationError({ [field]: ['fieldInvalid'] });
  return siteId;
}

/** The text in the reader's language, else English, then Italian, then any (PRODUCT.md section 6). */
function inReaderLanguage<Row extends { language: string }>(rows: Row[], requested: string) {
  for (const candidate of [requested, ...contentFallback]) {
    const row = rows.find((item) => item.language === candidate);
    if (row) return row;
  }
  return rows[0];
}

/**
 * Who speaks for a release (or for the site when no release is named): the contacts the release names when
 * the viewer may read it, else the site's; and the site's boilerplate in the reader's language.
 */
export async function voicesFor(
  app: FastifyInstance,
  options: { siteId: number; viewer: Viewer; releaseId?: number; language: string },
) {
  const named =
    options.releaseId === undefined
      ? []
      : await repository.contactsOfVisibleRelease(app.db, options.viewer, options.releaseId, options.siteId);
  const contacts = named.length > 0 ? named : await repository.contactsOfSite(app.db, options.siteId);
  const boilerplate = inReaderLanguage(
    await repository.boilerplatesOfSite(app.db, options.siteId),
    options.language,
  );
  return { contacts, namedByRelease: named.length > 0, boilerplate };
}

export async function createContact(app: FastifyInstance, fields: z.infer<typeof pressContactFieldsSchema>) {
  const siteId = knownSite(app, fields.site);
  const [row] = await app.db
    .insert(pressContacts)
    .values({
      pressGroupId: siteId,
      name: fields.name,
      roles: withoutEmpty(fields.role),
      email: fields.email,
      phone: fields.phone,
      languages: [...new Set(fields.languages)],
      position: fields.position ?? (await repository.nextPosition(app.db, siteId)),
      updatedAt: app.clock.now(),
    })
    .returning({ id: pressContacts.id });
  return found(await repository.findContact(app.db, row.id));
}

function found<Row>(row: Row | undefined): Row {
  if (!row) throw notFound();
  return row;
}

/** Writes only the fields the request names. */
export async function updateContact(
  app: FastifyInstance,
  id: number,
  fields: z.infer<typeof pressContactUpdateSchema>,
) {
  found(await repository.findContact(app.db, id));
  const { site, languages, role, ...rest } = fields;
  const values: Partial<typeof pressContacts.$inferInsert> = { ...rest, updatedAt: app.clock.now() };
  if (role !== undefined) values.roles = withoutEmpty(role);
  if (site !== undefined) values.pressGroupId = knownSite(app, site);
  if (languages !== undefined) values.languages = [...new Set(languages)];
  await app.db.update(pressContacts).set(values).where(eq(pressContacts.id, id));
  return found(await repository.findContact(app.db, id));
}

export async function deleteContact(app: FastifyInstance, id: number) {
  const rows = await app.db
    .delete(pressContacts)
    .where(eq(pressContacts.id, id))
    .returning({ id: pressContacts.id });
  if (rows.length === 0) throw notFound();
}

/**
 * Keeps a new photo: raster images only (told by their first bytes), refused above the pixel limit before
 * any decoding, and stored as what sharp re-encoded from the pixels, never as uploaded.
 */
export async function setPhoto(app: FastifyInstance, id: number, form: ReceivedForm) {
  found(await repository.findContact(app.db, id));
  const file = form.files.find((candidate) => candidate.field === 'photo');
  if (!file) throw validationError({ photo: ['fieldRequired'] });
  const photo = await squareJpeg(
    file,
    { field: 'photo', typeError: 'photoTypeNotAccepted', maxPixels: app.config.imageMaxPixels },
    photoSide,
  );
  await app.db
    .update(pressContacts)
    .set({ photo, photoVersion: sql`${pressContacts.photoVersion} + 1`, updatedAt: app.clock.now() })
    .where(eq(pressContacts.id, id));
  return found(await repository.findContact(app.db, id));
}

export async function removePhoto(app: FastifyInstance, id: number) {
  found(await repository.findContact(app.db, id));
  await app.db
    .update(pressContacts)
    .set({ photo: null, updatedAt: app.clock.now() })
    .where(eq(pressContacts.id, id));
  return found(await repository.findContact(app.db, id));
}

export async function saveBoilerplate(app: FastifyInstance, siteId: number, language: string, text: string) {
  return repository.saveBoilerplate(app.db, {
    pressGroupId: knownSite(app, siteId),
    language,
    text,
    updatedAt: app.clock.now(),
  });
}

export async function deleteBoilerplate(app: FastifyInstance, siteId: number, language: string) {
  if (!(await repository.deleteBoilerplate(app.db, siteId, language))) throw notFound();
}

/** Names the contacts of a release, in the given order (none: the release's sites speak for it). */
export async function setReleaseContacts(app: FastifyInstance, releaseId: number, contactIds: number[]) {
  if (!(await repository.releaseExists(app.db, releaseId))) throw notFound();
  const unique = [...new Set(contactIds)];
  const existing = await repository.existingContactIds(app.db, unique);
  if (unique.some((id) => !existing.has(id))) throw validationError({ contacts: ['fieldInvalid'] });
  await repository.replaceReleaseContacts(app.db, releaseId, unique);
  return unique;
}

export async function releaseContacts(app: FastifyInstance, releaseId: number) {
  if (!(await repository.releaseExists(app.db, releaseId))) throw notFound();
  return repository.contactIdsOfRelease(app.db, releaseId);
}
