import { publicPages } from '@pressroom/contract';
import { companies, contentKinds, programmeEvents } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentVersion } from '../../lib/content-versions.ts';
import { eventSlug } from '../../lib/programme-events.ts';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import {
  insertCompany,
  insertEdition,
  insertExhibitor,
  insertProgrammeEvent,
} from '../exhibitors/test-factories.ts';

// The programme's public pages are kept in memory between requests (lib/kept-pages.ts). These tests write
// straight into the database, as the command line or another app server would, and prove the very next page
// shows each kind of change; and that the next day, with no write, shows the day's edition.

const clock = new TestClock(new Date('2026-09-24T10:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let editionId: number;
let exhibitorId: number;
let companyId: number;

const get = (url: string) => context.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost' } });

async function programmePage() {
  const response = await get(`${publicPages.programme}?lang=en`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

beforeAll(async () => {
  context = await createTestApp({ clock });
  const { db, app } = context;
  const fairId = app.sites.byName.get('Tile Fair')!.id;
  editionId = (await insertEdition(db, { siteId: fairId, name: 'Tile Fair 2026' })).id;
  await insertEdition(db, {
    siteId: fairId,
    name: 'Tile Fair Spring 2027',
    startsOn: '2027-03-02',
    endsOn: '2027-03-05',
  });
  companyId = (await insertCompany(db, { name: 'Ceramiche Aurora', country: 'IT' })).id;
  exhibitorId = (await insertExhibitor(db, { editionId, companyId, stands: [{ hall: '5', stand: 'A12' }] }))
    .id;
});

afterAll(async () => {
  await context.close();
});

describe('the kept programme page', () => {
  it('shows an event the moment it is approved, moved or cancelled', async () => {
    const { db } = context;
    const event = await insertProgrammeEvent(db, {
      editionId,
      exhibitorId,
      status: 'proposed',
      title: { en: 'Glazes of tomorrow' },
      startsAt: new Date('2026-09-25T08:00:00Z'),
    });
    expect(await programmePage()).not.toContain('Glazes of tomorrow');
    await db.update(programmeEvents).set({ status: 'approved' }).where(eq(programmeEvents.id, event.id));
    const approved = await programmePage();
    expect(approved).toContain('Glazes of tomorrow');
    expect(approved).toContain('datetime="2026-09-25T10:00:00+02:00"');

    await db
      .update(programmeEvents)
      .set({ startsAt: new Date('2026-09-25T13:00:00Z'), endsAt: new Date('2026-09-25T14:00:00Z') })
      .where(eq(programmeEvents.id, event.id));
    const moved = await programmePage();
    expect(moved).toContain('datetime="2026-09-25T15:00:00+02:00"');
    expect(moved).not.toContain('datetime="2026-09-25T10:00:00+02:00"');

    await db
      .update(programmeEvents)
      .set({ status: 'cancelled', cancelReason: 'The speaker is ill.' })
      .where(eq(programmeEvents.id, event.id));
    expect(await programmePage()).toContain('Cancelled');
  });

  it("names an organiser's new name in the very next page", async () => {
    const { db } = context;
    await insertProgrammeEvent(db, {
      editionId,
      exhibitorId,
      title: { en: 'Aurora press breakfast' },
      startsAt: new Date('2026-09-26T07:00:00Z'),
    });
    expect(await programmePage()).toContain('Ceramiche Aurora');
    await db.update(companies).set({ businessName: 'Aurora Tiles' }).where(eq(companies.id, companyId));
    const renamed = await programmePage();
    expect(renamed).toContain('Aurora Tiles');
    expect(renamed).not.toContain('Ceramiche Aurora');
  });

  it("shows the next edition's programme once the day has changed after the fair, with no write then", async () => {
    clock.set(new Date('2026-09-26T23:59:59Z'));
    expect(await programmePage()).toContain('Tile Fair 2026');
    clock.set(new Date('2026-09-27T00:00:01Z'));
    const next = await programmePage();
    expect(next).toContain('Tile Fair Spring 2027');
    expect(next).not.toContain('Tile Fair 2026');
    clock.set(new Date('2026-09-24T10:00:00Z'));
  });

  it('is not made stale by a sign-up, which counts places on the event and shows nowhere public', async () => {
    const { db } = context;
    const event = await insertProgrammeEvent(db, {
      editionId,
      exhibitorId,
      title: { en: 'Kiln visit' },
      startsAt: new Date('2026-09-25T12:00:00Z'),
      capacity: 10,
      signupRequired: true,
    });
    const before = await readContentVersion(db, contentKinds.programme);
    await db
      .update(programmeEvents)
      .set({ signedUp: sql`${programmeEvents.signedUp} + 1` })
      .where(eq(programmeEvents.id, event.id));
    expect(await readContentVersion(db, contentKinds.programme)).toBe(before);
    await db.update(programmeEvents).set({ hall: '7' }).where(eq(programmeEvents.id, event.id));
    expect(await readContentVersion(db, contentKinds.programme)).toBe(before + 1);
  });
});

describe('the kept event page', () => {
  it('shows a new title at its new address and a cancellation in the very next page', async () => {
    const { db } = context;
    const event = await insertProgrammeEvent(db, {
      editionId,
      exhibitorId,
      title: { en: 'Slabs in architecture' },
      startsAt: new Date('2026-09-25T09:00:00Z'),
    });
    const firstPath = publicPages.programmeEvent(event.id, eventSlug({ en: 'Slabs in architecture' }));
    const first = await get(`${firstPath}?lang=en`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Slabs in architecture');

    await db
      .update(programmeEvents)
      .set({ title: { en: 'Large slabs in architecture' } })
      .where(eq(programmeEvents.id, event.id));
    const moved = await get(`${firstPath}?lang=en`);
    expect(moved.statusCode).toBe(301);
    const newPath = publicPages.programmeEvent(event.id, eventSlug({ en: 'Large slabs in architecture' }));
    expect(moved.headers.location).toBe(`${newPath}?lang=en`);
    expect((await get(`${newPath}?lang=en`)).body).toContain('Large slabs in architecture');

    await db
      .update(programmeEvents)
      .set({ status: 'cancelled', cancelReason: 'The hall is closed for works.' })
      .where(eq(programmeEvents.id, event.id));
    expect((await get(`${newPath}?lang=en`)).body).toContain('The hall is closed for works.');

    await db.delete(programmeEvents).where(eq(programmeEvents.id, event.id));
    expect((await get(`${newPath}?lang=en`)).statusCode).toBe(404);
  });
});
