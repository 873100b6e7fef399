import { createHash } from 'node:crypto';
import { apiPaths } from '@pressroom/contract';
import {
  accreditationProofs,
  accreditationRequests,
  alertSubscriptions,
  awardCategories,
  awardCategoryJurors,
  awardEntries,
  awardScores,
  awards,
  basketItems,
  coverage,
  coverageExhibitors,
  coverageReleases,
  galleries,
  galleryCategories,
  galleryImages,
  interviewRequests,
  programmeEvents,
  programmeFeedTokens,
  programmeSignups,
  releasePreviewInvitations,
  videoUploads,
} from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, type TestUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

// The data download holds every personal record the product keeps about the user (PRODUCT.md sections 8 and
// 13), and nothing of anyone else's. The records are written straight into the tables, as the features store
// them, one of each kind for the user and for another journalist.

let harness: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let associationId: number;
let edition: { id: number; name: string };
let exhibitor: { id: number; name: string };
let readableRelease: number;
let draftRelease: number;
let award: { id: number; categoryA: number; categoryB: number };
let gallery: { published: number; draft: number };

beforeAll(async () => {
  harness = await createTestApp();
  const siteId = (name: string) => {
    const id = harness.app.sites.byName.get(name)?.id;
    if (id === undefined) throw new Error(`no site ${name}`);
    return id;
  };
  fairId = siteId('Tile Fair');
  associationId = siteId('Ceramics Association');
  const db = harness.db;
  const fairEdition = await insertEdition(db, { siteId: fairId, name: 'Tile Fair 2026' });
  edition = { id: fairEdition.id, name: fairEdition.name };
  const company = await insertCompany(db, { name: 'Ceramiche Aurora' });
  exhibitor = {
    id: (await insertExhibitor(db, { editionId: edition.id, companyId: company.id })).id,
    name: 'Ceramiche Aurora',
  };
  readableRelease = (
    await insertRelease(db, { groups: [fairId], translations: [{ language: 'en', title: 'Aurora slabs' }] })
  ).id;
  draftRelease = (
    await insertRelease(db, {
      status: 'draft',
      groups: [fairId],
      translations: [{ language: 'en', title: 'Unannounced merger' }],
    })
  ).id;
  const [row] = await db
    .insert(awards)
    .values({
      pressGroupId: fairId,
      editionId: edition.id,
      name: { en: 'Ceramic Journalism Award' },
      windowStartsOn: '2026-01-01',
      windowEndsOn: '2026-12-31',
      entryDeadline: new Date('2026-12-31T22:59:00Z'),
    })
    .returning();
  const [categoryA, categoryB] = await db
    .insert(awardCategories)
    .values([
      { awardId: row.id, name: { en: 'Industry' }, position: 0 },
      { awardId: row.id, name: { en: 'Design' }, position: 1 },
    ])
    .returning();
  award = { id: row.id, categoryA: categoryA.id, categoryB: categoryB.id };
  const [category] = await db
    .insert(galleryCategories)
    .values({ names: { en: 'Products' }, groupIds: [fairId] })
    .returning();
  const [published, draft] = await db
    .insert(galleries)
    .values([
      { categoryId: category.id, names: { en: 'Aurora collection' }, status: 'published' },
      { categoryId: category.id, names: { en: 'Next season' }, status: 'draft' },
    ])
    .returning();
  gallery = { published: published.id, draft: draft.id };
});

/** A picture of a gallery, as the upload stores it. */
async function insertPicture(galleryId: number, originalName: string) {
  const [image] = await harness.db
    .insert(galleryImages)
    .values({
      galleryId,
      originalName,
      storagePath: `gallery/${originalName}`,
      size: 1_000,
      mime: 'image/jpeg',
      width: 800,
      height: 600,
      checksum: 'c'.repeat(64),
    })
    .returning();
  return image;
}
afterAll(() => harness.close());

