import {
  type CampaignRequest,
  type CampaignTestRequest,
  type CampaignView,
  defaultLanguage,
  languages,
  type PressMailChoiceView,
  pickLocalized,
  privacyNoticeVersion,
  type RecipientFilters,
  type RecipientListRequest,
  type RecipientListView,
  translateMessage,
} from '@pressroom/contract';
import type { Executor } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import { mailableEvent, mailableRelease } from '../../access/index.ts';
import { ApiError, notFound, validationError } from '../../lib/api-error.ts';
import { momentInWords } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/identity.ts';
import { jobNames } from '../../plugins/jobs.ts';
import type { Site } from '../../plugins/sites.ts';
import {
  campaignHeaders,
  countryTimeZone,
  mailLanguage,
  renderCampaignMail,
  renderEventInvitation,
  testLinkToken,
  tokenPlaceholder,
} from './campaign-mail.ts';
import { processDueCampaigns } from './dispatch.ts';
import * as repository from './repository.ts';

/** Where an answer was given: the site and the language the question was read in. */
export interface AnswerContext {
  /** Where it was answered; null for an answer given elsewhere and recorded by the command line. */
  site: Site | null;
  language: string;
}

// ------------------------------------------------------------------------------------------------ consent

export async function pressMailChoice(db: Executor, userId: number): Promise<PressMailChoiceView> {
  const latest = await repository.latestPressMailAnswer(db, userId);
  if (!latest) return { choice: 'unasked', answered_at: null };
  return { choice: latest.agreed ? 'agreed' : 'declined', answered_at: latest.answeredAt.toISOString() };
}

/**
 * Records the user's answer, as a privacy consent is recorded (PRODUCT.md section 8): when, site, notice
 * version, language. Either answer is kept, so nobody is asked twice; a no drops their campaign mails still
 * waiting in the queue. Called in the caller's transaction at sign-up, or on its own from the profile.
 */
export async function recordPressMailAnswer(
  db: Executor,
  userId: number,
  agreed: boolean,
  context: AnswerContext,
  now: Date,
  campaignId: number | null = null,
) {
  await repository.insertPressMailAnswer(db, {
    userId,
    agreed,
    answeredAt: now,
    pressGroupId: context.site?.id ?? null,
    noticeVersion: privacyNoticeVersion,
    language: context.language,
    campaignId,
  });
  if (!agreed) await repository.dropUnsentCampaignMails(db, userId);
}

export async function answerPressMail(
  app: FastifyInstance,
  userId: number,
  agreed: boolean,
  context: AnswerContext,
) {
  await app.db.transaction((tx) => recordPressMailAnswer(tx, userId, agreed, context, app.clock.now()));
  return pressMailChoice(app.db, userId);
}

/**
 * The one-click withdrawal of a campaign mail (RFC 8058, or the page its visible link opens): recorded against
 * that campaign once, while the person still agreed; a second click changes nothing.
 */
export async function withdrawByToken(app: FastifyInstance, token: string, context: AnswerContext) {
  const mail = await repository.findCampaignMail(app.db, token);
  if (!mail) throw new ApiError(404, { detail: 'pressMailLinkInvalid' });
  await app.db.transaction(async (tx) => {
    const latest = await repository.latestPressMailAnswer(tx, mail.userId);
    if (latest && !latest.agreed) return;
    await recordPressMailAnswer(tx, mail.userId, false, context, app.clock.now(), mail.campaignId);
  });
}

// ------------------------------------------------------------------------------------------------ lists

