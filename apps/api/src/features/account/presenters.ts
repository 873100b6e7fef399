import type {
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
import type { Session } from './service.ts';

export function presentSessionUser(identity: Identity): SessionUser {
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
  };
}

export function presentSession(session: Session): TokenResponse {
  return { token: session.token, user: presentSessionUser(session.identity) };
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

export function presentProfile(identity: Identity, consent: ConsentRow | null): Profile {
  const { user } = identity;
  return {
    ...presentSessionUser(identity),
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
    date_joined: user.dateJoined.toISOString(),
    consent: consent
      ? {
          version: consent.version,
          accepted_at: consent.acceptedAt.toISOString(),
          language: consent.language,
          site: consent.siteName,
        }
      : null,
  };
}
