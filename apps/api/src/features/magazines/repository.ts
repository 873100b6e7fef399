import { type Executor, magazines } from '@pressroom/db';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';

export type MagazineRow = typeof magazines.$inferSelect;

export interface MagazineScope {
  siteId: number | null;
  kind?: string;
  month?: number;
  year?: number;
  territory?: string;
}

/** The filters of the magazine screen as one condition (territory compared without regard to case). */
function scopeCondition(scope: MagazineScope): SQL | undefined {
  return and(
    scope.siteId === null ? undefined : sql`${scope.siteId} = any(${magazines.groupIds})`,
    scope.kind ? eq(magazines.kind, scope.kind) : undefined,
    scope.month ? eq(magazines.month, scope.month) : undefined,
    scope.year ? eq(magazines.year, scope.year) : undefined,
    scope.territory ? sql`lower(${magazines.territory}) = lower(${scope.territory})` : undefined,
  );
}

export async function countMagazines(db: Executor, scope: MagazineScope, where: SQL | undefined) {
  const [row] = await db
    .select({ total: count() })
    .from(magazines)
    .where(and(scopeCondition(scope), where));
  return row?.total ?? 0;
}

export async function pageMagazines(
  db: Executor,
  scope: MagazineScope,
  options: { where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number },
) {
  const query = db
    .select()
    .from(magazines)
    .where(and(scopeCondition(scope), options.where))
    .orderBy(...options.orderBy)
    .offset(options.offset);
  return options.limit === null ? query : query.limit(options.limit);
}

export async function findMagazine(db: Executor, id: number): Promise<MagazineRow | undefined> {
  const [row] = await db.select().from(magazines).where(eq(magazines.id, id));
  return row;
}

export async function facets(db: Executor, scope: MagazineScope) {
  const condition = scopeCondition(scope);
  const years = await db
    .selectDistinct({ year: magazines.year })
    .from(magazines)
    .where(condition)
    .orderBy(sql`${magazines.year} desc`);
  const territories = await db
    .selectDistinct({ territory: magazines.territory })
    .from(magazines)
    .where(and(condition, sql`${magazines.territory} is not null and ${magazines.territory} <> ''`))
    .orderBy(magazines.territory);
  return {
    years: years.map((row) => row.year),
    territories: territories.map((row) => row.territory as string),
  };
}
