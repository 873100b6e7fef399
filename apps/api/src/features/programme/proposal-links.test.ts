import { apiPaths, type ProgrammeEvent, type Role } from '@pressroom/contract';
import {
  galleries,
  galleryCategories,
  pressReleases,
  programmeEventGalleries,
  programmeEventReleases,
  programmeEvents,
} from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

// A company's administrator proposes an event of their exhibitor and links material to it. They may link only
// what they may read, and hold until the start only their own company's material (PRODUCT.md section 13).
const clock = new TestClock(new Date('2026-09-15T09:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;
let exhibitorId: number;
let ownCompany: number;
let otherCompany: number;
let as: Record<'admin' | 'office', Record<string, string>>;

const db = () => context.db;
const fairHost = { host: 'fair.localhost' };

async function signedIn(roles: Role[], companyId: number | null = null) {
  const user = await createUser(context.app, {
    roles,
    companyId,
    userType: companyId === null ? 'USER' : 'COMPANY',
  });
  return { ...fairHost, ...authHeader(await tokenFor(context.app, user)) } as Record<string, string>;
}

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

async function release(title: string, companyId: number, status: 'draft' | 'published' = 'published') {
  return (
    await insertRelease(db(), {
      status,
      companyId,
      groups: [fairId],
      translations: [{ language: 'en', title }],
    })
  ).id;
}

async function gallery(title: string, companyId: number, status: 'draft' | 'published' = 'published') {
  const [category] = await db()
    .insert(galleryCategories)
    .values({ names: { en: 'Fair' }, groupIds: [fairId] })
    .returning();
  const [row] = await db()
    .insert(galleries)
    .values({ categoryId: category.id, companyId, names: { en: title }, status })
    .returning();
  return row.id;
}

const proposal = (links: object) => ({
  exhibitor: exhibitorId,
  type: 'exhibitor_event',
  title: { en: 'Lustreware launch' },
  starts_at: '2026-09-22T10:00:00Z',
  ends_at: '2026-09-22T11:00:00Z',
  hall: '5',
  room: '',
  stand: 'B12',
  languages: ['en'],
  capacity: 20,
  signup_required: true,
  ...links,
});

const eventCount = async () => (await db().select().from(programmeEvents)).length;

beforeAll(async () => {
  context = await createTestApp({ clock });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await db().execute(
    sql`truncate companies, fair_editions, programme_events, press_releases, galleries, gallery_categories restart identity cascade`,
  );
  const edition = await insertEdition(db(), { siteId: fairId, startsOn: '2026-09-22', endsOn: '2026-09-26' });
  ownCompany = (await insertCompany(db(), { name: 'Ceramiche Emilia' })).id;
  otherCompany = (await insertCompany(db(), { name: 'Gres Nord' })).id;
  exhibitorId = (await insertExhibitor(db(), { editionId: edition.id, companyId: ownCompany })).id;
  as = {
    admin: await signedIn(['administrator_press_room_external_company'], ownCompany),
    office: await signedIn(['administrator_press_room']),
  };
});

describe("what a company's proposal may link", () => {
  it("refuses another company's draft release or gallery as unknown, storing nothing and naming no title", async () => {
    const theirDraft = await release('Gres Nord: unannounced merger', otherCompany, 'draft');
    const theirDraftGallery = await gallery('Gres Nord: new plant, not yet shown', otherCompany, 'draft');
    const unknown = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({ releases: [999_999] }),
    );
    const releaseLink = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({ releases: [theirDraft] }),
    );
    expect(releaseLink.statusCode).toBe(400);
    expect(releaseLink.json()).toEqual(unknown.json());
    expect(releaseLink.body).not.toContain('merger');
    const unknownGallery = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({ galleries: [999_999] }),
    );
    const galleryLink = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({ galleries: [theirDraftGallery] }),
    );
    expect(galleryLink.statusCode).toBe(400);
    expect(galleryLink.json()).toEqual(unknownGallery.json());
    expect(await eventCount()).toBe(0);
  });

  it("links its own drafts and anyone's published release, and reads back only what it may read", async () => {
    const ownDraft = await release('Ceramiche Emilia: the lustre collection', ownCompany, 'draft');
    const theirs = await release('Gres Nord at the fair', otherCompany);
    const created = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({
        releases: [ownDraft, theirs],
        galleries: [await gallery('Lustre samples', ownCompany, 'draft')],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json() as ProgrammeEvent;
    expect(event.releases.map((link) => link.title)).toEqual([
      'Ceramiche Emilia: the lustre collection',
      'Gres Nord at the fair',
    ]);
    // The press office links another company's draft to the proposal: the company does not read its title.
    const theirDraft = await release('Gres Nord: unannounced merger', otherCompany, 'draft');
    await db()
      .insert(programmeEventReleases)
      .values({ eventId: event.id, releaseId: theirDraft, position: 2 });
    const read = await call('GET', apiPaths.programmeAdminEvent(event.id), as.admin);
    expect(read.statusCode).toBe(200);
    expect((read.json() as ProgrammeEvent).releases.map((link) => link.id)).toEqual([ownDraft, theirs]);
    expect(read.body).not.toContain('merger');
    const office = await call('GET', apiPaths.programmeAdminEvent(event.id), as.office);
    expect((office.json() as ProgrammeEvent).releases.map((link) => link.id)).toEqual([
      ownDraft,
      theirs,
      theirDraft,
    ]);
  });
});

