import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pressReleases, pressReleaseTranslations } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

const list = '/api/press_room/press_release/';
const years = '/api/press_room/press_release_years/';

// The public lists and releases are kept in memory between requests (public-answers.ts); these prove that no kept answer
// outlives the data it shows, whoever wrote it, and that no embargoed release leaks through one.
describe('public release answers kept between requests', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let fair: number;
  let pressToken: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-answers-'));
    harness = await createTestApp({ config: { dataDir } });
    fair = harness.app.sites.byName.get('Tile Fair')?.id ?? 0;
    pressToken = await tokenFor(harness.app, await createUser(harness.app, { roles: ['user_press_room'] }));
  });
  afterAll(async () => {
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => harness.clock.set(new Date('2026-06-01T09:00:00Z')));

  async function titles(url: string, headers: Record<string, string> = {}) {
    const response = await harness.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return (response.json().results as { title: string }[]).map((row) => row.title);
  }
  const release = (title: string, options: { publicationDate?: string; embargoUntil?: Date } = {}) =>
    insertRelease(harness.db, {
      groups: [fair],
      publicationDate: options.publicationDate ?? '2026-05-01',
      embargoUntil: options.embargoUntil,
      translations: [{ language: 'en', title }],
    });
  const searchFor = (word: string) => `${list}?group=${fair}&search=${word}`;

  it('show a release written straight into the database (not through the API) in the very next answer', async () => {
    expect(await titles(searchFor('kiln'))).toEqual([]);
    await release('A new kiln for the fair');
    expect(await titles(searchFor('kiln'))).toEqual(['A new kiln for the fair']);
  });

  it('drop a published release put under embargo at once, for the public only', async () => {
    const { id } = await release('Porcelain slabs arrive');
    expect(await titles(searchFor('porcelain'))).toEqual(['Porcelain slabs arrive']);
    await harness.db
      .update(pressReleases)
      .set({ embargoUntil: new Date('2026-07-01T00:00:00Z') })
      .where(eq(pressReleases.id, id));
    expect(await titles(searchFor('porcelain'))).toEqual([]);
    expect(await titles(searchFor('porcelain'), authHeader(pressToken))).toEqual(['Porcelain slabs arrive']);
  });

  it('show a title edited in the database', async () => {
    const { id } = await release('Glazes of the south');
    expect(await titles(searchFor('glazes'))).toEqual(['Glazes of the south']);
    await harness.db
      .update(pressReleaseTranslations)
      .set({ title: 'Glazes of the north' })
      .where(eq(pressReleaseTranslations.pressReleaseId, id));
    expect(await titles(searchFor('glazes'))).toEqual(['Glazes of the north']);
  });

  it('take in a release whose embargo ends, without any write', async () => {
    await release('Mosaic prize winners', { embargoUntil: new Date('2026-06-01T12:00:00Z') });
    expect(await titles(searchFor('mosaic'))).toEqual([]);
    const yearsUrl = `${years}?group=${fair}&search=mosaic`;
    const yearsBefore = await harness.app.inject({ method: 'GET', url: yearsUrl });
    expect(yearsBefore.json().results).toEqual([]);

    harness.clock.set(new Date('2026-06-01T11:59:59Z'));
    expect(await titles(searchFor('mosaic'))).toEqual([]);
    harness.clock.set(new Date('2026-06-01T12:00:00Z'));
    expect(await titles(searchFor('mosaic'))).toEqual(['Mosaic prize winners']);
    const yearsAfter = await harness.app.inject({ method: 'GET', url: yearsUrl });
    expect(yearsAfter.json().results).toEqual([{ year: 2026, count: 1 }]);
  });

  it('keep the embargo mark of a press list only while the embargo holds', async () => {
    await release('Terrazzo preview', { embargoUntil: new Date('2026-06-03T00:00:00Z') });
    const url = `${list}?group=${fair}&search=terrazzo`;
    const before = await harness.app.inject({ method: 'GET', url, headers: authHeader(pressToken) });
    expect(before.json().results[0]).toMatchObject({
      embargoed: true,
      embargo_until: '2026-06-03T00:00:00.000Z',
    });
    harness.clock.set(new Date('2026-06-03T00:00:00Z'));
    const after = await harness.app.inject({ method: 'GET', url, headers: authHeader(pressToken) });
    expect(after.json().results[0]).toMatchObject({ embargoed: false, embargo_until: null });
  });

  it('echo each DataTables request its own draw', async () => {
    await release('Stoneware in the city');
    const url = (draw: number) =>
      `${list}?format=datatables&draw=${draw}&length=10&group=${fair}&search=stoneware`;
    const first = await harness.app.inject({ method: 'GET', url: url(3) });
    const second = await harness.app.inject({ method: 'GET', url: url(8) });
    expect(first.json()).toMatchObject({ draw: 3, recordsFiltered: 1 });
    expect(second.json()).toMatchObject({ draw: 8, recordsFiltered: 1 });
    expect(second.json().data).toEqual(first.json().data);
  });

  it("write the page links of the plain shape with the asking site's own address", async () => {
    await release('Clay from the hills');
    await release('Clay from the river');
    const url = `${list}?group=${fair}&search=clay&page_size=1`;
    const fairAnswer = await harness.app.inject({ method: 'GET', url, headers: { host: 'fair.localhost' } });
    const associationAnswer = await harness.app.inject({
      method: 'GET',
      url,
      headers: { host: 'association.localhost' },
    });
    const port = new URL(harness.app.config.publicUrl).port;
    const address = (hostname: string) => `http://${hostname}${port ? `:${port}` : ''}`;
    expect(fairAnswer.json().next).toBe(`${address('fair.localhost')}${url}&page=2`);
    expect(associationAnswer.json().next).toBe(`${address('association.localhost')}${url}&page=2`);
  });

  it('answer each reader language in its own language', async () => {
    await insertRelease(harness.db, {
      groups: [fair],
      translations: [
        { language: 'en', title: 'Majolica workshop' },
        { language: 'it', title: 'Laboratorio di maiolica' },
      ],
    });
    const url = `${list}?group=${fair}&search=majolica`;
    expect(await titles(url, { 'accept-language': 'en' })).toEqual(['Majolica workshop']);
    expect(await titles(url, { 'accept-language': 'it' })).toEqual(['Laboratorio di maiolica']);
  });

  describe('a release', () => {
    const detail = (id: number, headers: Record<string, string> = {}) =>
      harness.app.inject({ method: 'GET', url: `${list}${id}/`, headers });

    it('shows a title edited and a file added in the database in the very next answer', async () => {
      const { id } = await release('Kiln open day');
      expect((await detail(id)).json()).toMatchObject({ title: 'Kiln open day', attachments: [] });
      await harness.db
        .update(pressReleaseTranslations)
        .set({ title: 'Kiln open days' })
        .where(eq(pressReleaseTranslations.pressReleaseId, id));
      await insertReleaseFile(harness.db, harness.app.storage, {
        releaseId: id,
        kind: 'attachment',
        name: 'programme.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 programme'),
      });
      const after = (await detail(id)).json();
      expect(after.title).toBe('Kiln open days');
      expect(after.attachments.map((file: { file_name: string }) => file.file_name)).toEqual([
        'programme.pdf',
      ]);
    });

    it('is gone for everyone at once when it goes back to draft', async () => {
      const { id } = await release('Withdrawn news');
      expect((await detail(id)).statusCode).toBe(200);
      await harness.db.update(pressReleases).set({ status: 'draft' }).where(eq(pressReleases.id, id));
      expect((await detail(id)).statusCode).toBe(404);
      expect((await detail(id, authHeader(pressToken))).statusCode).toBe(404);
    });

    it('is 404 for the public while under embargo even after a press user read it', async () => {
      const { id } = await release('Embargoed kiln', { embargoUntil: new Date('2026-06-10T00:00:00Z') });
      expect((await detail(id, authHeader(pressToken))).statusCode).toBe(200);
      expect((await detail(id)).statusCode).toBe(404);
    });

    it('signs the file links of an embargoed release afresh on each day it is read', async () => {
      const { id } = await release('Signed glaze', { embargoUntil: new Date('2026-06-10T00:00:00Z') });
      await insertReleaseFile(harness.db, harness.app.storage, {
        releaseId: id,
        kind: 'attachment',
        name: 'glaze.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 glaze'),
      });
      const firstUrl = (await detail(id, authHeader(pressToken))).json().attachments[0].url;
      harness.clock.set(new Date('2026-06-03T09:00:00Z'));
      // Signed in again: a token of two days ago has expired.
      const laterToken = await tokenFor(
        harness.app,
        await createUser(harness.app, { roles: ['user_press_room'] }),
      );
      const laterUrl = (await detail(id, authHeader(laterToken))).json().attachments[0].url;
      expect(firstUrl).toMatch(/site=\d+&expires=\d+&signature=/);
      expect(laterUrl).not.toBe(firstUrl);
      expect((await harness.app.inject({ method: 'GET', url: laterUrl })).statusCode).toBe(200);
    });
  });
});
