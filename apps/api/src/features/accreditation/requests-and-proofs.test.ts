import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths, proofMaxBytes, translateMessage } from '@pressroom/contract';
import { accreditationProofs, accreditationRequests, mailQueue, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fair, headersByCaller, multipart, samplePdf, samplePng } from '../../test-support/press-content.ts';
import { storedKeys } from '../../test-support/storage.ts';
import {
  app,
  ask,
  content,
  db,
  decide,
  edition,
  get,
  journalist,
  mails,
  officer,
  setUpAccreditationApp,
} from './accreditation-test-setup.ts';

describe('accreditation per edition, with proof, badge and gate check', () => {
  setUpAccreditationApp();

  it('receives a request with a press card, mails the journalist and the press office, and shows it on the profile', async () => {
    const { headers, user } = await journalist();
    const response = await ask(headers, { message: 'Covering the opening day.' });
    expect(response.statusCode).toBe(201);
    const request = response.json();
    expect(request).toMatchObject({
      status: 'received',
      outlet: 'Il Giornale della Ceramica',
      role: 'Editor',
      proof_kind: 'press_card',
      message: 'Covering the opening day.',
      badge_url: null,
      badge_code: null,
      badge_check_url: null,
      edition: {
        name: 'Tile Fair 2027',
        starts_on: '2027-03-10',
        ends_on: '2027-03-14',
        site_name: 'Tile Fair',
      },
    });
    expect(request.proofs).toEqual([
      expect.objectContaining({ file_name: 'press card.pdf', mime: 'application/pdf' }),
    ]);
    expect((await mails()).map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [user.email, 'Your accreditation request for Tile Fair 2027 - Tile Fair'],
      [app().config.pressOfficeEmail, 'Accreditation for Tile Fair 2027: Anna Rossi'],
    ]);
    const mine = await get(apiPaths.myAccreditation, headers);
    expect(mine.json().requests.map((entry: { id: number }) => entry.id)).toEqual([request.id]);
    expect(mine.json().editions.map((entry: { name: string }) => entry.name)).toEqual(['Tile Fair 2027']);
    // One request per edition.
    const again = await ask(headers);
    expect([again.statusCode, again.json().edition]).toEqual([
      400,
      ['You have already asked for accreditation to this edition.'],
    ]);
  });

  it('checks proof by its content, the article date and the edition, and keeps nothing it refuses', async () => {
    const { headers } = await journalist();
    const proofFiles = () => storedKeys(app().storage, 'accreditation-proofs/');
    const filesBefore = await proofFiles();
    const html = await ask(headers, {}, [
      {
        field: 'proof',
        fileName: 'card.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    ]);
    expect([html.statusCode, html.json().proof]).toEqual([400, ['Upload card.pdf as PDF, JPEG or PNG.']]);
    const none = await ask(headers, {}, []);
    expect(none.json().proof).toEqual([
      'Add a proof: a press card, a masthead listing you or a recent bylined article.',
    ]);
    const old = await ask(headers, { proof_kind: 'article', article_date: '2026-07-14' });
    expect(old.json().article_date).toEqual(['The article must be from the last 6 months.']);
    const undated = await ask(headers, { proof_kind: 'article' });
    expect(undated.json().article_date).toEqual(['Give the date of the article.']);
    const tooMany = await ask(
      headers,
      {},
      Array.from({ length: 4 }, (_, index) => ({
        field: 'proof',
        fileName: `page ${index}.pdf`,
        contentType: 'application/pdf',
        content: samplePdf(`page ${index}`),
      })),
    );
    expect(tooMany.json().proof).toEqual(['Up to 3 files.']);
    const otherSite = await app().inject({
      method: 'POST',
      url: apiPaths.editions,
      payload: {
        site: app().sites.forHostname('association.localhost').id,
        name: 'Assembly 2027',
        starts_on: '2027-05-01',
        ends_on: '2027-05-02',
      },
      headers: { ...fair, ...officer },
    });
    const wrongSite = await ask(headers, { edition: String(otherSite.json().id) });
    expect(wrongSite.json().edition).toEqual(['This edition is not open for accreditation.']);
    expect(await db().select().from(accreditationRequests)).toEqual([]);
    expect(await db().select().from(accreditationProofs)).toEqual([]);
    expect(await proofFiles()).toEqual(filesBefore);

    const recent = await ask(headers, { proof_kind: 'article', article_date: '2026-12-01' }, [
      { field: 'proof', fileName: 'article.png', contentType: 'image/png', content: await samplePng() },
    ]);
    expect([recent.statusCode, recent.json().article_date, recent.json().proofs[0].mime]).toEqual([
      201,
      '2026-12-01',
      'image/png',
    ]);
  });

  it("pre-fills a first request from the journalist's press data: the media type and the outlet", async () => {
    const radio = await journalist();
    await db()
      .update(users)
      .set({ mediaType: 'radio', newspaper: 'Radio Ceramica', publishingHouse: 'Gruppo Editoriale Faenza' })
      .where(eq(users.id, radio.user.id));
    expect((await get(apiPaths.myAccreditation, radio.headers)).json().prefill).toEqual({
      media_type: 'radio',
      outlet: 'Radio Ceramica',
      role: '',
    });
    // Without a newspaper, the publishing house is the outlet.
    const publisher = await journalist();
    await db()
      .update(users)
      .set({ mediaType: 'magazines', newspaper: '', publishingHouse: 'Edizioni Faenza' })
      .where(eq(users.id, publisher.user.id));
    expect((await get(apiPaths.myAccreditation, publisher.headers)).json().prefill).toEqual({
      media_type: 'magazines',
      outlet: 'Edizioni Faenza',
      role: '',
    });
  });

  it('refuses a proof file over 10 MB with a translated 400 and keeps nothing', async () => {
    const { headers } = await journalist({ language: 'it' });
    const proofFiles = () => storedKeys(app().storage, 'accreditation-proofs/');
    const filesBefore = await proofFiles();
    const header = Buffer.from('%PDF-1.4\n');
    const tooLarge = Buffer.concat([header, Buffer.alloc(proofMaxBytes + 1 - header.length, 0x20)]);
    const response = await ask({ ...headers, 'accept-language': 'it' }, {}, [
      { field: 'proof', fileName: 'tessera.pdf', contentType: 'application/pdf', content: samplePdf('card') },
      { field: 'proof', fileName: 'scansione.pdf', contentType: 'application/pdf', content: tooLarge },
    ]);
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { proof: ['Il file scansione.pdf supera 10 MB.'] },
    ]);
    expect(await db().select().from(accreditationRequests)).toEqual([]);
    expect(await db().select().from(accreditationProofs)).toEqual([]);
    expect(await proofFiles()).toEqual(filesBefore);
    expect(await mails()).toEqual([]);
  });

  it('stops reading proofs at the limits: a fourth file or one over 10 MB is never written, and nothing stays in the temporary folder', async () => {
    const { headers } = await journalist({ language: 'it' });
    const temporary = path.join(content.dataDir.dir, 'tmp', 'uploads');
    /** Sends proofs while watching the temporary folder: the most bytes it held at once, and what it holds after. */
    const sendWatching = async (files: Parameters<typeof ask>[2]) => {
      let done = false;
      let most = 0;
      const watching = (async () => {
        while (!done) {
          const names = await readdir(temporary).catch(() => []);
          const sizes = await Promise.all(
            names.map((name) =>
              stat(path.join(temporary, name)).then(
                (info) => info.size,
                () => 0,
              ),
            ),
          );
          most = Math.max(
            most,
            sizes.reduce((sum, size) => sum + size, 0),
          );
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const response = await ask({ ...headers, 'accept-language': 'it' }, {}, files);
      done = true;
      await watching;
      return { response, most, after: await readdir(temporary).catch(() => []) };
    };
    const card = (index: number) => ({
      field: 'proof',
      fileName: `tessera ${index}.pdf`,
      contentType: 'application/pdf',
      content: samplePdf(`card ${index}`),
    });
    const header = Buffer.from('%PDF-1.4\n');
    const twelveMegabytes = Buffer.concat([header, Buffer.alloc(12 * 1024 * 1024 - header.length, 0x20)]);

    const fourth = await sendWatching([
      card(1),
      card(2),
      card(3),
      { field: 'proof', fileName: 'quarta.pdf', contentType: 'application/pdf', content: twelveMegabytes },
    ]);
    expect([fourth.response.statusCode, fourth.response.json()]).toEqual([
      400,
      { proof: ['Al massimo 3 file.'] },
    ]);
    expect(fourth.most).toBeLessThan(1024 * 1024);
    expect(fourth.after).toEqual([]);

    const oversize = await sendWatching([
      card(1),
      { field: 'proof', fileName: 'scansione.pdf', contentType: 'application/pdf', content: twelveMegabytes },
    ]);
    expect([oversize.response.statusCode, oversize.response.json()]).toEqual([
      400,
      { proof: ['Il file scansione.pdf supera 10 MB.'] },
    ]);
    expect(oversize.most).toBeLessThanOrEqual(proofMaxBytes + 1024 * 1024);
    expect(oversize.after).toEqual([]);
    expect(await db().select().from(accreditationRequests)).toEqual([]);
  });

  it("rejects with a reason: the journalist is mailed it in their language and their profile's request shows it", async () => {
    const anna = await journalist({ language: 'it' });
    const request = (await ask(anna.headers)).json();
    await db().delete(mailQueue);
    const unexplained = await decide({ ids: [request.id], decision: 'reject' });
    expect([unexplained.statusCode, unexplained.json().message]).toEqual([
      400,
      ['Write the reason or the question.'],
    ]);
    const rejected = await decide({
      ids: [request.id],
      decision: 'reject',
      message: 'The outlet is not on our press list.',
    });
    expect(rejected.json().results[0]).toMatchObject({
      status: 'rejected',
      reason: 'The outlet is not on our press list.',
      badge_url: null,
      badge_code: null,
    });
    const sent = await mails();
    expect(sent.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [anna.user.email, 'La tua richiesta di accredito per Tile Fair 2027 - Tile Fair'],
    ]);
    expect(sent[0].textBody).toContain(
      "L'ufficio stampa non ha potuto approvare il tuo accredito per Tile Fair 2027.",
    );
    expect(sent[0].textBody).toContain('Motivo: The outlet is not on our press list.');
    const mine = (await get(apiPaths.myAccreditation, anna.headers)).json();
    expect(mine.requests.map((entry: { id: number }) => entry.id)).toEqual([request.id]);
    expect(mine.requests[0]).toMatchObject({
      status: 'rejected',
      reason: 'The outlet is not on our press list.',
      badge_url: null,
      badge_code: null,
    });
  });

  it('serves proof files to the journalist who sent them and to the press office only, never cached', async () => {
    const owner = await journalist();
    const proof = samplePdf('my card');
    const created = (
      await ask(owner.headers, {}, [
        { field: 'proof', fileName: 'card.pdf', contentType: 'application/pdf', content: proof },
      ])
    ).json();
    const url = created.proofs[0].url;
    const mine = await get(url, owner.headers);
    expect([mine.statusCode, mine.headers['cache-control'], mine.rawPayload.equals(proof)]).toEqual([
      200,
      'no-store',
      true,
    ]);
    expect((await get(url, officer)).statusCode).toBe(200);
    expect((await get(url, (await journalist()).headers)).statusCode).toBe(404);
    expect(
      (await get(url, (await headersByCaller(app())).administrator_press_room_external_company)).statusCode,
    ).toBe(404);
    expect(
      (await get(url, (await headersByCaller(app())).administrator_associated_companies)).statusCode,
    ).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    // Nor does the queue show them to anyone but the press office.
    expect((await get(apiPaths.accreditationQueue, owner.headers)).statusCode).toBe(403);
  });

  it('asks for more, takes the answer with another proof, then approves two requests at once, mailing each change', async () => {
    const anna = await journalist({ language: 'it' });
    const first = (await ask(anna.headers)).json();
    const marco = await journalist({ firstName: 'Marco', lastName: 'Bianchi' });
    const second = (await ask(marco.headers)).json();
    await db().delete(mailQueue);

    const noQuestion = await decide({ ids: [first.id], decision: 'ask' });
    expect([noQuestion.statusCode, noQuestion.json().message]).toEqual([
      400,
      ['Write the reason or the question.'],
    ]);
    const asked = await decide({
      ids: [first.id],
      decision: 'ask',
      message: 'Please send the masthead listing you.',
    });
    expect(asked.json().results[0]).toMatchObject({
      status: 'needs_information',
      question: 'Please send the masthead listing you.',
    });
    const [questionMail] = await mails();
    expect(questionMail.subject).toBe(
      "L'ufficio stampa chiede altre informazioni: Tile Fair 2027 - Tile Fair",
    );
    expect(questionMail.textBody).toContain('Please send the masthead listing you.');
    expect(questionMail.textBody).toContain('/#/account/accreditation');

    const answer = (headers: Record<string, string>) => {
      const form = multipart({ answer: 'Here is the masthead.' }, [
        {
          field: 'proof',
          fileName: 'masthead.jpg',
          contentType: 'image/png',
          content: Buffer.from('not an image'),
        },
      ]);
      return app().inject({
        method: 'POST',
        url: apiPaths.accreditationAnswer(first.id),
        payload: form.payload,
        headers: { ...fair, ...headers, ...form.headers },
      });
    };
    expect((await answer(marco.headers)).statusCode).toBe(404);
    expect((await answer(anna.headers)).json().proof).toEqual(['Upload masthead.jpg as PDF, JPEG or PNG.']);
    const form = multipart({ answer: 'Here is the masthead.' }, [
      { field: 'proof', fileName: 'masthead.png', contentType: 'image/png', content: await samplePng() },
    ]);
    const answered = await app().inject({
      method: 'POST',
      url: apiPaths.accreditationAnswer(first.id),
      payload: form.payload,
      headers: { ...fair, ...anna.headers, ...form.headers },
    });
    expect(answered.json()).toMatchObject({ status: 'received', answer: 'Here is the masthead.' });
    expect(answered.json().proofs.map((proof: { file_name: string }) => proof.file_name)).toEqual([
      'press card.pdf',
      'masthead.png',
    ]);
    const again = await answer(anna.headers);
    expect(again.json().non_field_errors).toEqual(['This request is not waiting for an answer.']);

    await db().delete(mailQueue);
    const approved = await decide({ ids: [first.id, second.id], decision: 'approve' });
    expect(
      approved
        .json()
        .results.map((entry: { status: string; badge_url: string | null }) => [
          entry.status,
          entry.badge_url !== null,
        ]),
    ).toEqual([
      ['approved', true],
      ['approved', true],
    ]);
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      'Sei accreditato per Tile Fair 2027 - Tile Fair',
      'You are accredited for Tile Fair 2027 - Tile Fair',
    ]);
    const [row] = await db().select().from(users).where(eq(users.id, anna.user.id));
    expect(row.accreditation).toBe('approved');

    const filtered = await get(`${apiPaths.accreditationQueue}?status=approved&edition=${edition}`, officer);
    expect(
      filtered
        .json()
        .results.map((entry: { user: { name: string } }) => entry.user.name)
        .sort(),
    ).toEqual(['Anna Rossi', 'Marco Bianchi']);
    expect((await get(`${apiPaths.accreditationQueue}?status=received`, officer)).json().results).toEqual([]);

    // By the country of the press data, a code in either case; the filter offers the codes there are.
    await db().update(users).set({ country: 'FR' }).where(eq(users.id, marco.user.id));
    await db().update(users).set({ country: 'IT' }).where(eq(users.id, anna.user.id));
    const french = (await get(`${apiPaths.accreditationQueue}?country=fr`, officer)).json();
    expect([
      french.results.map((entry: { user: { name: string; country: string } }) => [
        entry.user.name,
        entry.user.country,
      ]),
      french.countries,
    ]).toEqual([[['Marco Bianchi', 'FR']], ['FR', 'IT']]);
    // A value that names no code is a translated 400.
    const unknown = await app().inject({
      method: 'GET',
      url: `${apiPaths.accreditationQueue}?country=France`,
      headers: { ...officer, 'accept-language': 'it' },
    });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 400,
      body: { country: [translateMessage('it', 'countryUnknown')] },
    });
  });
});
