import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { fairEditions } from './accreditation.ts';

const blank = (name: string, length: number) => varchar(name, { length }).notNull().default('');

/** Member companies of the association (spec section 3), with the public variants shown to the press. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    businessName: varchar('business_name', { length: 200 }).notNull(),
    shortName: blank('short_name', 100),
    address: blank('address', 200),
    city: blank('city', 100),
    state: blank('state', 100),
    // ISO 3166-1 alpha-2 codes, or empty; the *Unmapped columns keep free text typed before codes that names no
    // country, for the office to fix (PRODUCT.md section 12).
    country: blank('country', 2),
    countryUnmapped: blank('country_unmapped', 100),
    postalCode: blank('postal_code', 20),
    telephone: blank('telephone', 50),
    fax: blank('fax', 50),
    // Normalised (upper case, no separators); empty when unknown.
    vat: blank('vat', 30),
    email: blank('email', 254),
    website: blank('website', 300),
    note: text('note').notNull().default(''),
    typology: blank('typology', 80),
    associationStatus: varchar('association_status', { length: 20 }).notNull().default('non_member'),
    pubBusinessName: blank('pub_business_name', 200),
    pubAddress: blank('pub_address', 200),
    pubPostalCode: blank('pub_postal_code', 20),
    pubCity: blank('pub_city', 100),
    pubState: blank('pub_state', 100),
    pubCountry: blank('pub_country', 2),
    pubCountryUnmapped: blank('pub_country_unmapped', 100),
    pubTelephone: blank('pub_telephone', 50),
    pubFax: blank('pub_fax', 50),
    pubWebsite: blank('pub_website', 300),
    pubEmail: blank('pub_email', 254),
    // Business name and city, trimmed, spaces collapsed, lower case: how imports recognise a company without VAT.
    matchKey: varchar('match_key', { length: 310 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('companies_vat_unique').on(table.vat).where(sql`${table.vat} <> ''`),
    index('companies_match_key_idx').on(table.matchKey),
    index('companies_business_name_idx').on(table.businessName),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('brands_name_lower_unique').on(sql`lower(${table.name})`)],
);

export const companyBrands = pgTable(
  'company_brands',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.brandId] }),
    index('company_brands_brand_idx').on(table.brandId),
  ],
);

export interface ImportSummaryRecord {
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  unchanged: number;
  invalid: number;
  duplicate: number;
  empty: number;
}

/** One uploaded file and what was done with it: the import history. */
export const companyImports = pgTable(
  'company_imports',
  {
    id: serial('id').primaryKey(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    // Where the upload is kept under the data directory; removed once imported.
    storedPath: varchar('stored_path', { length: 500 }).notNull(),
    format: varchar('format', { length: 10 }).notNull(),
    size: integer('size').notNull(),
    // What the file fills: companies, or the exhibitors of one edition (chosen with the dry run).
    target: varchar('target', { length: 12 }).notNull().default('companies'),
    editionId: integer('edition_id').references(() => fairEditions.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 12 }).notNull().default('uploaded'),
    tables: jsonb('tables').$type<string[]>().notNull().default([]),
    tableName: varchar('table_name', { length: 200 }),
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    // CSV reading choices found on upload (delimiter, encoding), so every pass reads the file the same way.
    source: jsonb('source').$type<{ delimiter?: string; encoding?: string }>().notNull().default({}),
    rowCount: integer('row_count'),
    dryRun: jsonb('dry_run').$type<ImportSummaryRecord>(),
    report: jsonb('report').$type<ImportSummaryRecord>(),
    error: varchar('error', { length: 120 }),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // While a run is under way: how far it got and when its server last said it is alive, so that any app
    // server can show its progress, and a run whose server died is told from one still running elsewhere.
    progress: jsonb('progress').$type<{
      phase: 'dry_run' | 'import';
      processed: number;
      total: number | null;
      percent: number;
    }>(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (table) => [index('company_imports_created_at_idx').on(table.createdAt)],
);

/** The per-row outcome of a dry run or an import, with the reason: the detailed report. */
export const companyImportRows = pgTable(
  'company_import_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => companyImports.id, { onDelete: 'cascade' }),
    phase: varchar('phase', { length: 10 }).notNull(),
    rowNumber: integer('row_number').notNull(),
    outcome: varchar('outcome', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 60 }).notNull(),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
    errors: jsonb('errors').$type<Record<string, string[]>>(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    businessName: varchar('business_name', { length: 200 }).notNull().default(''),
  },
  (table) => [index('company_import_rows_import_idx').on(table.importId, table.phase, table.rowNumber)],
);
