import { createHash, randomBytes } from 'node:crypto';
import { apiPaths, translateMessage } from '@pressroom/contract';
import { contentKinds } from '@pressroom/db';
import { notFound } from '../../lib/api-error.ts';
import { readContentVersion } from '../../lib/content-versions.ts';
import type { AuthUser } from '../../lib/identity.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { Site } from '../../plugins/sites.ts';
import { type CalendarSetting, programmeCalendar, uidDomain } from './calendar.ts';
import * as feedsRepository from './feeds-repository.ts';
import { asLanguage, titleIn } from './mails.ts';
import type { EditionContext } from './repository.ts';
import * as repository from './repository.ts';
import { type Deps, editionFor, publicEvent, readerOf } from './service.ts';
import * as signupsRepository from './signups-repository.ts';

// Calendar files: one event's, the site's programme (public, approved and cancelled events), and a
// journalist's own programme at a secret address whose token is stored hashed, rotated and revoked at will.

const setting = (deps: Deps, site: Site, language: string): CalendarSetting => ({
  siteAddress: site.address,
  siteName: site.name,
  domain: uidDomain(deps.config.mailFrom),
  language,
});

export async function eventFile(deps: Deps, site: Site, id: number, language: string) {
  const detail = await publicEvent(deps, site, id, language, publicReader(deps, site));
  return programmeCalendar(
    titleIn(detail.event, language),
    [detail],
    setting(deps, site, language),
    deps.clock.now(),
  );
}

/** Feeds kept per app (site, edition, language): calendar apps poll them, and writing one is costly. */
const keptFeeds = new WeakMap<object, VersionedCache<string>>();
const maxKeptFeeds = 100;

/**
 * The site's programme as a feed, kept until it would read differently: the key holds a digest of what the
 * edition's events show, the version the exhibitors' content version (organisers' names, the edition). Both
 * are read from the database at each request, so every app server drops its copy at the same write.
 */
export async function siteFeed(deps: Deps, site: Site, editionId: number | undefined, language: string) {
  const edition: EditionContext | null = await editionFor(deps, site, editionId);
  const name = translateMessage(asLanguage(language), 'programmeFeedName', { site: site.name });
  const write = async () => {
    const events = edition
      ? await repository.listEvents(
          deps.db,
          { editionId: edition.id, statuses: ['approved', 'cancelled'] },
          language,
          publicReader(deps, site),
        )
      : [];
    return programmeCalendar(name, events, setting(deps, site, language), deps.clock.now());
  };
  if (!edition) return write();
  let cache = keptFeeds.get(deps);
  if (!cache) {
    cache = new VersionedCache<string>(maxKeptFeeds);
    keptFeeds.set(deps, cache);
  }
  const [mark, version] = await Promise.all([
    repository.eventsMark(deps.db, edition.id),
    readContentVersion(deps.db, contentKinds.exhibitors),
  ]);
  const key = `${site.id}\u0000${edition.id}\u0000${language}\u0000${mark}`;
  return cache.get(key, version, deps.clock.now(), async () => ({ value: await write(), validUntil: null }));
}

/** A calendar file travels (a feed is read by calendar apps, shared, kept): it is written as for the public. */
const publicReader = (deps: Deps, site: Site) => readerOf(deps, null, site);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function addresses(site: Site, token: string) {
  const url = `${site.address}${apiPaths.programmePersonalFeed(token)}`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/** Whether the user has a personal feed on this site (its address is not kept, so it is not shown again). */
export async function feedStatus(deps: Deps, user: AuthUser, site: Site) {
  const row = await feedsRepository.feedToken(deps.db, user.id, site.id);
  return row ? { url: null, webcal_url: null, created_at: row.createdAt.toISOString() } : null;
}

/** A new secret address (the previous one, if any, stops working): shown in this answer only. */
export async function rotateFeed(deps: Deps, user: AuthUser, site: Site) {
  const token = randomBytes(32).toString('base64url');
  const row = await feedsRepository.saveFeedToken(deps.db, {
    userId: user.id,
    siteId: site.id,
    tokenHash: hashOf(token),
    language: user.language,
    now: deps.clock.now(),
  });
  return { ...addresses(site, token), created_at: row.createdAt.toISOString() };
}

export async function revokeFeed(deps: Deps, user: AuthUser, site: Site) {
  await feedsRepository.deleteFeedToken(deps.db, user.id, site.id);
}

/**
 * The personal feed: the journalist's events (cancelled ones as cancelled, those they wait for as tentative)
 * and accepted interviews.
 */
export async function personalFeed(deps: Deps, token: string) {
  const owner = /^[\w-]{20,100}$/.test(token)
    ? await feedsRepository.feedByHash(deps.db, hashOf(token))
    : null;
  if (!owner?.isActive) throw notFound();
  const site = deps.sites.byId(owner.siteId);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const held = await feedsRepository.personalEvents(deps.db, owner.userId, owner.siteId, since);
  const ids = held.map((row) => row.id);
  const waitingFor = new Set(held.filter((row) => row.status === 'waiting').map((row) => row.id));
  const events = await repository.detailsOf(deps.db, ids, owner.language, publicReader(deps, site));
  const interviews = await signupsRepository.acceptedInterviews(deps.db, owner.userId, {
    from: since,
    to: new Date(now.getTime() + 400 * 86_400_000),
  });
  const name = translateMessage(asLanguage(owner.language), 'programmePersonalFeedName', { site: site.name });
  return programmeCalendar(name, events, setting(deps, site, owner.language), now, {
    interviews,
    waitingFor,
  });
}
