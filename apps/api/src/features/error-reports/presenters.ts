import type { ErrorReport } from '@pressroom/contract';
import type { ErrorReportRow } from './repository.ts';

export function presentErrorReport(row: ErrorReportRow): ErrorReport {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    level: row.level as ErrorReport['level'],
    message: row.message,
    name: row.name,
    email: row.email,
    comments: row.comments,
    url: row.url,
    stack: row.stack,
    user_agent: row.userAgent,
    language: row.language,
    site: row.site,
    user: row.userId !== null && row.userEmail !== null ? { id: row.userId, email: row.userEmail } : null,
  };
}
