import { contentVersions, type Executor } from '@pressroom/db';
import { eq, or, sql } from 'drizzle-orm';
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

const pairQuery = preparedPerExecutor((db: Executor) =>
  db
    .select({ version: sql<string | null>`sum(${contentVersions.version})` })
    .from(contentVersions)
    .where(
      or(
        eq(contentVersions.name, sql.placeholder('first')),
        eq(contentVersions.name, sql.placeholder('second')),
      ),
    )
    .prepare('content_version_pair'),
);

/**
 * One version for answers that read two kinds of content: the sum of theirs, read in one statement. Versions
 * only rise, so the sum rises whenever either does.
 */
export function readCombinedContentVersion(db: Executor, first: string, second: string): Promise<number> {
  return sharedRead(db, `${first}\u0000${second}`, async () => {
    const [row] = await pairQuery(db).execute({ first, second });
    return row?.version === null || row?.version === undefined ? -1 : Number(row.version);
  });
}
