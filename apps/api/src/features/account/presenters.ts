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
  };
}
