import { type AwardCreateInput, apiPaths, type MyAward } from '@pressroom/contract';
import { awardEntries, awards, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertEdition } from '../exhibitors/test-factories.ts';
import {
  as,
  association,
  associationId,
  awardInput,
  call,
  clock,
  db,
  deadline,
  editionId,
  entered,
  ids,
  insertPiece,
  opened,
  piece,
  signedInNow,
  useAwardTestApp,
} from './award-test-setup.ts';

useAwardTestApp();

describe('the press office opens an award', () => {
  it('per edition with its categories, the deadline given as an instant and shown in the fair’s zone', async () => {
    const award = await opened();
    expect(award).toMatchObject({
      edition: { id: editionId, time_zone: 'Europe/Rome' },
      name: { en: 'Ceramic Journalism Award 2026' },
      window_starts_on: '2026-09-01',
      window_ends_on: '2027-03-15',
      entry_deadline: deadline,
      entries_per_category: 1,
      open: true,
      judging_closed: false,
    });
    expect(award.categories.map((category) => category.name.en)).toEqual(['Design', 'Industry']);
  });

  it('once per edition and site: a second award of the edition is a 409 and writes nothing', async () => {
    await opened();
    const response = await call('POST', apiPaths.awards, as.office, awardInput());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ edition: ['This edition already has an award on this site.'] });
    expect(await db().select().from(awards)).toHaveLength(1);
  });

  it('refuses another site’s edition, a window that ends before it starts, and no category', async () => {
    const otherEdition = await insertEdition(db(), { siteId: associationId });
    const cases = [
      [{ edition: otherEdition.id }, { edition: ['Choose an edition of this site.'] }],
      [
        { window_ends_on: '2026-08-31' },
        { window_ends_on: ['The window must end on or after the day it starts.'] },
      ],
      [
        { categories: [] as AwardCreateInput['categories'] },
        { categories: ['Give the award at least one category.'] },
      ],
    ] as const;
    for (const [overrides, errors] of cases) {
      const response = await call('POST', apiPaths.awards, as.office, awardInput(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await db().select().from(awards)).toHaveLength(0);
  });

  it('a PATCH writes only the fields it names, and is checked against the stored window', async () => {
    const award = await opened({ entries_per_category: 2 });
    const renamed = await call('PATCH', apiPaths.award(award.id), as.office, {
      name: { en: 'Tile Press Prize' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: { en: 'Tile Press Prize' },
      window_starts_on: '2026-09-01',
      window_ends_on: '2027-03-15',
      entries_per_category: 2,
      entry_deadline: deadline,
    });
    const backwards = await call('PATCH', apiPaths.award(award.id), as.office, {
      window_ends_on: '2026-08-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      window_ends_on: ['The window must end on or after the day it starts.'],
    });
  });

  it('is the press office’s: a journalist, a juror and another site get 403 or 404', async () => {
    const award = await opened();
    expect((await call('GET', apiPaths.award(award.id), as.journalist)).statusCode).toBe(403);
    expect((await call('GET', apiPaths.awardRanking(award.id), as.juror)).statusCode).toBe(403);
    const elsewhere = { ...as.office, host: association.host };
    expect((await call('GET', apiPaths.award(award.id), elsewhere)).statusCode).toBe(404);
    expect((await call('GET', apiPaths.awards, elsewhere)).json()).toEqual({ items: [] });
  });
});

describe('a journalist enters the award', () => {
  it('sees the open award, the pieces they may enter (their own, approved, within the window) and their entries', async () => {
    const award = await opened();
    await insertPiece(ids.journalist, { title: 'Still waiting', status: 'pending' });
    await insertPiece(ids.journalist, { title: 'Too early', publishedOn: '2026-08-31' });
    await insertPiece(ids.otherJournalist, { title: 'Not mine' });
    await insertPiece(ids.journalist, { title: 'Elsewhere', siteId: associationId });
    const entry = await entered(award);
    const mine = (await call('GET', apiPaths.myAward, as.journalist)).json() as MyAward;
    expect(mine.award?.id).toBe(award.id);
    expect(mine.award?.categories[0]?.jurors).toEqual([]);
    expect(mine.eligible.map((eligible) => eligible.title)).toEqual(['Large slabs steal the show']);
    expect(mine.entries).toEqual([entry]);
    expect(entry).toMatchObject({
      category: award.categories[0]!.id,
      statement: 'How Italian factories answered the energy crisis.',
      winner: false,
      coverage: {
        id: piece,
        title: 'Large slabs steal the show',
        outlet: 'Tile Today',
        published_on: '2026-10-02',
      },
    });
  });

  it('refuses pieces that are not their own approved coverage of the window, in words naming the window', async () => {
    const award = await opened();
    const pending = await insertPiece(ids.journalist, { title: 'Still waiting', status: 'pending' });
    const late = await insertPiece(ids.journalist, { title: 'Too late', publishedOn: '2027-03-16' });
    const theirs = await insertPiece(ids.otherJournalist, { title: 'Not mine' });
    for (const coverageId of [pending, late, theirs]) {
      const response = await call('POST', apiPaths.myAward, as.journalist, {
        category: award.categories[0]!.id,
        coverage: coverageId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        coverage: [
          'Only your own approved coverage published between 2026-09-01 and 2027-03-15 can be entered.',
        ],
      });
    }
    expect(await db().select().from(awardEntries)).toHaveLength(0);
  });

  it('enters a piece once per category, and no more pieces per category than the award allows', async () => {
    const award = await opened();
    await entered(award, 0);
    const again = await call('POST', apiPaths.myAward, as.journalist, {
      category: award.categories[0]!.id,
      coverage: piece,
    });
    expect(again.statusCode).toBe(409);
    const second = await insertPiece(ids.journalist, { title: 'Glazes that remember' });
    const beyond = await call('POST', apiPaths.myAward, as.journalist, {
      category: award.categories[0]!.id,
      coverage: second,
    });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({
      detail: 'You have already entered 1 pieces in this category, the most allowed.',
    });
    // The same piece in the other category is another entry.
    await entered(award, 1);
    expect(await db().select().from(awardEntries)).toHaveLength(2);
  });

  it('two entries sent at once cannot both pass the limit of one per category', async () => {
    const award = await opened();
    const second = await insertPiece(ids.journalist, { title: 'Glazes that remember' });
    const responses = await Promise.all(
      [piece, second].map((coverageId) =>
        call('POST', apiPaths.myAward, as.journalist, {
          category: award.categories[0]!.id,
          coverage: coverageId,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(awardEntries)).toHaveLength(1);
  });

  it('closes at 23:59 at the fair on the deadline day: a minute before is taken, after it is refused in words', async () => {
    const award = await opened();
    clock.set(new Date('2027-03-31T21:58:00Z'));
    const entry = await entered(award, 0, piece, await signedInNow('journalist'));
    clock.set(new Date('2027-03-31T21:59:30Z'));
    const journalist = await signedInNow('journalist');
    const late = await call('POST', apiPaths.myAward, journalist, {
      category: award.categories[1]!.id,
      coverage: piece,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      detail: 'Entries closed on March 31, 2027 at 11:59 PM (time at the fair).',
    });
    const withdrawn = await call('DELETE', apiPaths.awardEntry(entry.id), journalist);
    expect(withdrawn.statusCode).toBe(409);
    expect(await db().select().from(awardEntries)).toHaveLength(1);
    expect(((await call('GET', apiPaths.myAward, journalist)).json() as MyAward).award?.open).toBe(false);
  });

  it('withdraws their own entry before the deadline; someone else’s entry is not found to them', async () => {
    const award = await opened();
    const entry = await entered(award);
    expect((await call('DELETE', apiPaths.awardEntry(entry.id), as.otherJournalist)).statusCode).toBe(404);
    expect((await call('DELETE', apiPaths.awardEntry(entry.id), as.journalist)).statusCode).toBe(204);
    expect(await db().select().from(awardEntries)).toHaveLength(0);
  });

  it('an entry is in the journalist’s data export, and goes when their account goes', async () => {
    const award = await opened();
    const entry = await entered(award, 1);
    const exported = await call('GET', apiPaths.profileExport, as.journalist);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().award_entries).toEqual([
      {
        id: entry.id,
        award: { en: 'Ceramic Journalism Award 2026', it: 'Premio giornalistico Ceramica 2026' },
        category: { en: 'Industry', it: 'Industria' },
        coverage_title: 'Large slabs steal the show',
        coverage_url: 'https://www.tile-today.example/Large%20slabs%20steal%20the%20show',
        statement: 'How Italian factories answered the energy crisis.',
        winner: false,
        created_at: '2027-02-01T09:00:00.000Z',
      },
    ]);
    await db().delete(users).where(eq(users.id, ids.journalist));
    expect(await db().select().from(awardEntries)).toEqual([]);
  });

  it('without an award on the site, there is nothing to enter', async () => {
    const response = await call('GET', apiPaths.myAward, as.journalist);
    expect(response.json()).toEqual({ award: null, entries: [], eligible: [] });
  });
});
