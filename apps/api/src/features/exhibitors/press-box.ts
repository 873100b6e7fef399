import { createHash } from 'node:crypto';
import {
  type PressBox,
  type PressBoxChangeKind,
  type pressBoxContactFieldsSchema,
  pressBoxContactsMax,
  type pressBoxContactUpdateSchema,
  type pressBoxUpdateSchema,
} from '@pressroom/contract';
import { companyPressContacts, type Executor, pressBoxChanges } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError, notFound, permissionDenied, validationError } from '../../lib/api-error.ts';
import type { AuthUser } from '../../lib/identity.ts';
import { withoutEmpty } from '../../lib/localized-text.ts';
import { fittedPng, squareJpeg } from '../../lib/raster-upload.ts';
import type { ReceivedForm } from '../../lib/uploads.ts';
import { logoUrl, presentChange, presentContact } from './presenters.ts';
import * as repository from './repository.ts';

// A company's press box, kept by its own administrators and agents and by the press office, which may correct or
// hide any. The association's staff keep the companies' registry data (name, address, VAT, hall and stand: the
// companies and exhibitors features), not their press content, so no press box is theirs. An agent's change is kept as a proposal and waits for the company's administrator or the press office,
// as an agent's release waits to be published (press-releases/editing-service.ts); the others' changes apply at
// once. Approving applies the proposal as it was made, through the same code.

/** A logo is shown small: it fits in this square, never enlarged. */
const logoSide = 800;
const photoSide = 400;
/** A logo larger than this is refused while it is still arriving. */
export const logoMaxBytes = 5 * 1024 * 1024;

export interface PressBoxAccess {
  /** The user's changes apply at once (else they wait). */
  direct: boolean;
  /** The user may approve or reject the waiting changes. */
  approve: boolean;
}

/**
 * Who may keep a company's press box: the press office (press_release.manage_all) any company's; the company's
 * administrator (press_release.publish_own_company) and agents (press_release.write_own_company) their own, the
 * agents' changes waiting. Managing the companies' registry (company.manage) gives none.
 */
function pressBoxAccess(user: AuthUser, companyId: number): PressBoxAccess | null {
  if (user.permissions.has('press_release.manage_all')) return { direct: true, approve: true };
  if (user.companyId === null || user.companyId !== companyId) return null;
  if (user.permissions.has('press_release.publish_own_company')) return { direct: true, approve: true };
  if (user.permissions.has('press_release.write_own_company')) return { direct: false, approve: false };
  return null;
}

/** The permissions that make a user an editor of some press box (the guard of every editing route). */
export const pressBoxEditorPermissions = [
  'press_release.manage_all',
  'press_release.publish_own_company',
  'press_release.write_own_company',
] as const;

/**
 * The user's access to a company's press box: a 403 for another company's (whether it exists or not), a 404
 * for a company that does not exist.
 */
export async function accessTo(app: FastifyInstance, user: AuthUser, companyId: number) {
  const access = pressBoxAccess(user, companyId);
  if (!access) throw permissionDenied();
  if (!(await repository.companyExists(app.db, companyId))) throw notFound();
  return access;
}

export async function pressBoxFor(
  app: FastifyInstance,
  companyId: number,
  access: PressBoxAccess,
): Promise<PressBox> {
  const [name, box, contacts, pending] = await Promise.all([
    repository.companyName(app.db, companyId),
    repository.findPressBox(app.db, companyId),
    repository.contactsOfCompany(app.db, companyId),
    repository.pendingChanges(app.db, companyId),
  ]);
  return {
    company: { id: companyId, name: name ?? '' },
    description: box?.descriptions ?? {},
    website: box?.website ?? '',
    logo_url: box?.logoPath ? logoUrl(companyId, box.logoVersion) : null,
    contacts: contacts.map(presentContact),
    pending: pending.map(presentChange),
    applies_directly: access.direct,
    may_approve: access.approve,
  };
}

// ------------------------------------------------------------------------------------------------ changes

export interface Change {
  kind: PressBoxChangeKind;
  contactId?: number;
  payload?: Record<string, unknown>;
  filePath?: string;
}

type ContactFields = z.output<typeof pressBoxContactFieldsSchema>;
type ContactUpdate = z.output<typeof pressBoxContactUpdateSchema>;
type BoxUpdate = z.output<typeof pressBoxUpdateSchema>;

