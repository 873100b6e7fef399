import type { ExhibitorCategory } from '@pressroom/contract';
import {
  brands,
  companies,
  companyBrands,
  companyPressBoxes,
  companyPressContacts,
  type Database,
  exhibitorStands,
  exhibitors,
  fairEditions,
  programmeEvents,
} from '@pressroom/db';
import { companyMatchKey } from '../../lib/company-fields.ts';

// Small factories writing straight into the database, as the services would have stored the rows.

let sequence = 0;

export async function insertEdition(
  db: Database,
  options: { siteId: number; name?: string; startsOn?: string; endsOn?: string },
) {
  sequence += 1;
  const [edition] = await db
    .insert(fairEditions)
    .values({
      pressGroupId: options.siteId,
      name: options.name ?? `Tile Fair ${sequence}`,
      startsOn: options.startsOn ?? '2026-09-22',
      endsOn: options.endsOn ?? '2026-09-26',
    })
    .returning();
  return edition;
}

export async function insertCompany(
  db: Database,
  options: { name: string; city?: string; vat?: string; country?: string; brands?: string[] },
) {
  const [company] = await db
    .insert(companies)
    .values({
      businessName: options.name,
      city: options.city ?? '',
      vat: options.vat ?? '',
      country: options.country ?? '',
      matchKey: companyMatchKey(options.name, options.city ?? ''),
    })
    .returning();
  for (const name of options.brands ?? []) {
    const [brand] = await db.insert(brands).values({ name }).returning();
    await db.insert(companyBrands).values({ companyId: company.id, brandId: brand.id });
  }
  return company;
}

export async function insertExhibitor(
  db: Database,
  options: {
    editionId: number;
    companyId: number;
    category?: ExhibitorCategory | null;
    stands?: { hall: string; stand: string }[];
  },
) {
  const [exhibitor] = await db
    .insert(exhibitors)
    .values({
      editionId: options.editionId,
      companyId: options.companyId,
      category: options.category ?? null,
    })
    .returning();
  const stands = options.stands ?? [];
  if (stands.length > 0) {
    await db
      .insert(exhibitorStands)
      .values(stands.map((stand, position) => ({ exhibitorId: exhibitor.id, ...stand, position })));
  }
  return exhibitor;
}

export async function insertPressBox(
  db: Database,
  options: {
    companyId: number;
    descriptions?: Record<string, string>;
    website?: string;
    /** A logo's key in the file store (the row alone: no file is written). */
    logoPath?: string;
  },
) {
  const [box] = await db
    .insert(companyPressBoxes)
    .values({
      companyId: options.companyId,
      descriptions: options.descriptions ?? {},
      website: options.website ?? '',
      logoPath: options.logoPath ?? null,
      logoVersion: options.logoPath ? 1 : 0,
    })
    .returning();
  return box;
}

export async function insertPressBoxContact(
  db: Database,
  options: {
    companyId: number;
    name: string;
    roles?: Record<string, string>;
    email?: string;
    phone?: string;
    languages?: string[];
  },
) {
  const [contact] = await db
    .insert(companyPressContacts)
    .values({
      companyId: options.companyId,
      name: options.name,
      roles: options.roles ?? {},
      email: options.email ?? '',
      phone: options.phone ?? '',
      languages: options.languages ?? [],
    })
    .returning();
  return contact;
}

/** An exhibitor's event on the press programme as the programme's service would have stored it: approved, one hour. */
export async function insertProgrammeEvent(
  db: Database,
  options: Partial<typeof programmeEvents.$inferInsert> & {
    editionId: number;
    exhibitorId: number;
    title: Record<string, string>;
    startsAt: Date;
  },
) {
  const [event] = await db
    .insert(programmeEvents)
    .values({
      type: 'exhibitor_event',
      status: 'approved',
      endsAt: new Date(options.startsAt.getTime() + 3_600_000),
      hall: '5',
      languages: ['en'],
      ...options,
    })
    .returning();
  return event;
}
