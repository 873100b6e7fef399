import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  type Coverage,
  type CoverageCreateInput,
  type CoveragePage,
  clippingMaxBytes,
  normaliseCoverageUrl,
  type PublicCoverageFilters,
  type PublicCoveragePage,
  type Role,
} from '@pressroom/contract';
import { coverage, mailQueue, pressReleases, users } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { type FilePart, multipart, samplePdf, samplePng } from '../../test-support/press-content.ts';
import { insertCompany, insertEdition, insertExhibitor } from '../exhibitors/test-factories.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { seedDemoCoverage } from './demo.ts';

// The fair ran from 22 to 26 September 2026; the pieces are reported in October.
const clock = new TestClock(new Date('2026-10-05T09:00:00Z'));
const fair = { host: 'fair.localhost' };
const association = { host: 'association.localhost' };
let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let fairId: number;
let editionId: number;
let exhibitorId: number;
let otherExhibitorId: number;
let companyIds: { named: number; other: number };
let releaseId: number;
type Caller = 'journalist' | 'otherJournalist' | 'office' | 'namedAdmin' | 'otherAdmin';
let as: Record<Caller, Record<string, string>>;
/** Each journalist's quotas here: a few reports a day, and clippings of a few tens of kilobytes. */
const reportsPerDay = 8;
const clippingQuota = 64_000;

const db = () => context.db;

async function signedIn(roles: Role[], options: { company?: number; language?: 'en' | 'de' | 'fr' } = {}) {
  const user = await createUser(context.app, {
    roles,
    companyId: options.company ?? null,
    userType: options.company ? 'COMPANY' : 'USER',
    language: options.language ?? 'en',
    firstName: 'Markus',
    lastName: 'Weber',
  });
  return { ...fair, ...authHeader(await tokenFor(context.app, user)) } as Record<string, string>;
}

