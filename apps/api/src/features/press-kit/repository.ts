import { type Executor, pressKitDocuments } from '@pressroom/db';
import { and, asc, eq, sql } from 'drizzle-orm';

export type PressKitRow = typeof pressKitDocuments.$inferSelect;

const onSite = (siteId: number) => sql`${siteId} = any(${pressKitDocuments.groupIds})`;

export async function documentsOfSite(db: Executor, siteId: number | null, language?: string) {
  return db
    .select()
    .from(pressKitDocuments)
    .where(
      and(
        siteId === null ? undefined : onSite(siteId),
        language ? eq(pressKitDocuments.language, language) : undefined,
      ),
    )
    .orderBy(asc(pressKitDocuments.language), asc(pressKitDocuments.position), asc(pressKitDocuments.id));
}

export async function languagesOfSite(db: Executor, siteId: number) {
  const rows = await db
    .selectDistinct({ language: pressKitDocuments.language })
    .from(pressKitDocuments)
    .where(onSite(siteId));
  return rows.map((row) => row.language);
}

export async function findDocument(db: Executor, id: number): Promise<PressKitRow | undefined> {
  const [row] = await db.select().from(pressKitDocuments).where(eq(pressKitDocuments.id, id));
  return row;
}

export async function nextPosition(db: Executor, language: string) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${pressKitDocuments.position})` })
    .from(pressKitDocuments)
    .where(eq(pressKitDocuments.language, language));
  return (row?.max ?? -1) + 1;
}
