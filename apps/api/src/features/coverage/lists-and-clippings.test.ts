import {
  apiPaths,
  type Coverage,
  type CoveragePage,
  clippingMaxBytes,
  type PublicCoverageFilters,
} from '@pressroom/contract';
import { coverage, pressReleases, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FilePart, samplePdf, samplePng } from '../../test-support/press-content.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import {
  approved,
  as,
  association,
  call,
  companyIds,
  context,
  db,
  editionId,
  exhibitorId,
  fair,
  fairId,
  otherExhibitorId,
  pdfClipping,
  piece,
  publicList,
  releaseId,
  reported,
  setUpCoverageApp,
  uploadClipping,
} from './coverage-test-setup.ts';
import { seedDemoCoverage } from './demo.ts';

setUpCoverageApp();

describe('what the public reads', () => {
  it('only address, title, outlet, date, language and country, and the name only with consent', async () => {
    await approved({ show_name: true });
    await approved({ url: 'https://ceramica-oggi.example/fiera', title: 'La fiera', show_name: false });
    const page = await publicList();
    expect(page).toEqual({
      count: 2,
      page: 1,
      page_size: 20,
      results: [
        {
          id: expect.any(Number),
          url: 'https://www.fliesen-report.example/2026/10/grossformate-in-bologna',
          title: 'Großformate prägen die Messe',
          outlet: 'Fliesen Report',
          published_on: '2026-10-01',
          language: 'de',
          country: 'DE',
          journalist: 'Markus Weber',
        },
        expect.objectContaining({ title: 'La fiera', journalist: null }),
      ]
        .sort((a, b) => (a.id as number) - (b.id as number))
        .reverse(),
    });
  });

  it('filters by edition, exhibitor, country, language and media type, a page at a time', async () => {
    const a = await approved({
      url: 'https://a.example/1',
      country: 'IT',
      language: 'it',
      media_type: 'magazines',
    });
    const b = await approved({
      url: 'https://b.example/2',
      exhibitors: [otherExhibitorId],
      published_on: '2026-09-30',
    });
    const c = await approved({
      url: 'https://c.example/3',
      edition: null,
      exhibitors: [],
      published_on: '2026-09-29',
    });
    await reported({ url: 'https://d.example/4' });
    const ids = async (query: string) => (await publicList(query)).results.map((item) => item.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids(`?edition=${editionId}`)).toEqual([a.id, b.id]);
    expect(await ids(`?exhibitor=${otherExhibitorId}`)).toEqual([b.id]);
    expect(await ids('?country=it')).toEqual([a.id]);
    expect(await ids('?language=de')).toEqual([b.id, c.id]);
    expect(await ids('?media_type=magazines')).toEqual([a.id]);
    expect(await publicList('?page=2&page_size=2')).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(await ids('?page=2&page_size=2')).toEqual([c.id]);
    const tooMany = await call('GET', `${apiPaths.publicCoverage}?page_size=101`, fair);
    expect(tooMany.statusCode).toBe(400);
  });

  it("a release's coverage: its approved pieces on the site only", async () => {
    const covered = await approved();
    await reported({ url: 'https://waiting.example/piece' });
    await approved({ url: 'https://elsewhere.example/piece', releases: [] });
    const response = await call('GET', apiPaths.releaseCoverage(releaseId), fair);
    expect(response.json().data.map((item: { id: number }) => item.id)).toEqual([covered.id]);
    const onAssociation = await call('GET', apiPaths.releaseCoverage(releaseId), association);
    expect(onAssociation.json()).toEqual({ data: [] });
  });
});

