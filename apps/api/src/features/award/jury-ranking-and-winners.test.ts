import {
  type Award,
  type AwardRanking,
  apiPaths,
  type JuryList,
  type MyAward,
  publicPages,
  type ReleaseWinners,
  releaseSlug,
} from '@pressroom/contract';
import { awardScores, coverage, pressReleases } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertRelease } from '../press-releases/test-factories.ts';
import {
  as,
  association,
  associationId,
  call,
  clock,
  db,
  entered,
  fair,
  fairId,
  ids,
  insertPiece,
  opened,
  useAwardTestApp,
} from './award-test-setup.ts';

async function withJurors(award: Award, category: number, jurors: number[]) {
  const response = await call(
    'PUT',
    apiPaths.awardCategoryJurors(award.categories[category]!.id),
    as.office,
    {
      users: jurors,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Award;
}

async function scored(entryId: number, score: number, headers = as.juror, comment = '') {
  const response = await call('PUT', apiPaths.awardScore(entryId), headers, { score, comment });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as JuryList;
}

useAwardTestApp();

describe('the jury', () => {
  it('takes only users holding the jury permission, named when refused, and changes nothing then', async () => {
    const award = await opened();
    const refused = await call('PUT', apiPaths.awardCategoryJurors(award.categories[0]!.id), as.office, {
      users: [ids.juror, ids.plainUser],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ users: ['Give these users the jury permission first: Paolo Neri'] });
    const candidates = await call('GET', apiPaths.awardJurorCandidates, as.office);
    expect(
      (candidates.json() as { items: { id: number; name: string }[] }).items
        .filter((candidate) => Object.values(ids).includes(candidate.id))
        .map((candidate) => candidate.name),
    ).toEqual(['Juror One', 'Juror Three', 'Juror Two']);
    const updated = await withJurors(award, 0, [ids.juror, ids.secondJuror]);
    expect(updated.categories[0]!.jurors.map((juror) => juror.name)).toEqual(['Juror One', 'Juror Two']);
    expect(updated.categories[1]!.jurors).toEqual([]);
  });

  it('a juror scores each entry of their categories once: a second score replaces the first', async () => {
    const award = await opened();
    await withJurors(award, 0, [ids.juror]);
    const entry = await entered(award, 0);
    await scored(entry.id, 6, as.juror, 'Solid reporting');
    const list = await scored(entry.id, 8, as.juror, 'Better on a second reading');
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]).toMatchObject({
      id: entry.id,
      journalist: 'Markus Weber',
      score: 8,
      comment: 'Better on a second reading',
    });
    const rows = await db().select().from(awardScores).where(eq(awardScores.entryId, entry.id));
    expect(rows.map((row) => [row.jurorId, row.score])).toEqual([[ids.juror, 8]]);
  });

  it('refuses a juror outside the category, a user without the permission, and scores outside 1 to 10', async () => {
    const award = await opened();
    await withJurors(award, 0, [ids.juror]);
    await withJurors(award, 1, [ids.idleJuror]);
    const entry = await entered(award, 0);
    const outside = await call('PUT', apiPaths.awardScore(entry.id), as.idleJuror, { score: 7 });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ detail: 'You are not a juror of this category.' });
    expect((await call('PUT', apiPaths.awardScore(entry.id), as.plainUser, { score: 7 })).statusCode).toBe(
      403,
    );
    expect((await call('GET', apiPaths.awardJury(award.id), as.secondJuror)).statusCode).toBe(403);
    for (const score of [0, 11, 7.5]) {
      const response = await call('PUT', apiPaths.awardScore(entry.id), as.juror, { score });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ score: ['Give a score from 1 to 10.'] });
    }
    expect(await db().select().from(awardScores)).toHaveLength(0);
    // The idle juror's list holds only their own category's entries: none.
    const idle = (await call('GET', apiPaths.awardJury(award.id), as.idleJuror)).json() as JuryList;
    expect(idle.entries).toEqual([]);
  });

  it('a juror never scores their own entry: refused in words, nothing stored, and not offered to them', async () => {
    const award = await opened();
    await withJurors(award, 0, [ids.juror, ids.secondJuror]);
    const ownPiece = await insertPiece(ids.juror, { title: 'A juror’s own piece' });
    const own = await entered(award, 0, ownPiece, as.juror);
    const other = await entered(award, 0);
    const refused = await call('PUT', apiPaths.awardScore(own.id), as.juror, { score: 10, comment: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'You entered this piece yourself: a juror never scores their own entry.',
    });
    const inGerman = await call(
      'PUT',
      apiPaths.awardScore(own.id),
      { ...as.juror, 'accept-language': 'de' },
      {
        score: 10,
      },
    );
    expect(inGerman.statusCode).toBe(403);
    expect(inGerman.json()).toEqual({
      detail: 'Diese Einreichung stammt von Ihnen: Jurymitglieder bewerten nie ihre eigenen Einreichungen.',
    });
    expect(await db().select().from(awardScores)).toHaveLength(0);
    // Their list offers the others' entries only; another juror of the category scores theirs as any other.
    const list = (await call('GET', apiPaths.awardJury(award.id), as.juror)).json() as JuryList;
    expect(list.entries.map((entry) => entry.id)).toEqual([other.id]);
    const second = (await call('GET', apiPaths.awardJury(award.id), as.secondJuror)).json() as JuryList;
    expect(second.entries.map((entry) => entry.id)).toEqual([own.id, other.id]);
    await scored(own.id, 7, as.secondJuror);
    expect((await db().select().from(awardScores)).map((row) => [row.entryId, row.jurorId])).toEqual([
      [own.id, ids.secondJuror],
    ]);
  });

  it('scores are frozen once the office closes judging', async () => {
    const award = await opened();
    await withJurors(award, 0, [ids.juror]);
    const entry = await entered(award, 0);
    await scored(entry.id, 5);
    const closed = await call('PATCH', apiPaths.award(award.id), as.office, { judging_closed: true });
    expect(closed.json()).toMatchObject({ judging_closed: true });
    const late = await call('PUT', apiPaths.awardScore(entry.id), as.juror, { score: 9 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Judging is closed: scores can no longer be changed.' });
    const [row] = await db().select().from(awardScores);
    expect(row?.score).toBe(5);
  });
});

