import type {
  AccountExport,
  ConsentRecord,
  Language,
  MediaType,
  Periodicity,
  Profile,
  Qualify,
  Sector,
  SessionUser,
  TokenResponse,
  UserType,
} from '@pressroom/contract';
import type { Identity, UserRow } from '../../lib/identity.ts';
import { toAuthUser } from '../../lib/identity.ts';
import type { AccountData } from './privacy.ts';
import type { Session } from './service.ts';

export function presentSessionUser(identity: Identity, consentRequired: boolean): SessionUser {
  const { user, groups } = identity;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    user_type: user.userType as UserType,
    language: user.language as Language,
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
    permissions: [...toAuthUser(identity).permissions].sort(),
    company_id: user.companyId,
    consent_required: consentRequired,
  };
}

export function presentSession(session: Session): TokenResponse {
  return { token: session.token, user: presentSessionUser(session.identity, session.consentRequired) };
}

export function presentRegistered(user: UserRow) {
  return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName };
}

interface ConsentRow {
  version: string;
  acceptedAt: Date;
  language: string;
  siteName: string | null;
}

export function presentConsent(consent: ConsentRow): ConsentRecord {
  return {
    version: consent.version,
    accepted_at: consent.acceptedAt.toISOString(),
    language: consent.language,
    site: consent.siteName,
  };
}

