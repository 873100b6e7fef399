import type {
  Accreditation,
  AccreditationQueueItem,
  Edition,
  MediaType,
  ProofKind,
} from '@pressroom/contract';
import { apiPaths, formatBadgeCode } from '@pressroom/contract';
import type { EditionRow, RequestDetail } from './repository.ts';

/**
 * A request as its reader sees it; `badgeCheckUrl` is what the badge's QR code says, given to the holder only
 * (null for the office's views).
 */
export function presentRequest(
  detail: RequestDetail,
  today: string,
  badgeCheckUrl: string | null,
): Accreditation {
  const { request, edition } = detail;
  const expired = edition.endsOn < today;
  const standing = request.status === 'approved' && !expired;
  return {
    id: request.id,
    edition: {
      id: edition.id,
      name: edition.name,
      starts_on: edition.startsOn,
      ends_on: edition.endsOn,
      site: edition.pressGroupId,
      site_name: detail.siteName,
    },
    status: request.status as Accreditation['status'],
    expired,
    media_type: request.mediaType as MediaType,
    outlet: request.outlet,
    role: request.role,
    proof_kind: request.proofKind as ProofKind,
    article_date: request.articleDate,
    message: request.message,
    question: request.question,
    answer: request.answer,
    reason: request.reason,
    proofs: detail.proofs.map((proof) => ({
      id: proof.id,
      file_name: proof.fileName,
      mime: proof.mime,
      size: proof.size,
      url: apiPaths.accreditationProof(request.id, proof.id),
    })),
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    decided_at: request.decidedAt?.toISOString() ?? null,
    badge_url: standing ? apiPaths.accreditationBadge(request.id) : null,
    badge_code: standing ? formatBadgeCode(request.badgeCode) : null,
    badge_check_url: standing ? badgeCheckUrl : null,
  };
}

export function presentQueueItem(detail: RequestDetail, today: string): AccreditationQueueItem {
  return {
    ...presentRequest(detail, today, null),
    user: {
      id: detail.user.id,
      name: `${detail.user.firstName} ${detail.user.lastName}`.trim(),
      email: detail.user.email,
      country: detail.user.country,
      country_unmapped: detail.user.countryUnmapped,
      language: detail.user.language,
    },
  };
}

export function presentEdition(row: {
  edition: EditionRow;
  siteName: string;
  counts?: Record<string, number>;
}): Edition {
  return {
    id: row.edition.id,
    site: row.edition.pressGroupId,
    site_name: row.siteName,
    name: row.edition.name,
    starts_on: row.edition.startsOn,
    ends_on: row.edition.endsOn,
    proof_required: row.edition.proofRequired,
    time_zone: row.edition.timeZone,
    counts: row.counts ?? {},
  };
}
