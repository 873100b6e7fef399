import { brands, companies, companyBrands, type Executor, users } from '@pressroom/db';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companyMatchKey } from '../../lib/company-fields.ts';
import type { ListColumns, ListSource } from '../../lib/datatables.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Omit<
  typeof companies.$inferInsert,
  'id' | 'matchKey' | 'createdAt' | 'updatedAt'
>;
export type CompanyWithBrands = CompanyRow & { brands: { id: number; name: string }[] };

// Correlated subqueries name the outer column in full: drizzle renders a column of a single-table select as a
// bare "id", which inside the subquery would silently mean the inner table's id.
const brandsOfCompany = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', b.id, 'name', b.name) order by lower(b.name))
  from company_brands cb join brands b on b.id = cb.brand_id
  where cb.company_id = "companies"."id"), '[]'::json)`;

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Columns a companies list may search and order by (DataTables names). */
export const companyColumns: ListColumns = {
  id: { expression: companies.id, searchable: false },
  business_name: { expression: companies.businessName },
  shortName: { expression: companies.shortName },
  city: { expression: companies.city },
  state: { expression: companies.state },
  country: { expression: companies.country },
  postalCode: { expression: companies.postalCode },
  vat: { expression: companies.vat },
  email: { expression: companies.email },
  telephone: { expression: companies.telephone },
  typology: { expression: companies.typology },
  associationStatus: { expression: companies.associationStatus },
  brands: {
    expression: sql`(select string_agg(b.name, ', ') from company_brands cb join brands b on b.id = cb.brand_id
      where cb.company_id = "companies"."id")`,
    orderable: false,
  },
};

export function companySource(
  db: Executor,
  filters: { associationStatus?: string; typology?: string },
): ListSource<CompanyWithBrands> {
  const scope = and(
    filters.associationStatus ? eq(companies.associationStatus, filters.associationStatus) : undefined,
    filters.typology ? eq(companies.typology, filters.typology) : undefined,
  );
  const where = (extra: SQL | undefined) => and(scope, extra);
  return {
    async count(extra) {
      const [row] = await db.select({ value: count() }).from(companies).where(where(extra));
      return row.value;
    },
    async rows({ where: extra, orderBy, limit, offset }) {
      let query = db
        .select({ company: companies, brands: brandsOfCompany })
        .from(companies)
        .where(where(extra))
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      const rows = await query;
      return rows.map((row) => ({ ...row.company, brands: parseJson(row.brands) }));
    },
  };
}

export async function findCompany(db: Executor, id: number): Promise<CompanyWithBrands | null> {
  const [row] = await db
    .select({ company: companies, brands: brandsOfCompany })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ? { ...row.company, brands: parseJson(row.brands) } : null;
}

export async function insertCompany(db: Executor, values: CompanyValues, now: Date): Promise<CompanyRow> {
  const [row] = await db
    .insert(companies)
    .values({
      ...values,
      matchKey: companyMatchKey(values.businessName, values.city ?? ''),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function updateCompany(
  db: Executor,
  current: CompanyRow,
  changes: Partial<CompanyValues>,
  now: Date,
): Promise<void> {
  const businessName = changes.businessName ?? current.businessName;
  const city = changes.city ?? current.city;
  await db
    .update(companies)
    .set({ ...changes, matchKey: companyMatchKey(businessName, city), updatedAt: now })
    .where(eq(companies.id, current.id));
}

export async function deleteCompany(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return deleted.length > 0;
}

export async function countCompanyUsers(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.companyId, companyId));
  return row.value;
}

export async function existingBrandIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Replaces the company's brands with exactly the given ones. */
export async function replaceCompanyBrands(db: Executor, companyId: number, brandIds: number[]) {
  await db.delete(companyBrands).where(eq(companyBrands.companyId, companyId));
  if (brandIds.length > 0) {
    await db.insert(companyBrands).values(brandIds.map((brandId) => ({ companyId, brandId })));
  }
}

// ------------------------------------------------------------------------------------------------- brands

export type BrandRow = typeof brands.$inferSelect & { companies: number };

const companiesOfBrand = sql<number>`(select count(*)::int from company_brands cb where cb.brand_id = "brands"."id")`;

export const brandColumns: ListColumns = {
  id: { expression: brands.id, searchable: false },
  name: { expression: brands.name },
  companies: { expression: companiesOfBrand, searchable: false },
};

export function brandSource(db: Executor): ListSource<BrandRow> {
  return {
    async count(where) {
      const [row] = await db.select({ value: count() }).from(brands).where(where);
      return row.value;
    },
    async rows({ where, orderBy, limit, offset }) {
      let query = db
        .select({
          id: brands.id,
          name: brands.name,
          createdAt: brands.createdAt,
          companies: companiesOfBrand,
        })
        .from(brands)
        .where(where)
        .orderBy(...orderBy)
        .offset(offset)
        .$dynamic();
      if (limit !== null) query = query.limit(limit);
      return query;
    },
  };
}

export async function findBrand(db: Executor, id: number): Promise<BrandRow | null> {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, createdAt: brands.createdAt, companies: companiesOfBrand })
    .from(brands)
    .where(eq(brands.id, id));
  return row ?? null;
}

export async function insertBrand(db: Executor, name: string, now: Date) {
  const [row] = await db.insert(brands).values({ name, createdAt: now }).returning();
  return row;
}

export async function renameBrand(db: Executor, id: number, name: string) {
  const rows = await db.update(brands).set({ name }).where(eq(brands.id, id)).returning({ id: brands.id });
  return rows.length > 0;
}

export async function deleteBrand(db: Executor, id: number) {
  const rows = await db.delete(brands).where(eq(brands.id, id)).returning({ id: brands.id });
  return rows.length > 0;
}