describe('holding material until the start', () => {
  it("refuses a company's mark on another company's published release or gallery, nothing stored", async () => {
    const theirs = await release('Gres Nord at the fair', otherCompany);
    const theirGallery = await gallery('Gres Nord stand', otherCompany);
    const marked = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({ releases: [theirs], releases_at_start: [theirs] }),
    );
    expect(marked.statusCode).toBe(400);
    expect(marked.json()).toEqual({
      releases_at_start: [
        "Only the press office or the material's own company can hold a release or gallery until the start.",
      ],
    });
    const markedGallery = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({ galleries: [theirGallery], galleries_at_start: [theirGallery] }),
    );
    expect(markedGallery.statusCode).toBe(400);
    expect(Object.keys(markedGallery.json())).toEqual(['galleries_at_start']);
    expect(await eventCount()).toBe(0);

    // Linked without the mark, then marked by a PATCH: refused too, and the link stays unmarked.
    const plain = await call('POST', apiPaths.programmeProposals, as.admin, proposal({ releases: [theirs] }));
    expect(plain.statusCode, plain.body).toBe(201);
    const id = (plain.json() as ProgrammeEvent).id;
    const patched = await call('PATCH', apiPaths.programmeAdminEvent(id), as.admin, {
      releases_at_start: [theirs],
    });
    expect(patched.statusCode).toBe(400);
    const [link] = await db()
      .select()
      .from(programmeEventReleases)
      .where(eq(programmeEventReleases.eventId, id));
    expect(link.releasedAtStart).toBe(false);

    // Approved, the event leaves the other company's release where it was: the public still reads it.
    expect((await call('POST', apiPaths.programmeApprove(id), as.office)).statusCode).toBe(200);
    const list = await call('GET', '/api/press_room/press_release/', fairHost);
    expect(list.json().results.map((entry: { id: number }) => entry.id)).toEqual([theirs]);
  });

  it('lets the company hold its own material, and the press office hold anyone’s', async () => {
    const own = await release('Ceramiche Emilia: the lustre collection', ownCompany);
    const ownGallery = await gallery('Lustre samples', ownCompany);
    const theirs = await release('Gres Nord at the fair', otherCompany);
    const created = await call(
      'POST',
      apiPaths.programmeProposals,
      as.admin,
      proposal({
        releases: [own, theirs],
        releases_at_start: [own],
        galleries: [ownGallery],
        galleries_at_start: [ownGallery],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as ProgrammeEvent).id;
    const byOffice = await call('PATCH', apiPaths.programmeAdminEvent(id), as.office, {
      releases_at_start: [own, theirs],
    });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    const links = await db()
      .select({
        releaseId: programmeEventReleases.releaseId,
        atStart: programmeEventReleases.releasedAtStart,
      })
      .from(programmeEventReleases)
      .where(eq(programmeEventReleases.eventId, id));
    expect(links.sort((a, b) => a.releaseId - b.releaseId)).toEqual([
      { releaseId: own, atStart: true },
      { releaseId: theirs, atStart: true },
    ]);
    const [held] = await db()
      .select({ atStart: programmeEventGalleries.releasedAtStart })
      .from(programmeEventGalleries)
      .where(eq(programmeEventGalleries.eventId, id));
    expect(held.atStart).toBe(true);
    // The company's later edit naming the marks the office added is not refused: it adds no mark of its own.
    const again = await call('PATCH', apiPaths.programmeAdminEvent(id), as.admin, {
      releases_at_start: [own, theirs],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await db().select().from(pressReleases)).length).toBe(2);
  });
});