/** Writes one record of each kind for a journalist; `tag` makes each of their texts their own. */
async function recordsOf(
  user: TestUser,
  tag: string,
  award: { enters: number; judges: number },
  phone: string,
) {
  const db = harness.db;
  const [interview] = await db
    .insert(interviewRequests)
    .values({
      exhibitorId: exhibitor.id,
      journalistId: user.id,
      status: 'accepted',
      topic: `${tag} topic`,
      language: 'it',
      format: 'stand',
      preferredTimes: ['2026-09-23T10:00:00.000Z'],
      message: `${tag} would like ten minutes`,
      journalistName: `${user.firstName} ${user.lastName}`,
      outlet: `${tag} Weekly`,
      email: user.email,
      phone,
      consentAt: new Date('2026-05-10T08:00:00Z'),
      consentPressGroupId: fairId,
      consentNoticeVersion: '20261126',
      consentLanguage: 'it',
      scheduledAt: new Date('2026-09-23T10:00:00Z'),
      place: 'Hall 5, stand B12',
      createdAt: new Date('2026-05-10T08:00:00Z'),
      updatedAt: new Date('2026-05-11T09:30:00Z'),
    })
    .returning();
  const [piece] = await db
    .insert(coverage)
    .values({
      pressGroupId: fairId,
      editionId: edition.id,
      url: `https://news.example/${tag}`,
      urlKey: `news.example/${tag}`,
      title: `${tag} on large slabs`,
      outlet: `${tag} Weekly`,
      publishedOn: '2026-05-20',
      language: 'en',
      country: 'GB',
      mediaType: 'website',
      reach: 12_000,
      status: 'approved',
      reporterId: user.id,
      showName: true,
      clippingPath: `clippings/${tag}.pdf`,
      clippingName: `${tag}-clipping.pdf`,
      clippingMime: 'application/pdf',
      clippingSize: 48_213,
      clippingChecksum: 'a'.repeat(64),
      decidedAt: new Date('2026-05-21T10:00:00Z'),
      createdAt: new Date('2026-05-20T16:00:00Z'),
      updatedAt: new Date('2026-05-21T10:00:00Z'),
    })
    .returning();
  await db.insert(coverageReleases).values([
    { coverageId: piece.id, pressReleaseId: readableRelease },
    { coverageId: piece.id, pressReleaseId: draftRelease },
  ]);
  await db.insert(coverageExhibitors).values({ coverageId: piece.id, exhibitorId: exhibitor.id });
  const [event] = await db
    .insert(programmeEvents)
    .values({
      editionId: edition.id,
      type: 'press_conference',
      status: 'approved',
      title: { en: `${tag} briefing`, it: `Incontro ${tag}` },
      startsAt: new Date('2026-09-22T09:00:00Z'),
      endsAt: new Date('2026-09-22T10:00:00Z'),
      hall: 'Hall 5',
      room: 'Sala Bianca',
      signupRequired: true,
    })
    .returning();
  const [signup] = await db
    .insert(programmeSignups)
    .values({
      eventId: event.id,
      userId: user.id,
      status: 'signed_up',
      language: 'en',
      queuedAt: new Date('2026-05-12T07:00:00Z'),
      checkedInAt: new Date('2026-09-22T08:55:00Z'),
      createdAt: new Date('2026-05-12T07:00:00Z'),
      updatedAt: new Date('2026-09-22T08:55:00Z'),
    })
    .returning();
  await db.insert(programmeFeedTokens).values({
    userId: user.id,
    pressGroupId: fairId,
    tokenHash: `${tag}-feed-hash`.padEnd(64, '0'),
    language: 'de',
    createdAt: new Date('2026-05-13T07:00:00Z'),
  });
  const [entry] = await db
    .insert(awardEntries)
    .values({
      categoryId: award.enters,
      coverageId: piece.id,
      journalistId: user.id,
      statement: `${tag} statement`,
      createdAt: new Date('2026-05-22T07:00:00Z'),
    })
    .returning();
  await db.insert(awardCategoryJurors).values({ categoryId: award.judges, userId: user.id });
  const [request] = await db
    .insert(accreditationRequests)
    .values({
      editionId: edition.id,
      userId: user.id,
      status: 'approved',
      mediaType: 'magazines',
      outlet: `${tag} Weekly`,
      role: 'Editor',
      proofKind: 'article',
      articleDate: '2026-04-02',
      message: `${tag} covers tiles`,
      reason: '',
      decidedAt: new Date('2026-05-03T12:00:00Z'),
      createdAt: new Date('2026-05-02T12:00:00Z'),
      updatedAt: new Date('2026-05-03T12:00:00Z'),
    })
    .returning();
  await db.insert(accreditationProofs).values({
    requestId: request.id,
    fileName: `${tag}-press-card.pdf`,
    storagePath: `accreditation/${tag}.pdf`,
    mime: 'application/pdf',
    size: 20_480,
    checksum: 'b'.repeat(64),
    createdAt: new Date('2026-05-02T12:00:00Z'),
  });
  await db.insert(alertSubscriptions).values({
    pressGroupId: fairId,
    email: user.email,
    userId: user.id,
    languages: ['en'],
    companyIds: [7],
    frequency: 'daily',
    embargoedEarly: true,
    status: 'active',
    token: `${tag}-alert-token`,
    noticeVersion: '20261126',
    consentedAt: new Date('2026-05-14T07:00:00Z'),
    consentLanguage: 'en',
    createdAt: new Date('2026-05-14T07:00:00Z'),
    confirmedAt: new Date('2026-05-14T07:00:00Z'),
  });
  // Subscribed by e-mail alone, signed out, on the other site: still their address.
  await db.insert(alertSubscriptions).values({
    pressGroupId: associationId,
    email: user.email.toUpperCase(),
    userId: null,
    languages: ['it', 'en'],
    status: 'pending',
    token: `${tag}-alert-token-2`,
    noticeVersion: '20261126',
    consentedAt: new Date('2026-05-15T07:00:00Z'),
    consentLanguage: 'it',
    createdAt: new Date('2026-05-15T07:00:00Z'),
  });
  await db.insert(videoUploads).values({
    createdById: user.id,
    fileName: `${tag}-interview.mp4`,
    declaredSize: 9_000_000,
    receivedSize: 4_000_000,
    createdAt: new Date('2026-06-01T08:00:00Z'),
  });
  // A picture they may see, and one of a draft gallery they may not (it stays out of the download).
  const picked = await insertPicture(gallery.published, `${tag}-slab.jpg`);
  const hidden = await insertPicture(gallery.draft, `${tag}-prototype.jpg`);
  await db.insert(basketItems).values([
    { userId: user.id, imageId: picked.id, pressGroupId: fairId, addedAt: new Date('2026-05-16T07:00:00Z') },
    { userId: user.id, imageId: hidden.id, pressGroupId: fairId, addedAt: new Date('2026-05-16T07:00:00Z') },
  ]);
  const [invitation] = await db
    .insert(releasePreviewInvitations)
    .values({
      pressReleaseId: readableRelease,
      userId: user.id,
      email: user.email,
      name: `${tag} reader`,
      language: 'it',
      tokenHash: createHash('sha256').update(`${tag}-preview`).digest('hex'),
      sentAt: new Date('2026-05-20T08:00:00Z'),
      firstOpenedAt: new Date('2026-05-20T09:00:00Z'),
      lastOpenedAt: new Date('2026-05-21T09:00:00Z'),
      openCount: 3,
    })
    .returning();
  return { interview, piece, signup, event, entry, request, picked, invitation };
}

