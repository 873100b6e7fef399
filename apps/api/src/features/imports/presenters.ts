import type {
  CompanyImport,
  ImportMapping,
  ImportProgress,
  ImportRow,
  ImportStatus,
} from '@pressroom/contract';
import type { FastifyRequest } from 'fastify';
import { type ImportRecordWithUser, type ImportRowRecord, underWayStatuses } from './repository.ts';

/** A dry run or an import is being carried out (by this server or another). */
export function isUnderWay(record: ImportRecordWithUser): boolean {
  return underWayStatuses.includes(record.status);
}

export function presentImport(
  request: FastifyRequest,
  record: ImportRecordWithUser,
  progress: ImportProgress | null,
): CompanyImport {
  return {
    id: record.id,
    file_name: record.fileName,
    format: record.format as CompanyImport['format'],
    size: record.size,
    target: record.target as CompanyImport['target'],
    edition: record.editionId,
    status: record.status as ImportStatus,
    tables: record.tables,
    table: record.tableName,
    mapping: (record.mapping as ImportMapping | null) ?? null,
    created_at: record.createdAt.toISOString(),
    created_by:
      record.createdBy !== null && record.creatorEmail !== null
        ? { id: record.createdBy, email: record.creatorEmail }
        : null,
    finished_at: record.finishedAt?.toISOString() ?? null,
    // A run under way on another app server: the progress it last wrote on the row.
    progress: progress ?? (isUnderWay(record) ? (record.progress ?? null) : null),
    dry_run: record.dryRun ?? null,
    report: record.report ?? null,
    error: record.error ? request.t(record.error, record.errorParams ?? {}) : null,
  };
}

export function presentImportRow(request: FastifyRequest, row: ImportRowRecord): ImportRow {
  const errors: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(row.errors ?? {}))
    errors[field] = keys.map((key) => request.t(key));
  return {
    row: row.rowNumber,
    outcome: row.outcome as ImportRow['outcome'],
    reason: request.t(row.reason, row.reasonParams ?? {}),
    errors,
    company_id: row.companyId,
    business_name: row.businessName,
  };
}
