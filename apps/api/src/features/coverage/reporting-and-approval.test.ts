import {
  apiPaths,
  type CoverageCreateInput,
  type CoveragePage,
  normaliseCoverageUrl,
} from '@pressroom/contract';
import { coverage } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { insertEdition } from '../exhibitors/test-factories.ts';
import {
  as,
  association,
  call,
  clock,
  companyIds,
  context,
  db,
  editionId,
  exhibitorId,
  fair,
  mails,
  piece,
  publicList,
  releaseId,
  reported,
  reportsPerDay,
  setUpCoverageApp,
} from './coverage-test-setup.ts';

setUpCoverageApp();

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