describe('data download of a journalist’s records in the other features', () => {
  it('holds their interview requests, coverage, programme, award entries and scores, accreditation, alerts and uploads, and none of another journalist’s', async () => {
    const user = await createUser(harness.app, { email: 'ada.export@example.test', firstName: 'Ada' });
    const other = await createUser(harness.app, { email: 'bruno.other@example.test', firstName: 'Bruno' });
    const mine = await recordsOf(
      user,
      'ada',
      { enters: award.categoryA, judges: award.categoryB },
      '+39 333 1111111',
    );
    const theirs = await recordsOf(
      other,
      'bruno',
      { enters: award.categoryB, judges: award.categoryA },
      '+39 333 2222222',
    );
    // Each judges the other's entry; a juror never scores their own.
    await harness.db.insert(awardScores).values([
      {
        entryId: theirs.entry.id,
        jurorId: user.id,
        score: 8,
        comment: 'Clear and well sourced',
        updatedAt: new Date('2026-05-25T10:00:00Z'),
      },
      {
        entryId: mine.entry.id,
        jurorId: other.id,
        score: 3,
        comment: 'Bruno’s verdict',
        updatedAt: harness.clock.now(),
      },
    ]);

    const response = await harness.app.inject({
      method: 'GET',
      url: apiPaths.profileExport,
      headers: authHeader(await tokenFor(harness.app, user)),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();

    expect(body.preview_invitations).toEqual([
      {
        id: mine.invitation.id,
        release: readableRelease,
        name: 'ada reader',
        email: 'ada.export@example.test',
        language: 'it',
        sent_at: '2026-05-20T08:00:00.000Z',
        first_opened_at: '2026-05-20T09:00:00.000Z',
        last_opened_at: '2026-05-21T09:00:00.000Z',
        open_count: 3,
        revoked_at: null,
      },
    ]);
    expect(body.interview_requests).toEqual([
      {
        id: mine.interview.id,
        exhibitor: { id: exhibitor.id, name: 'Ceramiche Aurora' },
        edition,
        site: 'Tile Fair',
        status: 'accepted',
        topic: 'ada topic',
        language: 'it',
        format: 'stand',
        preferred_times: ['2026-09-23T10:00:00.000Z'],
        message: 'ada would like ten minutes',
        shared_contact: {
          name: `Ada ${user.lastName}`,
          outlet: 'ada Weekly',
          email: 'ada.export@example.test',
          phone: '+39 333 1111111',
        },
        contact_consent: {
          accepted_at: '2026-05-10T08:00:00.000Z',
          site: 'Tile Fair',
          version: '20261126',
          language: 'it',
        },
        scheduled_at: '2026-09-23T10:00:00.000Z',
        place: 'Hall 5, stand B12',
        decline_reason: '',
        cancelled_by: null,
        cancel_reason: '',
        created_at: '2026-05-10T08:00:00.000Z',
        updated_at: '2026-05-11T09:30:00.000Z',
      },
    ]);
    // The draft release the piece names stays unnamed: the journalist may not read it.
    expect(body.coverage_reports).toEqual([
      {
        id: mine.piece.id,
        site: 'Tile Fair',
        edition,
        url: 'https://news.example/ada',
        title: 'ada on large slabs',
        outlet: 'ada Weekly',
        published_on: '2026-05-20',
        language: 'en',
        country: 'GB',
        media_type: 'website',
        reach: 12_000,
        status: 'approved',
        reject_reason: '',
        show_name: true,
        clipping: { file_name: 'ada-clipping.pdf', mime: 'application/pdf', size: 48_213 },
        releases: [{ id: readableRelease, title: 'Aurora slabs' }],
        exhibitors: [{ id: exhibitor.id, name: 'Ceramiche Aurora' }],
        decided_at: '2026-05-21T10:00:00.000Z',
        created_at: '2026-05-20T16:00:00.000Z',
        updated_at: '2026-05-21T10:00:00.000Z',
      },
    ]);
    expect(body.programme_signups).toEqual([
      {
        id: mine.signup.id,
        event: {
          id: mine.event.id,
          title: { en: 'ada briefing', it: 'Incontro ada' },
          starts_at: '2026-09-22T09:00:00.000Z',
          ends_at: '2026-09-22T10:00:00.000Z',
          hall: 'Hall 5',
          room: 'Sala Bianca',
          stand: '',
          edition: 'Tile Fair 2026',
          site: 'Tile Fair',
        },
        status: 'signed_up',
        language: 'en',
        queued_at: '2026-05-12T07:00:00.000Z',
        checked_in_at: '2026-09-22T08:55:00.000Z',
        reminded_at: null,
        created_at: '2026-05-12T07:00:00.000Z',
        updated_at: '2026-09-22T08:55:00.000Z',
      },
    ]);
    expect(body.calendar_feeds).toEqual([
      { site: 'Tile Fair', language: 'de', created_at: '2026-05-13T07:00:00.000Z' },
    ]);
    expect(body.award_entries).toEqual([
      {
        id: mine.entry.id,
        award: { en: 'Ceramic Journalism Award' },
        category: { en: 'Industry' },
        coverage_title: 'ada on large slabs',
        coverage_url: 'https://news.example/ada',
        statement: 'ada statement',
        winner: false,
        created_at: '2026-05-22T07:00:00.000Z',
      },
    ]);
    expect(body.award_scores).toEqual([
      {
        entry_id: theirs.entry.id,
        award: { en: 'Ceramic Journalism Award' },
        category: { en: 'Design' },
        coverage_title: 'bruno on large slabs',
        coverage_url: 'https://news.example/bruno',
        score: 8,
        comment: 'Clear and well sourced',
        updated_at: '2026-05-25T10:00:00.000Z',
      },
    ]);
    expect(body.award_juries).toEqual([
      { category_id: award.categoryB, award: { en: 'Ceramic Journalism Award' }, category: { en: 'Design' } },
    ]);
    expect(body.accreditation_requests).toEqual([
      {
        id: mine.request.id,
        edition: { ...edition, starts_on: '2026-09-22', ends_on: '2026-09-26' },
        site: 'Tile Fair',
        status: 'approved',
        media_type: 'magazines',
        outlet: 'ada Weekly',
        role: 'Editor',
        proof_kind: 'article',
        article_date: '2026-04-02',
        message: 'ada covers tiles',
        question: '',
        answer: '',
        reason: '',
        proofs: [
          {
            file_name: 'ada-press-card.pdf',
            mime: 'application/pdf',
            size: 20_480,
            created_at: '2026-05-02T12:00:00.000Z',
          },
        ],
        decided_at: '2026-05-03T12:00:00.000Z',
        created_at: '2026-05-02T12:00:00.000Z',
        updated_at: '2026-05-03T12:00:00.000Z',
      },
    ]);
    expect(body.alert_subscriptions).toEqual([
      {
        site: 'Tile Fair',
        email: 'ada.export@example.test',
        languages: ['en'],
        company_ids: [7],
        brand_ids: [],
        frequency: 'daily',
        embargoed_early: true,
        status: 'active',
        consent: { accepted_at: '2026-05-14T07:00:00.000Z', version: '20261126', language: 'en' },
        created_at: '2026-05-14T07:00:00.000Z',
        confirmed_at: '2026-05-14T07:00:00.000Z',
        unsubscribed_at: null,
      },
      {
        site: 'Ceramics Association',
        email: 'ADA.EXPORT@EXAMPLE.TEST',
        languages: ['it', 'en'],
        company_ids: [],
        brand_ids: [],
        frequency: 'each',
        embargoed_early: false,
        status: 'pending',
        consent: { accepted_at: '2026-05-15T07:00:00.000Z', version: '20261126', language: 'it' },
        created_at: '2026-05-15T07:00:00.000Z',
        confirmed_at: null,
        unsubscribed_at: null,
      },
    ]);
    expect(body.basket).toEqual({
      pictures: [
        {
          kind: 'gallery_image',
          id: mine.picked.id,
          folder: { id: gallery.published, name: { en: 'Aurora collection' } },
          site: fairId,
          file_name: 'ada-slab.jpg',
          added_at: '2026-05-16T07:00:00.000Z',
        },
      ],
      videos: [],
    });
    expect(body.video_uploads).toEqual([
      {
        file_name: 'ada-interview.mp4',
        declared_size: 9_000_000,
        received_size: 4_000_000,
        created_at: '2026-06-01T08:00:00.000Z',
      },
    ]);

    // Nothing of the other journalist but the entry the user scored, nor any secret or hidden title.
    const text = response.body;
    for (const absent of [
      'bruno.other@example.test',
      '+39 333 2222222',
      'bruno Weekly',
      'bruno-clipping.pdf',
      'bruno-press-card.pdf',
      'bruno briefing',
      'bruno statement',
      'bruno-interview.mp4',
      'bruno-slab.jpg',
      'ada-prototype.jpg',
      'Next season',
      'Bruno’s verdict',
      'Unannounced merger',
      'ada-alert-token',
      'ada-feed-hash',
      'clippings/ada.pdf',
      'accreditation/ada.pdf',
    ]) {
      expect(text).not.toContain(absent);
    }
  });
});