/** Refuses an edition or an event of another site: a list finds this site's journalists only. */
async function checkFilters(db: Executor, siteId: number, filters: RecipientFilters) {
  const errors: Record<string, string[]> = {};
  if (filters.edition !== null && !(await repository.editionOnSite(db, siteId, filters.edition))) {
    errors['filters.edition'] = ['fieldInvalid'];
  }
  if (filters.event !== null && !(await repository.eventOnSite(db, siteId, filters.event))) {
    errors['filters.event'] = ['fieldInvalid'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

async function presentList(
  db: Executor,
  siteId: number,
  row: Awaited<ReturnType<typeof repository.insertList>>,
): Promise<RecipientListView> {
  const filters = repository.parseFilters(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters,
    recipients: await repository.countRecipients(db, [filters], siteId),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function lists(app: FastifyInstance, site: Site) {
  const rows = await repository.listsOfSite(app.db, site.id);
  const results: RecipientListView[] = [];
  for (const row of rows) results.push(await presentList(app.db, site.id, row));
  return { results };
}

export async function countFor(app: FastifyInstance, site: Site, filters: RecipientFilters) {
  await checkFilters(app.db, site.id, filters);
  return { recipients: await repository.countRecipients(app.db, [filters], site.id) };
}

export async function createList(
  app: FastifyInstance,
  site: Site,
  user: AuthUser,
  input: RecipientListRequest & { filters: RecipientFilters },
) {
  await checkFilters(app.db, site.id, input.filters);
  const now = app.clock.now();
  const row = await repository.insertList(app.db, {
    pressGroupId: site.id,
    name: input.name,
    filters: input.filters,
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  });
  return presentList(app.db, site.id, row);
}

export async function updateList(
  app: FastifyInstance,
  site: Site,
  id: number,
  input: RecipientListRequest & { filters: RecipientFilters },
) {
  await checkFilters(app.db, site.id, input.filters);
  const row = await repository.updateList(app.db, site.id, id, {
    name: input.name,
    filters: input.filters,
    updatedAt: app.clock.now(),
  });
  if (!row) throw notFound();
  return presentList(app.db, site.id, row);
}

export async function deleteList(app: FastifyInstance, site: Site, id: number) {
  if (!(await repository.deleteList(app.db, site.id, id))) throw notFound();
}

// ------------------------------------------------------------------------------------------------ campaigns

const formatMoment = (moment: Date, language: string) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(moment)} UTC`;

/**
 * When the release may go to everyone: now, or (asked for at publication) when it comes out. A release that
 * is not published on the site is refused, and one that may not be read yet is refused for "now" with the
 * moment it may be.
 */
async function sendingMoment(
  app: FastifyInstance,
  site: Site,
  releaseId: number,
  timing: string,
  language: string,
) {
  const now = app.clock.now();
  const mailable = await mailableRelease(app.db, site.id, now, releaseId);
  if (mailable.state === 'unreadable') throw validationError({ release: ['campaignReleaseUnreadable'] });
  if (mailable.state === 'readable') return now;
  if (timing === 'now') {
    throw new ApiError(
      400,
      { release: ['campaignReleaseWaits'] },
      { date: formatMoment(mailable.opensAt, language) },
    );
  }
  return mailable.opensAt;
}

/** When an invitation leaves: now, to an approved event of the site still to come; nothing to wait for. */
async function invitationMoment(app: FastifyInstance, site: Site, eventId: number, timing: string) {
  const now = app.clock.now();
  if (!(await mailableEvent(app.db, site.id, now, eventId))) {
    throw validationError({ event: ['campaignEventUnreadable'] });
  }
  if (timing !== 'now') throw validationError({ timing: ['campaignEventNow'] });
  return now;
}

export async function createCampaign(
  app: FastifyInstance,
  site: Site,
  user: AuthUser,
  language: string,
  input: CampaignRequest,
) {
  const listIds = [...new Set(input.lists)];
  const found = await repository.listsByIds(app.db, site.id, listIds);
  if (found.length !== listIds.length) throw validationError({ lists: ['fieldInvalid'] });
  const eventId = input.event ?? null;
  const releaseId = eventId === null ? (input.release ?? 0) : null;
  const sendAt =
    eventId === null
      ? await sendingMoment(app, site, releaseId ?? 0, input.timing, language)
      : await invitationMoment(app, site, eventId, input.timing);
  const campaign = await app.db.transaction(async (tx) => {
    const row = await repository.insertCampaign(tx, {
      pressGroupId: site.id,
      pressReleaseId: releaseId,
      programmeEventId: eventId,
      listIds,
      sendAt,
      createdBy: user.id,
      createdAt: app.clock.now(),
    });
    await app.jobs.sendWithin(tx, jobNames.campaignRuns, { startAfter: sendAt });
    return row;
  });
  // Sent now: queued by this server at once, claimed like any other, so a job taking it too finds it done.
  // Only this one: others due (a publication just come) are the job's, not this request's to wait for.
  if (sendAt <= app.clock.now()) await processDueCampaigns(app, campaign.id);
  const [view] = await presentCampaigns(app, site, language, [campaign.id]);
  return view;
}

/** The test's mail: the release's, or the invitation's with the event's time in the sender's zone. */
async function testMail(app: FastifyInstance, site: Site, user: AuthUser, input: CampaignTestRequest) {
  const now = app.clock.now();
  const eventId = input.event ?? null;
  if (eventId !== null) {
    const event = (await mailableEvent(app.db, site.id, now, eventId))
      ? await repository.eventForMail(app.db, eventId)
      : null;
    if (!event) throw validationError({ event: ['campaignEventUnreadable'] });
    const language = (languages as readonly string[]).includes(user.language)
      ? user.language
      : defaultLanguage;
    const country = await repository.countryOf(app.db, user.id);
    const localTime = momentInWords(language, event.startsAt, countryTimeZone(country));
    return { language, mail: renderEventInvitation(site, event, language, localTime) };
  }
  const releaseId = input.release ?? 0;
  const mailable = await mailableRelease(app.db, site.id, now, releaseId);
  const release = mailable.state === 'unreadable' ? null : await repository.releaseForMail(app.db, releaseId);
  if (!release || release.translations.length === 0) {
    throw validationError({ release: ['campaignReleaseUnreadable'] });
  }
  const language = mailLanguage(release, user.language);
  return { language, mail: renderCampaignMail(site, release, language, null) };
}

/**
 * The campaign's mail to the signed-in sender only, in their language, with no campaign marker in its links.
 * Its withdrawal link is the sender's own and works (a token naming no campaign) when they have answered the
 * question; never asked, there is nothing to withdraw, and the link opens a page saying the mail was a test.
 */
export async function sendTest(app: FastifyInstance, site: Site, user: AuthUser, input: CampaignTestRequest) {
  const { language, mail } = await testMail(app, site, user, input);
  await app.db.transaction(async (tx) => {
    const answered = (await repository.latestPressMailAnswer(tx, user.id)) !== null;
    const token = answered ? await repository.testMailToken(tx, user.id) : testLinkToken;
    await app.mail.enqueue(tx, {
      to: user.email,
      subject: translateMessage(language, 'campaignTestSubject', { subject: mail.subject }).slice(0, 300),
      text: mail.text.replaceAll(tokenPlaceholder, token),
      html: mail.html.replaceAll(tokenPlaceholder, token),
      headers: answered
        ? campaignHeaders(site, token, app.config.pressOfficeEmail)
        : { 'Reply-To': app.config.pressOfficeEmail },
    });
  });
  return user.email;
}

export async function presentCampaigns(
  app: FastifyInstance,
  site: Site,
  language: string,
  only?: number[],
): Promise<CampaignView[]> {
  const rows = (await repository.campaignsOfSite(app.db, site.id)).filter(
    (row) => !only || only.includes(row.id),
  );
  const ids = rows.map((row) => row.id);
  const present = <T>(values: (T | null)[]) => [...new Set(values.filter((value) => value !== null))] as T[];
  const titles = await repository.releaseTitles(
    app.db,
    present(rows.map((row) => row.pressReleaseId)),
    language,
  );
  const events = await repository.eventSummaries(app.db, present(rows.map((row) => row.programmeEventId)));
  const listNames = new Map(
    (await repository.listsOfSite(app.db, site.id)).map((list) => [list.id, list.name]),
  );
  const figures = await repository.campaignFigures(app.db, ids);
  return rows.map((row) => {
    const event = row.programmeEventId === null ? undefined : events.get(row.programmeEventId);
    return {
      id: row.id,
      release:
        row.pressReleaseId === null
          ? null
          : { id: row.pressReleaseId, title: titles.get(row.pressReleaseId) ?? '' },
      event:
        row.programmeEventId === null
          ? null
          : {
              id: row.programmeEventId,
              title: event ? pickLocalized(event.title, language) : '',
              starts_at: event?.startsAt.toISOString() ?? '',
            },
      lists: row.listIds.map((id) => ({ id, name: listNames.get(id) ?? '' })),
      status: row.status as CampaignView['status'],
      send_at: row.sendAt.toISOString(),
      queued_at: row.queuedAt?.toISOString() ?? null,
      refusal: row.refusal ? translateMessage(language, row.refusal) : null,
      figures: {
        recipients: row.recipients,
        sent: 0,
        failed: 0,
        unsubscribed: 0,
        reads: 0,
        ...figures.get(row.id),
      },
    };
  });
}