describe("a journalist's own list", () => {
  it('holds their pieces on this site only, with their status; the other site lists its own', async () => {
    const here = await reported();
    const onAssociation = { ...as.journalist, ...association };
    const response = await call(
      'POST',
      apiPaths.coverage,
      onAssociation,
      piece({ url: 'https://association.example/piece', edition: null, releases: [], exhibitors: [] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const there = response.json() as Coverage;
    await reported({ url: 'https://someone-else.example/piece' }, as.otherJournalist);
    const ids = async (headers: Record<string, string>) =>
      ((await call('GET', apiPaths.coverage, headers)).json() as { data: Coverage[] }).data.map((item) => [
        item.id,
        item.status,
      ]);
    expect(await ids(as.journalist)).toEqual([[here.id, 'pending']]);
    expect(await ids(onAssociation)).toEqual([[there.id, 'pending']]);
  });
});

describe("the public list's filters", () => {
  it("offer the site's editions, and the exhibitors, countries, languages and media types of approved coverage", async () => {
    await approved({ url: 'https://a.example/1', country: 'IT', language: 'it', media_type: 'magazines' });
    await approved({ url: 'https://b.example/2', exhibitors: [exhibitorId, otherExhibitorId] });
    // What waits or was reported on another site offers nothing.
    await reported({ url: 'https://c.example/3', country: 'FR', language: 'fr', media_type: 'radio' });
    const elsewhere = await insertEdition(db(), {
      siteId: context.app.sites.byName.get('Ceramics Association')!.id,
    });
    const response = await call('GET', apiPaths.publicCoverageFilters, fair);
    expect(response.statusCode, response.body).toBe(200);
    const filters = response.json() as PublicCoverageFilters;
    expect(filters.editions[0]).toEqual({ id: editionId, name: expect.any(String) });
    expect(filters.editions.map((edition) => edition.id)).not.toContain(elsewhere.id);
    expect({ ...filters, editions: [] }).toEqual({
      editions: [],
      exhibitors: [
        { id: exhibitorId, name: `Ceramiche Aurora ${editionId}` },
        { id: otherExhibitorId, name: `Gres Nord ${editionId}` },
      ],
      countries: ['DE', 'IT'],
      languages: ['de', 'it'],
      media_types: ['magazines', 'website'],
    });
    const onAssociation = await call('GET', apiPaths.publicCoverageFilters, association);
    expect(onAssociation.json()).toMatchObject({
      exhibitors: [],
      countries: [],
      languages: [],
      media_types: [],
    });
  });
});

describe("the demo's coverage", () => {
  it('covers releases a reader can open from the days after the fair: never one still under embargo', async () => {
    const open = await insertRelease(db(), {
      groups: [fairId],
      publicationDate: '2026-09-24',
      translations: [{ language: 'en', title: 'The fair in figures' }],
    });
    const embargoed = await insertRelease(db(), {
      groups: [fairId],
      publicationDate: '2026-09-26',
      embargoUntil: new Date('2026-10-20T08:00:00Z'),
      translations: [{ language: 'en', title: 'Next year’s dates' }],
    });
    const later = await insertRelease(db(), {
      groups: [fairId],
      publicationDate: '2026-10-03',
      translations: [{ language: 'en', title: 'The award’s jury' }],
    });
    // Without journalists, the press office's own piece: it covers the newest release of the fair's last days.
    await seedDemoCoverage(
      context.app,
      context.app.sites.byName.get('Tile Fair')!,
      { id: editionId, endsOn: '2026-09-26' },
      [],
    );
    const outlets = async (id: number) =>
      (
        (await call('GET', apiPaths.releaseCoverage(id), fair)).json() as { data: { outlet: string }[] }
      ).data.map((piece) => piece.outlet);
    expect(await outlets(open.id)).toEqual(['Tile Today']);
    expect(await outlets(embargoed.id)).toEqual([]);
    expect(await outlets(later.id)).toEqual([]);
    const [piece] = await db().select().from(coverage);
    expect([piece.publishedOn, piece.editionId]).toEqual(['2026-09-29', editionId]);
  });
});

describe('personal data', () => {
  it("a deleted account's pieces stay public without its name, and leave its list", async () => {
    const created = await approved({ show_name: true });
    expect((await publicList()).results[0].journalist).toBe('Markus Weber');
    const [row] = await db().select().from(coverage).where(eq(coverage.id, created.id));
    await db()
      .delete(users)
      .where(eq(users.id, row.reporterId as number));
    expect((await publicList()).results).toEqual([
      expect.objectContaining({ id: created.id, journalist: null }),
    ]);
    const [after] = await db().select().from(coverage).where(eq(coverage.id, created.id));
    expect(after.reporterId).toBeNull();
  });
});

describe('clippings', () => {
  it('are read by the office, the reporter and the named exhibitor’s administrator; by no one else', async () => {
    const created = await reported();
    const upload = await uploadClipping(created.id, pdfClipping());
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().clipping).toMatchObject({
      file_name: 'fliesen-report.pdf',
      mime: 'application/pdf',
      url: apiPaths.coverageClipping(created.id),
    });
    const outcome: Record<string, number> = {};
    for (const [caller, headers] of Object.entries({ ...as, anonymous: fair })) {
      outcome[caller] = (await call('GET', apiPaths.coverageClipping(created.id), headers)).statusCode;
    }
    expect(outcome).toEqual({
      journalist: 200,
      office: 200,
      namedAdmin: 200,
      otherJournalist: 404,
      otherAdmin: 404,
      anonymous: 401,
    });
    const file = await call('GET', apiPaths.coverageClipping(created.id), as.office);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.body.startsWith('%PDF-1.4')).toBe(true);
  });

  it('are checked by content: a text file named .pdf is refused and nothing kept', async () => {
    const created = await reported();
    const response = await uploadClipping(created.id, {
      field: 'clipping',
      fileName: 'article.pdf',
      contentType: 'application/pdf',
      content: Buffer.from('Just some text pretending to be a PDF.'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ clipping: ['article.pdf is not a PDF, JPEG or PNG file.'] });
    const [row] = await db().select().from(coverage).where(eq(coverage.id, created.id));
    expect(row.clippingPath).toBeNull();
  });

  it('take PNG images too, and refuse a file over the size while it streams', async () => {
    const created = await reported();
    const png = await uploadClipping(created.id, {
      field: 'clipping',
      fileName: 'scan.png',
      contentType: 'image/png',
      content: await samplePng(),
    });
    expect(png.json().clipping).toMatchObject({ file_name: 'scan.png', mime: 'image/png' });
    const large = Buffer.concat([samplePdf(), Buffer.alloc(clippingMaxBytes)]);
    const response = await uploadClipping(created.id, {
      field: 'clipping',
      fileName: 'huge.pdf',
      contentType: 'application/pdf',
      content: large,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ clipping: ['huge.pdf is larger than 10 MB.'] });
    const [row] = await db().select().from(coverage).where(eq(coverage.id, created.id));
    expect(row.clippingMime).toBe('image/png');
  });

  it("a journalist's clippings hold at most their quota: past it refused in words, nothing stored", async () => {
    const pdfOf = (size: number, fileName = 'scan.pdf'): FilePart => {
      const head = samplePdf();
      return {
        field: 'clipping',
        fileName,
        contentType: 'application/pdf',
        content: Buffer.concat([head, Buffer.alloc(size - head.length, 32)]),
      };
    };
    const stored = async () => {
      const keys: string[] = [];
      for await (const object of context.app.storage.list('coverage-clippings/')) keys.push(object.key);
      return keys.sort();
    };
    const before = await stored();
    const first = await reported({ url: 'https://www.tile-today.example/a' });
    const second = await reported({ url: 'https://www.tile-today.example/b' });
    const third = await reported({ url: 'https://www.tile-today.example/c' });
    expect((await uploadClipping(first.id, pdfOf(40_000))).statusCode).toBe(200);
    // Two sent at once, each within the quota alone but not together: one is kept.
    const both = await Promise.all([
      uploadClipping(second.id, pdfOf(20_000)),
      uploadClipping(third.id, pdfOf(20_000)),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const keptFor = both[0]!.statusCode === 200 ? second.id : third.id;
    const refusedFor = keptFor === second.id ? third.id : second.id;
    const refused = await uploadClipping(refusedFor, pdfOf(4_001), {
      ...as.journalist,
      'accept-language': 'fr',
    });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: {
        clipping: [
          // Sizes in the reader's words: a narrow no-break space before the unit, as French writes it.
          'Avec cette coupure, vos coupures dépasseraient votre limite de 64\u202fko (elles occupent 60\u202fko aujourd’hui).',
        ],
      },
    });
    const [untouched] = await db().select().from(coverage).where(eq(coverage.id, refusedFor));
    expect(untouched.clippingPath).toBeNull();
    expect(await stored()).toHaveLength(before.length + 2);
    // Up to the quota is within it, and a replaced clipping no longer counts.
    expect((await uploadClipping(refusedFor, pdfOf(4_000))).statusCode).toBe(200);
    expect((await uploadClipping(first.id, pdfOf(40_000))).statusCode).toBe(200);
    expect(await stored()).toHaveLength(before.length + 3);
    // The press office is not held by the journalist's quota.
    expect((await uploadClipping(keptFor, pdfOf(50_000), as.office)).statusCode).toBe(200);
  });

  it('another journalist cannot add one, and the reporter no longer once the piece is decided', async () => {
    const created = await reported();
    expect((await uploadClipping(created.id, pdfClipping(), as.otherJournalist)).statusCode).toBe(404);
    await call('POST', apiPaths.coverageApprove(created.id), as.office);
    const late = await uploadClipping(created.id, pdfClipping());
    expect(late.statusCode).toBe(409);
    expect((await uploadClipping(created.id, pdfClipping(), as.office)).statusCode).toBe(200);
  });

  it('never appear in the public list', async () => {
    const created = await reported();
    await uploadClipping(created.id, pdfClipping());
    await call('POST', apiPaths.coverageApprove(created.id), as.office);
    const [item] = (await publicList()).results;
    expect(Object.keys(item).sort()).toEqual(
      ['country', 'id', 'journalist', 'language', 'outlet', 'published_on', 'title', 'url'].sort(),
    );
  });
});

describe('the releases a piece names', () => {
  const draftTitle = 'Unannounced: a new factory in Sassuolo';
  const scheduledTitle = 'Scheduled: the award winners';

  async function unreadableReleases() {
    const draft = await insertRelease(db(), {
      status: 'draft',
      companyId: companyIds.other,
      groups: [fairId],
      translations: [{ language: 'en', title: draftTitle }],
    });
    const scheduled = await insertRelease(db(), {
      groups: [fairId],
      translations: [{ language: 'en', title: scheduledTitle }],
    });
    await db()
      .update(pressReleases)
      .set({ publishAt: new Date('2026-12-01T09:00:00Z') })
      .where(eq(pressReleases.id, scheduled.id));
    return { draft: draft.id, scheduled: scheduled.id };
  }

  it("a journalist's report naming a draft or a scheduled release is refused as if it did not exist, nothing stored", async () => {
    const hidden = await unreadableReleases();
    for (const id of [hidden.draft, hidden.scheduled]) {
      const response = await call(
        'POST',
        apiPaths.coverage,
        as.journalist,
        piece({ releases: [releaseId, id] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        (await call('POST', apiPaths.coverage, as.journalist, piece({ releases: [999_999] }))).json(),
      );
    }
    expect(await db().select().from(coverage)).toEqual([]);
  });

  it('a release that stops being readable after the report is no longer named to the journalist, nor its title', async () => {
    const created = await reported();
    await db().update(pressReleases).set({ status: 'draft' }).where(eq(pressReleases.id, releaseId));
    const own = await call('GET', apiPaths.coverage, as.journalist);
    expect(own.statusCode).toBe(200);
    const [listed] = (own.json() as { data: Coverage[] }).data;
    expect(listed.id).toBe(created.id);
    expect(listed.releases).toEqual([]);
    expect(own.body).not.toContain('Tile Fair 2026 closes with record attendance');
    // The press office, who may read every release, still sees what the piece names.
    const queue = await call('GET', apiPaths.coverageAdmin, as.office);
    expect((queue.json() as CoveragePage).results[0].releases).toEqual([
      { id: releaseId, title: 'Tile Fair 2026 closes with record attendance' },
    ]);
  });
});