function contactValues(fields: ContactUpdate): Partial<typeof companyPressContacts.$inferInsert> {
  const { role, languages, ...rest } = fields;
  const values: Partial<typeof companyPressContacts.$inferInsert> = { ...rest };
  if (role !== undefined) values.roles = withoutEmpty(role);
  if (languages !== undefined) values.languages = [...new Set(languages)];
  return values;
}

/** A press box's contacts are bounded (the order's limit): an addition past it is refused in words. */
const contactsFull = () =>
  new ApiError(409, { detail: 'pressBoxContactsFull' }, { max: String(pressBoxContactsMax) });

/** Carries out a change on the press box (directly, or when its proposal is approved). */
async function apply(db: Executor, companyId: number, change: Change, now: Date) {
  const contact = async () => {
    const found = change.contactId ? await repository.findContact(db, companyId, change.contactId) : null;
    if (!found) throw notFound();
    return found;
  };
  switch (change.kind) {
    case 'fields': {
      const fields = (change.payload ?? {}) as BoxUpdate;
      await repository.savePressBox(
        db,
        companyId,
        {
          ...(fields.description !== undefined ? { descriptions: withoutEmpty(fields.description) } : {}),
          ...(fields.website !== undefined ? { website: fields.website } : {}),
        },
        now,
      );
      return;
    }
    case 'logo': {
      const current = await repository.findPressBox(db, companyId);
      await repository.savePressBox(
        db,
        companyId,
        { logoPath: change.filePath ?? null, logoVersion: (current?.logoVersion ?? 0) + 1 },
        now,
      );
      return;
    }
    case 'logo_removed':
      await repository.savePressBox(db, companyId, { logoPath: null }, now);
      return;
    case 'contact_added': {
      if ((await repository.lockedContactCount(db, companyId)) >= pressBoxContactsMax) throw contactsFull();
      const fields = change.payload as ContactFields;
      await db.insert(companyPressContacts).values({
        companyId,
        ...contactValues(fields),
        name: fields.name,
        position: fields.position ?? (await repository.nextContactPosition(db, companyId)),
        updatedAt: now,
      });
      return;
    }
    case 'contact_changed':
      await contact();
      await db
        .update(companyPressContacts)
        .set({ ...contactValues((change.payload ?? {}) as ContactUpdate), updatedAt: now })
        .where(eq(companyPressContacts.id, change.contactId!));
      return;
    case 'contact_removed':
      await contact();
      await db.delete(companyPressContacts).where(eq(companyPressContacts.id, change.contactId!));
      return;
    case 'photo_removed':
      await contact();
      await db
        .update(companyPressContacts)
        .set({ photoPath: null, updatedAt: now })
        .where(eq(companyPressContacts.id, change.contactId!));
      return;
    case 'contacts_reordered': {
      // The order as proposed; a contact added since goes after those it names, in its place among them.
      const proposed = ((change.payload ?? {}) as { contacts?: number[] }).contacts ?? [];
      const current = await repository.contactIdsOfCompany(db, companyId);
      const order = [
        ...proposed.filter((id) => current.includes(id)),
        ...current.filter((id) => !proposed.includes(id)),
      ];
      await repository.setContactPositions(db, companyId, order, now);
      return;
    }
    case 'contact_photo':
      await contact();
      await db
        .update(companyPressContacts)
        .set({
          photoPath: change.filePath ?? null,
          photoVersion: sql`${companyPressContacts.photoVersion} + 1`,
          updatedAt: now,
        })
        .where(eq(companyPressContacts.id, change.contactId!));
      return;
  }
}

export type Submitted = { applied: true; box: PressBox } | { applied: false; changeId: number };

/**
 * A change from an editor of the press box: applied at once when the editor may, else kept as a proposal that
 * waits. A change naming a contact of another company (or none) is a 404 either way.
 */