describe('the ranking', () => {
  async function judged() {
    const award = await opened({ entries_per_category: 2 });
    await withJurors(award, 0, [ids.juror, ids.secondJuror]);
    const first = await entered(award, 0);
    const secondPiece = await insertPiece(ids.otherJournalist, { title: 'Kilns of tomorrow' });
    const second = await entered(award, 0, secondPiece, as.otherJournalist);
    const thirdPiece = await insertPiece(ids.journalist, { title: 'Unread so far' });
    const unscored = await entered(award, 0, thirdPiece);
    await scored(first.id, 6, as.juror);
    await scored(first.id, 9, as.secondJuror);
    await scored(second.id, 8, as.juror);
    return { award, first, second, unscored };
  }

  it('orders each category by mean score, with the number of scores and the spread; unscored entries last', async () => {
    const { award, first, second, unscored } = await judged();
    const response = await call('GET', apiPaths.awardRanking(award.id), as.office);
    expect(response.statusCode, response.body).toBe(200);
    const ranking = response.json() as AwardRanking;
    expect(
      ranking.categories[0]!.entries.map((entry) => [
        entry.id,
        entry.rank,
        entry.mean,
        entry.scores,
        entry.spread,
      ]),
    ).toEqual([
      [second.id, 1, 8, 1, 0],
      [first.id, 2, 7.5, 2, 3],
      [unscored.id, 3, null, 0, null],
    ]);
    expect(ranking.categories[1]!.entries).toEqual([]);
    expect(ranking.award.categories[0]!.jurors.map((juror) => juror.name)).toEqual([
      'Juror One',
      'Juror Two',
    ]);
  });

  it('exports as CSV in the reader’s language and as a PDF', async () => {
    const { award } = await judged();
    const csv = await call('GET', apiPaths.awardRankingCsv(award.id), as.office);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFCategory,Rank,Title,Outlet,Address,Journalist,Mean score,Scores,Spread,Winner',
      'Design,1,Kilns of tomorrow,Tile Today,https://www.tile-today.example/Kilns%20of%20tomorrow,Claire Dubois,8,1,0,',
      'Design,2,Large slabs steal the show,Tile Today,https://www.tile-today.example/Large%20slabs%20steal%20the%20show,Markus Weber,7.5,2,3,',
      'Design,3,Unread so far,Tile Today,https://www.tile-today.example/Unread%20so%20far,Markus Weber,,0,,',
      '',
    ]);
    const pdf = await call('GET', apiPaths.awardRankingPdf(award.id), as.office);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('does not count a score a juror gave their own entry (one stored before the rule)', async () => {
    const award = await opened();
    await withJurors(award, 0, [ids.juror, ids.secondJuror]);
    const ownPiece = await insertPiece(ids.juror, { title: 'A juror’s own piece' });
    const own = await entered(award, 0, ownPiece, as.juror);
    await scored(own.id, 4, as.secondJuror);
    await db().insert(awardScores).values({ entryId: own.id, jurorId: ids.juror, score: 10 });
    const ranking = (await call('GET', apiPaths.awardRanking(award.id), as.office)).json() as AwardRanking;
    expect(
      ranking.categories[0]!.entries.map((entry) => [entry.id, entry.mean, entry.scores, entry.spread]),
    ).toEqual([[own.id, 4, 1, 0]]);
    const csv = await call('GET', apiPaths.awardRankingCsv(award.id), as.office);
    expect(csv.body.split('\r\n')[1]).toContain(',4,1,0,');
  });

  it('winners are marked once judging is closed', async () => {
    const { award, second } = await judged();
    const early = await call('PUT', apiPaths.awardEntryWinner(second.id), as.office, { winner: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Close judging before marking winners.' });
    await call('PATCH', apiPaths.award(award.id), as.office, { judging_closed: true });
    const marked = await call('PUT', apiPaths.awardEntryWinner(second.id), as.office, { winner: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const winners = (marked.json() as AwardRanking).categories[0]!.entries.filter((entry) => entry.winner);
    expect(winners.map((entry) => entry.id)).toEqual([second.id]);
    const mine = (await call('GET', apiPaths.myAward, as.otherJournalist)).json() as MyAward;
    expect(mine.entries.map((entry) => entry.winner)).toEqual([true]);
  });
});

describe('winners announced on a release', () => {
  let releaseNumber = 9100;

  async function release(title: string, siteId = fairId) {
    releaseNumber += 1;
    const row = await insertRelease(db(), {
      groups: [siteId],
      number: releaseNumber,
      publicationDate: '2027-04-10',
      translations: [
        { language: 'en', title },
        { language: 'it', title },
      ],
    });
    return { id: row.id, page: publicPages.release(2027, releaseNumber, releaseSlug(title)) };
  }

  /** An award with one entry per category, judging closed: Claire's piece (her name shown) and Markus's. */
  async function closed() {
    const award = await opened();
    const design = await entered(award, 0);
    const shownPiece = await insertPiece(ids.otherJournalist, { title: 'Kilns of tomorrow' });
    await db().update(coverage).set({ showName: true }).where(eq(coverage.id, shownPiece));
    const industry = await entered(award, 1, shownPiece, as.otherJournalist);
    await call('PATCH', apiPaths.award(award.id), as.office, { judging_closed: true });
    return { award, design, industry };
  }

  const winnersOf = async (releaseId: number, language = 'en') =>
    (
      (
        await call('GET', apiPaths.releaseAwardWinners(releaseId), { ...fair, 'accept-language': language })
      ).json() as ReleaseWinners
    ).data;

  const pageOf = async (url: string) => {
    const response = await call('GET', `${url}?lang=it`, fair);
    expect(response.statusCode, String(response.headers.location)).toBe(200);
    return response.body;
  };

  it('are refused before winners are marked, and a release of another site always; nothing changes', async () => {
    const { award } = await closed();
    const announcement = await release('The award winners');
    const early = await call('PATCH', apiPaths.award(award.id), as.office, {
      announcement_release: announcement.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Mark the winners before announcing them on a release.' });
    const elsewhere = await release('Of the association', associationId);
    const refused = await call('PATCH', apiPaths.award(award.id), as.office, {
      announcement_release: elsewhere.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ announcement_release: ['Choose a release of this site.'] });
    const stored = await call('GET', apiPaths.award(award.id), as.office);
    expect((stored.json() as Award).announcement_release).toBeNull();
    expect(await winnersOf(announcement.id)).toEqual([]);
    expect(await pageOf(announcement.page)).not.toContain('Vincitori');
  });

  it("list category, title, outlet and the journalist's name only with consent, on the release's page and API", async () => {
    const { award, design, industry } = await closed();
    const announcement = await release('The award winners');
    for (const entry of [design, industry]) {
      const marked = await call('PUT', apiPaths.awardEntryWinner(entry.id), as.office, { winner: true });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const linked = await call('PATCH', apiPaths.award(award.id), as.office, {
      announcement_release: announcement.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as Award).announcement_release).toEqual({
      id: announcement.id,
      title: 'The award winners',
    });
    expect(await winnersOf(announcement.id, 'it')).toEqual([
      {
        category: 'Design',
        title: 'Large slabs steal the show',
        url: 'https://www.tile-today.example/Large%20slabs%20steal%20the%20show',
        outlet: 'Tile Today',
        journalist: null,
      },
      {
        category: 'Industria',
        title: 'Kilns of tomorrow',
        url: 'https://www.tile-today.example/Kilns%20of%20tomorrow',
        outlet: 'Tile Today',
        journalist: 'Claire Dubois',
      },
    ]);
    const html = await pageOf(announcement.page);
    const start = html.indexOf('<h2>Vincitori</h2>');
    expect(html.slice(start, html.indexOf('</ul>', start) + 5)).toBe(
      '<h2>Vincitori</h2><ul class="plain">' +
        '<li><strong dir="auto">Design</strong><br><a href="https://www.tile-today.example/Large%20slabs%20steal%20the%20show" rel="nofollow noopener" dir="auto">Large slabs steal the show</a><br><span class="meta"><span dir="auto">Tile Today</span></span></li>' +
        '<li><strong dir="auto">Industria</strong><br><a href="https://www.tile-today.example/Kilns%20of%20tomorrow" rel="nofollow noopener" dir="auto">Kilns of tomorrow</a><br><span class="meta"><span dir="auto">Tile Today</span> · di \u2068Claire Dubois\u2069</span></li>' +
        '</ul>',
    );
    // Another release, and the same release on another site, show none.
    const other = await release('Another release');
    expect(await winnersOf(other.id)).toEqual([]);
    const there = await call('GET', apiPaths.releaseAwardWinners(announcement.id), association);
    expect((there.json() as ReleaseWinners).data).toEqual([]);
  });

  it('are named nowhere while the announcing release is a draft or scheduled, and once it is out, everywhere', async () => {
    const { award, design } = await closed();
    const announcement = await release('The award winners');
    await db().update(pressReleases).set({ status: 'draft' }).where(eq(pressReleases.id, announcement.id));
    await call('PUT', apiPaths.awardEntryWinner(design.id), as.office, { winner: true });
    const linked = await call('PATCH', apiPaths.award(award.id), as.office, {
      announcement_release: announcement.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const announced = async () =>
      ((await call('GET', apiPaths.myAward, as.journalist)).json() as MyAward).award?.announcement_release;
    expect(await winnersOf(announcement.id)).toEqual([]);
    expect(await announced()).toBeNull();

    const later = new Date(clock.now().getTime() + 86_400_000);
    await db()
      .update(pressReleases)
      .set({ status: 'published', publishAt: later })
      .where(eq(pressReleases.id, announcement.id));
    expect(await winnersOf(announcement.id)).toEqual([]);
    expect(await announced()).toBeNull();

    await db().update(pressReleases).set({ publishAt: null }).where(eq(pressReleases.id, announcement.id));
    expect((await winnersOf(announcement.id)).map((winner) => winner.title)).toEqual([
      'Large slabs steal the show',
    ]);
    expect(await announced()).toEqual({ id: announcement.id, title: 'The award winners' });
  });

  it('a winner unmarked leaves the release, and null takes the announcement back', async () => {
    const { award, design } = await closed();
    const announcement = await release('The award winners');
    await call('PUT', apiPaths.awardEntryWinner(design.id), as.office, { winner: true });
    await call('PATCH', apiPaths.award(award.id), as.office, { announcement_release: announcement.id });
    expect((await winnersOf(announcement.id)).map((winner) => winner.title)).toEqual([
      'Large slabs steal the show',
    ]);
    await call('PUT', apiPaths.awardEntryWinner(design.id), as.office, { winner: false });
    expect(await winnersOf(announcement.id)).toEqual([]);
    const back = await call('PATCH', apiPaths.award(award.id), as.office, { announcement_release: null });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as Award).announcement_release).toBeNull();
  });
});
