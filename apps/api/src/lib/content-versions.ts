import { contentVersions, type Executor } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import { preparedPerExecutor } from './prepared.ts';
import { sharedRead } from './shared-reads.ts';

const versionQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.name, sql.placeholder('name')))
    .prepare('content_version'),
);

/**
 * The current version of a kind of content (`contentKinds` in the schema): raised by triggers in the same
 * transaction as every write to its tables, so a reader that sees a version sees at least the rows it counts.
 */
export function readContentVersion(db: Executor, kind: string): Promise<number> {
  // Every kept answer's request reads its version first: requests at once share the statement.
  return sharedRead(db, kind, async () => {
    const [row] = await versionQuery(db).execute({ name: kind });
    // A database without the row (never after migrations) simply never reuses anything.
    return row ? Number(row.version) : -1;
  });
}

const listQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({ version: sql<string | null>`sum(${contentVersions.version})` })
    .from(contentVersions)
    .where(sql`${contentVersions.name} = any(${sql.placeholder('names')})`)
    .prepare('content_version_list'),
);

/**
 * One version for answers that read several kinds of content: the sum of theirs, read in one statement.
 * Versions only rise, so the sum rises whenever any does.
 */
export function readContentVersions(db: Executor, kinds: readonly string[]): Promise<number> {
  return sharedRead(db, kinds.join('\u0000'), async () => {
    const [row] = await listQuery(db).execute({ names: [...kinds] });
    return row?.version === null || row?.version === undefined ? -1 : Number(row.version);
  });
}