export async function submit(
  app: FastifyInstance,
  user: AuthUser,
  companyId: number,
  change: Change,
): Promise<Submitted> {
  const access = await accessTo(app, user, companyId);
  if (
    change.contactId !== undefined &&
    !(await repository.findContact(app.db, companyId, change.contactId))
  ) {
    throw notFound();
  }
  if (
    change.kind === 'contact_added' &&
    (await repository.contactIdsOfCompany(app.db, companyId)).length >= pressBoxContactsMax
  ) {
    throw contactsFull();
  }
  if (change.kind === 'contacts_reordered') {
    const proposed = ((change.payload ?? {}) as { contacts?: number[] }).contacts ?? [];
    const current = await repository.contactIdsOfCompany(app.db, companyId);
    if (proposed.length !== current.length || current.some((id) => !proposed.includes(id))) {
      throw validationError({ contacts: ['pressBoxOrderIncomplete'] });
    }
  }
  const now = app.clock.now();
  // A change of fields that names none changes nothing: there is nothing to wait for either.
  const empty =
    (change.kind === 'fields' || change.kind === 'contact_changed') &&
    Object.keys(change.payload ?? {}).length === 0;
  if (access.direct || empty) {
    if (!empty) await app.db.transaction((tx) => apply(tx, companyId, change, now));
    return { applied: true, box: await pressBoxFor(app, companyId, access) };
  }
  const [row] = await app.db
    .insert(pressBoxChanges)
    .values({
      companyId,
      kind: change.kind,
      contactId: change.contactId ?? null,
      payload: change.payload ?? {},
      filePath: change.filePath ?? null,
      proposedBy: user.id,
      proposedAt: now,
    })
    .returning({ id: pressBoxChanges.id });
  return { applied: false, changeId: row.id };
}

export async function waitingChange(app: FastifyInstance, companyId: number, changeId: number) {
  const change = await repository.findChange(app.db, companyId, changeId);
  if (!change) throw notFound();
  return presentChange(change);
}

/** Approves (applies) or rejects a waiting change; a change already decided is a 409. */
export async function decide(
  app: FastifyInstance,
  user: AuthUser,
  companyId: number,
  changeId: number,
  decision: 'approved' | 'rejected',
) {
  const access = await accessTo(app, user, companyId);
  if (!access.approve) throw permissionDenied();
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const change = await repository.findChange(tx, companyId, changeId);
    if (!change) throw notFound();
    if (
      !(await repository.decideChange(tx, changeId, { status: decision, decidedBy: user.id, decidedAt: now }))
    ) {
      throw new ApiError(409, { detail: 'pressBoxChangeDecided' });
    }
    if (decision === 'approved') {
      await apply(
        tx,
        companyId,
        {
          kind: change.kind as PressBoxChangeKind,
          contactId: change.contactId ?? undefined,
          payload: change.payload,
          filePath: change.filePath ?? undefined,
        },
        now,
      );
    }
  });
  return pressBoxFor(app, companyId, access);
}

// ------------------------------------------------------------------------------------------------ files

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The form's one file in `field`, or a 400. */
function fileOf(form: ReceivedForm, field: string) {
  const file = form.files.find((candidate) => candidate.field === field);
  if (!file) throw validationError({ [field]: ['fieldRequired'] });
  return file;
}

/**
 * Checks a logo by its content (a JPEG, PNG or WebP image within the pixel limit) and keeps what sharp made of
 * its pixels, a PNG, in the file store under its checksum. Nothing is kept for a file that fails.
 */
export async function storeLogo(app: FastifyInstance, form: ReceivedForm): Promise<string> {
  const png = await fittedPng(
    fileOf(form, 'logo'),
    { field: 'logo', typeError: 'logoTypeNotAccepted', maxPixels: app.config.imageMaxPixels },
    logoSide,
  );
  const key = `press-boxes/logos/${sha256(png)}.png`;
  await app.storage.putBytes(key, png, 'image/png');
  return key;
}

/** A contact's photo: a square JPEG re-encoded from the upload's pixels, as the site's press contacts have. */
export async function storePhoto(app: FastifyInstance, form: ReceivedForm): Promise<string> {
  const jpeg = await squareJpeg(
    fileOf(form, 'photo'),
    { field: 'photo', typeError: 'photoTypeNotAccepted', maxPixels: app.config.imageMaxPixels },
    photoSide,
  );
  const key = `press-boxes/photos/${sha256(jpeg)}.jpg`;
  await app.storage.putBytes(key, jpeg, 'image/jpeg');
  return key;
}

/** The checksum a stored file's key names: its strong validator. */
export const checksumOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