export function presentProfile(
  identity: Identity,
  consent: ConsentRow | null,
  consentRequired: boolean,
): Profile {
  const { user } = identity;
  return {
    ...presentSessionUser(identity, consentRequired),
    qualify: user.qualify as Qualify | null,
    publishing_house: user.publishingHouse,
    newspaper: user.newspaper,
    media_type: user.mediaType as MediaType | null,
    periodicity: user.periodicity as Periodicity | null,
    printing_copies: user.printingCopies,
    sector: user.sector as Sector | null,
    cap: user.cap,
    province: user.province,
    country: user.country,
    country_unmapped: user.countryUnmapped,
    date_joined: user.dateJoined.toISOString(),
    consent: consent ? presentConsent(consent) : null,
    coverage_mail: user.coverageMail,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The data download: every column is named here, so nothing new (and never the password hash) leaks in. */
export function presentExport(data: AccountData, exportedAt: Date, noticeVersion: string): AccountExport {
  const { user } = data.profile.identity;
  return {
    exported_at: exportedAt.toISOString(),
    privacy_notice_version: noticeVersion,
    profile: presentProfile(data.profile.identity, data.profile.consent, data.profile.consentRequired),
    account: {
      is_active: user.isActive,
      email_verified_at: iso(user.emailVerifiedAt),
      accreditation: user.accreditation,
      last_login: iso(user.lastLogin),
      press_data_restricted_at: iso(user.pressDataRestrictedAt),
    },
    company: data.company ? { id: data.company.id, business_name: data.company.businessName } : null,
    consents: data.consents.map(presentConsent),
    contact_messages: data.contactMessages.map(({ message, siteName }) => ({
      id: message.id,
      site: siteName,
      sender_name: message.senderName,
      sender_email: message.senderEmail,
      subject: message.subject,
      message: message.message,
      language: message.language,
      created_at: message.createdAt.toISOString(),
    })),
    error_reports: data.errorReports.map((report) => ({
      id: report.id,
      created_at: report.createdAt.toISOString(),
      level: report.level,
      message: report.message,
      name: report.name,
      email: report.email,
      comments: report.comments,
      url: report.url,
      user_agent: report.userAgent,
      language: report.language,
      site: report.site,
    })),
    award_entries: data.awardEntries.map((entry) => ({
      id: entry.id,
      award: entry.award as Record<string, string>,
      category: entry.category as Record<string, string>,
      coverage_title: entry.title,
      coverage_url: entry.url,
      statement: entry.statement,
      winner: entry.winner,
      created_at: entry.createdAt.toISOString(),
    })),
    award_scores: data.awardScores.map((score) => ({
      entry_id: score.entryId,
      award: score.award as Record<string, string>,
      category: score.category as Record<string, string>,
      coverage_title: score.title,
      coverage_url: score.url,
      score: score.score,
      comment: score.comment,
      updated_at: score.updatedAt.toISOString(),
    })),
    award_juries: data.juries.map((jury) => ({
      category_id: jury.categoryId,
      award: jury.award as Record<string, string>,
      category: jury.category as Record<string, string>,
    })),
    interview_requests: data.interviewRequests.map(presentInterviewRequest),
    preview_invitations: data.previewInvitations.map((invitation) => ({
      id: invitation.id,
      release: invitation.pressReleaseId,
      name: invitation.name,
      email: invitation.email,
      language: invitation.language,
      sent_at: invitation.sentAt.toISOString(),
      first_opened_at: invitation.firstOpenedAt?.toISOString() ?? null,
      last_opened_at: invitation.lastOpenedAt?.toISOString() ?? null,
      open_count: invitation.openCount,
      revoked_at: invitation.revokedAt?.toISOString() ?? null,
    })),
    coverage_reports: data.coverageReports.map(({ report, siteName, editionName }) => ({
      id: report.id,
      site: siteName,
      edition:
        report.editionId === null || editionName === null
          ? null
          : { id: report.editionId, name: editionName },
      url: report.url,
      title: report.title,
      outlet: report.outlet,
      published_on: report.publishedOn,
      language: report.language,
      country: report.country,
      media_type: report.mediaType,
      reach: report.reach,
      status: report.status,
      reject_reason: report.rejectReason,
      show_name: report.showName,
      clipping:
        report.clippingName === null
          ? null
          : {
              file_name: report.clippingName,
              mime: report.clippingMime ?? '',
              size: report.clippingSize ?? 0,
            },
      releases: data.coveredReleases
        .filter((release) => release.coverageId === report.id)
        .map(({ id, title }) => ({ id, title })),
      exhibitors: data.coveredExhibitors
        .filter((exhibitor) => exhibitor.coverageId === report.id)
        .map(({ id, name }) => ({ id, name })),
      decided_at: iso(report.decidedAt),
      created_at: report.createdAt.toISOString(),
      updated_at: report.updatedAt.toISOString(),
    })),
    programme_signups: data.programmeSignups.map(({ signup, event, editionName, siteName }) => ({
      id: signup.id,
      event: {
        id: event.id,
        title: event.title as Record<string, string>,
        starts_at: event.startsAt.toISOString(),
        ends_at: event.endsAt.toISOString(),
        hall: event.hall,
        room: event.room,
        stand: event.stand,
        edition: editionName,
        site: siteName,
      },
      status: signup.status,
      language: signup.language,
      queued_at: signup.queuedAt.toISOString(),
      checked_in_at: iso(signup.checkedInAt),
      reminded_at: iso(signup.remindedAt),
      created_at: signup.createdAt.toISOString(),
      updated_at: signup.updatedAt.toISOString(),
    })),
    calendar_feeds: data.calendarFeeds.map((feed) => ({
      site: feed.siteName,
      language: feed.language,
      created_at: feed.createdAt.toISOString(),
    })),
    accreditation_requests: data.accreditationRequests.map(({ request, edition, siteName }) => ({
      id: request.id,
      edition: { id: edition.id, name: edition.name, starts_on: edition.startsOn, ends_on: edition.endsOn },
      site: siteName,
      status: request.status,
      media_type: request.mediaType,
      outlet: request.outlet,
      role: request.role,
      proof_kind: request.proofKind,
      article_date: request.articleDate,
      message: request.message,
      question: request.question,
      answer: request.answer,
      reason: request.reason,
      proofs: data.proofs
        .filter((proof) => proof.requestId === request.id)
        .map((proof) => ({
          file_name: proof.fileName,
          mime: proof.mime,
          size: proof.size,
          created_at: proof.createdAt.toISOString(),
        })),
      decided_at: iso(request.decidedAt),
      created_at: request.createdAt.toISOString(),
      updated_at: request.updatedAt.toISOString(),
    })),
    alert_subscriptions: data.alertSubscriptions.map(({ subscription, siteName }) => ({
      site: siteName,
      email: subscription.email,
      languages: subscription.languages,
      company_ids: subscription.companyIds,
      brand_ids: subscription.brandIds,
      frequency: subscription.frequency,
      embargoed_early: subscription.embargoedEarly,
      status: subscription.status,
      consent: {
        accepted_at: subscription.consentedAt.toISOString(),
        version: subscription.noticeVersion,
        language: subscription.consentLanguage,
      },
      created_at: subscription.createdAt.toISOString(),
      confirmed_at: iso(subscription.confirmedAt),
      unsubscribed_at: iso(subscription.unsubscribedAt),
    })),
    press_mail_answers: data.pressMailAnswers.map((answer) => ({
      agreed: answer.agreed,
      answered_at: answer.answeredAt.toISOString(),
      site: answer.pressGroupId,
      version: answer.noticeVersion,
      language: answer.language,
      campaign: answer.campaignId,
    })),
    basket: {
      pictures: data.basket.pictures.map((picture) => ({
        kind: picture.kind,
        id: picture.id,
        folder: { id: picture.folder.id, name: picture.folder.name },
        site: picture.site,
        file_name: picture.fileName,
        added_at: picture.addedAt.toISOString(),
      })),
      videos: data.basket.videos.map((video) => ({
        id: video.id,
        folder: { kind: video.folder.kind, id: video.folder.id, name: video.folder.name },
        site: video.site,
        file_name: video.fileName,
        added_at: video.addedAt.toISOString(),
      })),
    },
    video_uploads: data.videoUploads.map((upload) => ({
      file_name: upload.fileName,
      declared_size: upload.declaredSize,
      received_size: upload.receivedSize,
      created_at: upload.createdAt.toISOString(),
    })),
  };
}

/** An interview request as its journalist sent it, with what they agreed to share and when. */
function presentInterviewRequest({
  request,
  exhibitorName,
  editionId,
  editionName,
  siteName,
  consentSiteName,
}: AccountData['interviewRequests'][number]): AccountExport['interview_requests'][number] {
  return {
    id: request.id,
    exhibitor: { id: request.exhibitorId, name: exhibitorName },
    edition: { id: editionId, name: editionName },
    site: siteName,
    status: request.status,
    topic: request.topic,
    language: request.language,
    format: request.format,
    preferred_times: request.preferredTimes,
    message: request.message,
    shared_contact: {
      name: request.journalistName,
      outlet: request.outlet,
      email: request.email,
      phone: request.phone,
    },
    contact_consent: {
      accepted_at: request.consentAt.toISOString(),
      site: consentSiteName,
      version: request.consentNoticeVersion,
      language: request.consentLanguage,
    },
    scheduled_at: iso(request.scheduledAt),
    place: request.place,
    decline_reason: request.declineReason,
    cancelled_by: request.cancelledBy,
    cancel_reason: request.cancelReason,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}