const piece = (overrides: Partial<CoverageCreateInput> = {}): CoverageCreateInput => ({
  url: 'https://www.fliesen-report.example/2026/10/grossformate-in-bologna',
  title: 'Großformate prägen die Messe',
  outlet: 'Fliesen Report',
  published_on: '2026-10-01',
  language: 'de',
  country: 'DE',
  media_type: 'website',
  reach: 42_000,
  edition: editionId,
  releases: [releaseId],
  exhibitors: [exhibitorId],
  show_name: false,
  ...overrides,
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

async function reported(overrides: Partial<CoverageCreateInput> = {}, headers = as.journalist) {
  const response = await call('POST', apiPaths.coverage, headers, piece(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Coverage;
}

async function approved(overrides: Partial<CoverageCreateInput> = {}, headers = as.journalist) {
  const created = await reported(overrides, headers);
  const response = await call('POST', apiPaths.coverageApprove(created.id), as.office);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Coverage;
}

function uploadClipping(id: number, file: FilePart, headers = as.journalist) {
  const form = multipart({}, [file]);
  return context.app.inject({
    method: 'PUT',
    url: apiPaths.coverageClipping(id),
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const pdfClipping = (): FilePart => ({
  field: 'clipping',
  fileName: 'fliesen-report.pdf',
  contentType: 'application/pdf',
  content: samplePdf('Fliesen Report, page 12'),
});

async function publicList(query = '', headers: Record<string, string> = fair) {
  const response = await call('GET', `${apiPaths.publicCoverage}${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PublicCoveragePage;
}

const mails = () => db().select().from(mailQueue).orderBy(asc(mailQueue.id));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-coverage-'));
  context = await createTestApp({
    clock,
    config: { dataDir, coverageReportsPerDay: reportsPerDay, clippingQuotaBytes: clippingQuota },
  });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
});

afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().delete(coverage);
  await db().delete(mailQueue);
  const edition = await insertEdition(db(), { siteId: fairId });
  editionId = edition.id;
  const company = await insertCompany(db(), { name: `Ceramiche Aurora ${edition.id}` });
  const other = await insertCompany(db(), { name: `Gres Nord ${edition.id}` });
  exhibitorId = (await insertExhibitor(db(), { editionId, companyId: company.id })).id;
  companyIds = { named: company.id, other: other.id };
  otherExhibitorId = (await insertExhibitor(db(), { editionId, companyId: other.id })).id;
  releaseId = (
    await insertRelease(db(), {
      groups: [fairId],
      translations: [{ language: 'en', title: 'Tile Fair 2026 closes with record attendance' }],
    })
  ).id;
  as = {
    journalist: await signedIn(['user_press_room'], { language: 'de' }),
    otherJournalist: await signedIn(['user_press_room']),
    office: await signedIn(['administrator_press_room']),
    namedAdmin: await signedIn(['administrator_press_room_external_company'], { company: company.id }),
    otherAdmin: await signedIn(['administrator_press_room_external_company'], { company: other.id }),
  };
});

describe('the address of a piece', () => {
  it('is normalised conservatively: scheme and host case, tracking parameters, fragment, one trailing slash', () => {
    expect(normaliseCoverageUrl('  HTTPS://WWW.Example.com:443/News/Tiles/?utm_source=x&id=7#top ')).toEqual({
      url: 'https://www.example.com/News/Tiles?id=7',
      key: 'www.example.com/News/Tiles?id=7',
    });
    expect(normaliseCoverageUrl('http://example.com/')?.url).toBe('http://example.com/');
    expect(normaliseCoverageUrl('ftp://example.com/piece')).toBeNull();
    expect(normaliseCoverageUrl('https://user:secret@example.com/piece')).toBeNull();
    expect(normaliseCoverageUrl('javascript:alert(1)')).toBeNull();
  });

  it('a journalist reports a piece: it waits for the press office, as they gave it', async () => {
    const created = await reported({
      url: 'https://www.fliesen-report.example/2026/10/grossformate/?utm_medium=mail',
    });
    expect(created).toMatchObject({
      status: 'pending',
      url: 'https://www.fliesen-report.example/2026/10/grossformate',
      title: 'Großformate prägen die Messe',
      outlet: 'Fliesen Report',
      published_on: '2026-10-01',
      language: 'de',
      country: 'DE',
      media_type: 'website',
      reach: 42_000,
      edition: { id: editionId },
      releases: [{ id: releaseId, title: 'Tile Fair 2026 closes with record attendance' }],
      exhibitors: [{ id: exhibitorId }],
      reported_by_office: false,
      clipping: null,
      reject_reason: '',
    });
  });

  it('the same piece twice is one piece: a 409 naming it, whatever the slash, host case, scheme or tracking', async () => {
    await reported({ url: 'https://www.fliesen-report.example/2026/10/grossformate' });
    for (const url of [
      'https://www.fliesen-report.example/2026/10/grossformate',
      'https://www.fliesen-report.example/2026/10/grossformate/',
      'https://WWW.Fliesen-Report.example/2026/10/grossformate',
      'http://www.fliesen-report.example/2026/10/grossformate',
      'https://www.fliesen-report.example/2026/10/grossformate?utm_source=newsletter&utm_campaign=fair#comments',
    ]) {
      const response = await call('POST', apiPaths.coverage, as.otherJournalist, piece({ url }));
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toEqual({
        url: [
          'This piece has already been reported: https://www.fliesen-report.example/2026/10/grossformate',
        ],
      });
    }
    expect(await db().select().from(coverage)).toHaveLength(1);
  });

  it('a different path case or query is another piece', async () => {
    await reported({ url: 'https://tiles.example/news?id=1' });
    await reported({ url: 'https://tiles.example/news?id=2' });
    await reported({ url: 'https://tiles.example/News?id=1' });
    expect(await db().select().from(coverage)).toHaveLength(3);
  });

  it('two reports of the same piece at once store one row (the database decides)', async () => {
    const answers = await Promise.all([
      call('POST', apiPaths.coverage, as.journalist, piece()),
      call('POST', apiPaths.coverage, as.otherJournalist, piece()),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(coverage)).toHaveLength(1);
  });

  it('the same address on another site is that site’s own piece', async () => {
    await reported();
    const onAssociation = { ...as.journalist, ...association };
    const response = await call(
      'POST',
      apiPaths.coverage,
      onAssociation,
      piece({ edition: null, releases: [], exhibitors: [] }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses what is not an address, a date to come, another site’s edition, and changes nothing', async () => {
    const cases: [Partial<CoverageCreateInput>, Record<string, string[]>][] = [
      [
        { url: 'ftp://tiles.example/piece' },
        { url: ['Give the web address of the piece, starting with http:// or https://.'] },
      ],
      [{ published_on: '2026-10-09' }, { published_on: ['The publication date cannot be in the future.'] }],
      [{ published_on: '' }, { published_on: ['Field required'] }],
      [{ published_on: '1 October' }, { published_on: ['Field not valid'] }],
      [{ language: 'xx' }, { language: ['Choose the language the piece is written in.'] }],
    ];
    for (const [overrides, body] of cases) {
      const response = await call('POST', apiPaths.coverage, as.journalist, piece(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual(body);
    }
    const elsewhere = await insertEdition(db(), {
      siteId: context.app.sites.byName.get('Ceramics Association')!.id,
    });
    const response = await call('POST', apiPaths.coverage, as.journalist, piece({ edition: elsewhere.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      edition: ['Choose an edition, releases and exhibitors of this site.'],
    });
    expect(await db().select().from(coverage)).toHaveLength(0);
  });

  it('a journalist reports at most so many pieces a day, on every site; the office and the next day are not held', async () => {
    clock.set(new Date('2026-10-05T23:50:00Z'));
    try {
      const user = await createUser(context.app, { roles: ['user_press_room'], language: 'en' });
      const reporter = { ...fair, ...authHeader(await tokenFor(context.app, user)) };
      const address = (n: number) => `https://www.tile-today.example/2026/10/piece-${n}`;
      for (let n = 1; n < reportsPerDay; n += 1) {
        // One of them on the other site: the quota is the journalist's, not a site's.
        const headers = n === 1 ? { ...reporter, ...association } : reporter;
        const overrides = n === 1 ? { edition: null, releases: [], exhibitors: [] } : {};
        await reported({ url: address(n), ...overrides }, headers);
      }
      // The last two sent at once: one is taken, the other refused.
      const both = await Promise.all([
        call('POST', apiPaths.coverage, reporter, piece({ url: address(100) })),
        call('POST', apiPaths.coverage, reporter, piece({ url: address(101) })),
      ]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([201, 429]);
      const refused = await call(
        'POST',
        apiPaths.coverage,
        { ...reporter, 'accept-language': 'de' },
        piece(),
      );
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 429,
        body: {
          detail:
            'Sie haben heute 8 Beiträge gemeldet, die meisten an einem Tag erlaubten: Bitte melden Sie die nächsten morgen.',
        },
      });
      const rows = await db().select().from(coverage).where(eq(coverage.reporterId, user.id));
      expect(rows).toHaveLength(reportsPerDay);
      expect(rows.map((row) => row.url)).not.toContain(piece().url);
      const office = await createUser(context.app, { roles: ['administrator_press_room'] });
      await reported({ url: address(200) }, { ...fair, ...authHeader(await tokenFor(context.app, office)) });
      clock.set(new Date('2026-10-06T00:05:00Z'));
      await reported({ url: address(300) }, reporter);
    } finally {
      clock.set(new Date('2026-10-05T09:00:00Z'));
    }
  });

  it('the press office reports a piece too: approved at once, with no journalist', async () => {
    const response = await call('POST', apiPaths.coverageAdmin, as.office, piece({ show_name: true }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'approved', reported_by_office: true, reporter: null });
    expect((await publicList()).results).toEqual([
      expect.objectContaining({ title: 'Großformate prägen die Messe', journalist: null }),
    ]);
  });
});

describe('approval', () => {
  it('the office approves a waiting piece: it becomes public; a second answer is a 409', async () => {
    const created = await reported();
    expect((await publicList()).count).toBe(0);
    const queue = await call('GET', apiPaths.coverageAdmin, as.office);
    expect((queue.json() as CoveragePage).results.map((item) => item.id)).toEqual([created.id]);
    const response = await call('POST', apiPaths.coverageApprove(created.id), as.office);
    expect(response.json()).toMatchObject({ status: 'approved', decided_at: '2026-10-05T09:00:00.000Z' });
    expect((await publicList()).count).toBe(1);
    const again = await call('POST', apiPaths.coverageReject(created.id), as.office, { reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This piece has already been approved or rejected.' });
    expect(await mails()).toEqual([]);
  });

  it('a rejection needs a reason, and mails it to the journalist in their language', async () => {
    const created = await reported();
    const empty = await call('POST', apiPaths.coverageReject(created.id), as.office, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    const response = await call('POST', apiPaths.coverageReject(created.id), as.office, {
      reason: 'Der Beitrag erwähnt die Messe nicht.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'rejected',
      reject_reason: 'Der Beitrag erwähnt die Messe nicht.',
    });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Ihr Pressebeitrag wurde nicht freigegeben: Großformate prägen die Messe');
    expect(sent[0].textBody).toContain('Grund: Der Beitrag erwähnt die Messe nicht.');
    expect(sent[0].textBody).toContain('http://fair.localhost');
    expect((await publicList()).count).toBe(0);
    const own = await call('GET', apiPaths.coverage, as.journalist);
    expect(own.json().data).toEqual([expect.objectContaining({ id: created.id, status: 'rejected' })]);
  });

  it('another site’s piece is absent for this site’s office', async () => {
    const created = await reported();
    const response = await call('POST', apiPaths.coverageApprove(created.id), {
      ...as.office,
      ...association,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("the exhibitors' administrators who chose to hear of their coverage", () => {
  /** An administrator of a company's press box, who opts in to the mail in their profile (or not). */
  async function administrator(company: number, language: 'en' | 'fr' | 'it', optIn: boolean) {
    const user = await createUser(context.app, {
      roles: ['administrator_press_room_external_company'],
      companyId: company,
      userType: 'COMPANY',
      language,
    });
    const headers = { ...fair, ...authHeader(await tokenFor(context.app, user)) };
    if (optIn) {
      const response = await context.app.inject({
        method: 'PATCH',
        url: apiPaths.profile,
        headers,
        payload: { coverage_mail: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ coverage_mail: true, language });
    }
    return user;
  }

  it('is off by default: the profile says so', async () => {
    const response = await call('GET', apiPaths.profile, as.namedAdmin);
    expect(response.json()).toMatchObject({ coverage_mail: false });
  });

  it('an approval mails each one who opted in, once, in their language; the others not', async () => {
    const optedIn = await administrator(companyIds.named, 'fr', true);
    await administrator(companyIds.named, 'en', false);
    // Opted in, but their exhibitor is not named.
    await administrator(companyIds.other, 'it', true);
    const created = await reported();
    expect(await mails()).toEqual([]);
    const response = await call('POST', apiPaths.coverageApprove(created.id), as.office);
    expect(response.statusCode, response.body).toBe(200);
    const again = await call('POST', apiPaths.coverageApprove(created.id), as.office);
    expect(again.statusCode).toBe(409);
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [optedIn.email, `Ceramiche Aurora ${editionId} dans la presse : Fliesen Report`],
    ]);
    expect(sent[0].textBody).toBe(
      [
        'Tile Fair',
        '',
        `Ceramiche Aurora ${editionId} dans la presse : Fliesen Report`,
        '',
        `Fliesen Report a publié « Großformate prägen die Messe » le 1 octobre 2026, en citant Ceramiche Aurora ${editionId}. Le service de presse l'a approuvé.`,
        '',
        'https://www.fliesen-report.example/2026/10/grossformate-in-bologna',
        '',
        `Voir les retombées de Ceramiche Aurora ${editionId}:`,
        `http://fair.localhost:3000/#/in-the-press?exhibitor=${exhibitorId}`,
        '',
        '--',
        "Vous recevez ce message parce que vous avez choisi d'être prévenu quand la presse cite votre exposant.",
        '',
        'Modifier ce choix dans votre profil: http://fair.localhost:3000/#/account/user-profile',
        '',
      ].join('\n'),
    );
  });

  it("the office's own report, approved at once, mails them too", async () => {
    const optedIn = await administrator(companyIds.named, 'it', true);
    const response = await call('POST', apiPaths.coverageAdmin, as.office, piece());
    expect(response.statusCode, response.body).toBe(201);
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [optedIn.email, `Ceramiche Aurora ${editionId} sulla stampa: Fliesen Report`],
    ]);
  });

  it('a rejected piece mails nobody but its journalist', async () => {
    await administrator(companyIds.named, 'fr', true);
    const created = await reported();
    const response = await call('POST', apiPaths.coverageReject(created.id), as.office, {
      reason: 'Off topic',
    });
    expect(response.statusCode, response.body).toBe(200);
    const sent = await mails();
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Ihr Pressebeitrag wurde nicht freigegeben: Großformate prägen die Messe',
    ]);
  });
});

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
