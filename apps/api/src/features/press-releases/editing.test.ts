import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp, { type SharpOptions } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { jpegWithIptc } from '../../test-support/press-content.ts';
import {
  admin,
  association,
  call,
  companyA,
  companyB,
  draft,
  fair,
  harness,
  multipart,
  publicList,
  setUpEditingApp,
} from './editing-test-setup.ts';

/** The first bytes of every file sharp is given to read: a file refused by its content must never be among them. */
const sharpReads = vi.hoisted((): string[] => []);
vi.mock('sharp', async (importOriginal) => {
  const { default: original } = await importOriginal<{ default: typeof sharp }>();
  const recording = (input?: string | Buffer, options?: SharpOptions) => {
    if (typeof input === 'string') sharpReads.push(readFileSync(input).subarray(0, 8).toString('latin1'));
    return original(input, options);
  };
  return { default: Object.assign(recording, original) };
});

describe('editing press releases', () => {
  setUpEditingApp();

  it('refuses the anonymous (401), journalists and the companies administrator (403)', async () => {
    expect((await call('GET', admin, null)).status).toBe(401);
    expect((await call('POST', admin, null, draft('x'))).status).toBe(401);
    for (const who of ['journalist', 'associatedCompanies']) {
      expect((await call('GET', admin, who)).status).toBe(403);
      expect((await call('POST', admin, who, draft('x'))).status).toBe(403);
    }
  });

  it('lets an agent write a draft for their own company only, sanitising the body', async () => {
    const { status, body } = await call(
      'POST',
      admin,
      'agentA',
      draft('Alpha launches a glaze', {
        company_id: companyB,
        translations: [
          {
            language: 'en',
            title: 'Alpha launches a glaze',
            body: '<p onclick="steal()">New <script>alert(1)</script><a href="javascript:alert(1)">x</a><strong>glaze</strong></p>',
          },
        ],
      }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'draft', company_id: companyA, number: null, groups: [fair] });
    expect(body.translations[0].body).toBe(
      '<p>New <a rel="noopener noreferrer nofollow">x</a><strong>glaze</strong></p>',
    );
    // Not public, and invisible to another company's agent.
    expect((await call('GET', `${publicList}${body.id}/`, 'journalist')).status).toBe(404);
    expect((await call('GET', `${admin}${body.id}/`, 'agentB')).status).toBe(404);
    const agentBList = await call('GET', admin, 'agentB');
    expect(agentBList.body.count).toBe(0);
  });

  it('takes an agent through submit, and leaves publishing to their company administrator', async () => {
    const created = await call('POST', admin, 'agentA', draft('Alpha opens a showroom'));
    const id = created.body.id;
    const submitted = await call('POST', `${admin}${id}/status/`, 'agentA', { status: 'submitted' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('submitted');
    expect(submitted.body.submitted_at).toBe('2026-06-01T09:00:00.000Z');

    const refused = await call('POST', `${admin}${id}/status/`, 'agentA', { status: 'published' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You may not change this release from submitted to published.' });
    expect((await call('POST', `${admin}${id}/status/`, 'agentB', { status: 'published' })).status).toBe(404);

    const published = await call('POST', `${admin}${id}/status/`, 'companyAdminA', { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.number).toEqual(expect.any(Number));
    expect((await call('GET', `${publicList}${id}/`, null)).body.title).toBe('Alpha opens a showroom');

    // Once published the agent may no longer change it; their company administrator may.
    const agentEdit = await call('PATCH', `${admin}${id}/`, 'agentA', { publication_date: '2026-05-11' });
    expect(agentEdit.status).toBe(403);
    expect(agentEdit.body).toEqual({ detail: 'This release can no longer be changed by you.' });
    const adminEdit = await call('PATCH', `${admin}${id}/`, 'companyAdminA', {
      publication_date: '2026-05-11',
    });
    expect(adminEdit.status).toBe(200);
    expect(adminEdit.body.publication_date).toBe('2026-05-11');
  });

  it('lets the press office publish and withdraw any release, numbering releases within their year', async () => {
    const first = await call(
      'POST',
      admin,
      'pressOffice',
      draft('Fair dates announced', { groups: [fair, association] }),
    );
    const second = await call('POST', admin, 'pressOffice', draft('Fair programme'));
    const a = await call('POST', `${admin}${first.body.id}/status/`, 'pressOffice', { status: 'published' });
    const b = await call('POST', `${admin}${second.body.id}/status/`, 'global', { status: 'published' });
    expect(b.body.number).toBe(a.body.number + 1);
    expect(a.body.published_at).toBe('2026-06-01T09:00:00.000Z');

    const withdrawn = await call('POST', `${admin}${first.body.id}/status/`, 'pressOffice', {
      status: 'draft',
    });
    expect(withdrawn.body.status).toBe('draft');
    // Withdrawn releases keep their number, and leave the public side.
    expect(withdrawn.body.number).toBe(a.body.number);
    expect((await call('GET', `${publicList}${first.body.id}/`, null)).status).toBe(404);

    // Moving a published release to another year gives it the next number there.
    const moved = await call('PATCH', `${admin}${second.body.id}/`, 'pressOffice', {
      publication_date: '2025-12-31',
    });
    expect(moved.body.year).toBe(2025);
    expect(moved.body.number).toBe(1);
  });

  it('refuses a status change to the same status or an unknown one', async () => {
    const created = await call('POST', admin, 'pressOffice', draft('Same status'));
    expect(
      (await call('POST', `${admin}${created.body.id}/status/`, 'pressOffice', { status: 'draft' })).status,
    ).toBe(400);
    expect(
      (await call('POST', `${admin}${created.body.id}/status/`, 'pressOffice', { status: 'archived' }))
        .status,
    ).toBe(400);
  });

  it('validates the release with translated messages and changes nothing', async () => {
    const before = (await call('GET', admin, 'global')).body.count;
    const missing = await call(
      'POST',
      admin,
      'global',
      { publication_date: 'yesterday', groups: [], translations: [] },
      {
        'accept-language': 'it',
      },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      publication_date: ['Campo non valido'],
      groups: ['Campo richiesto'],
      translations: ['Scrivi almeno il titolo in una lingua.'],
    });
    const unknownGroup = await call('POST', admin, 'global', draft('x', { groups: [987654] }));
    expect(unknownGroup.status).toBe(400);
    expect(unknownGroup.body).toEqual({ groups: ['Field not valid'] });
    const twice = await call(
      'POST',
      admin,
      'global',
      draft('x', {
        translations: [
          { language: 'en', title: 'a' },
          { language: 'en', title: 'b' },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    expect((await call('GET', admin, 'global')).body.count).toBe(before);
  });

  it('keeps a published release with a future embargo away from the public until its time', async () => {
    const created = await call(
      'POST',
      admin,
      'pressOffice',
      draft('Embargoed award', { embargo_until: '2026-06-03T10:00:00+02:00' }),
    );
    await call('POST', `${admin}${created.body.id}/status/`, 'pressOffice', { status: 'published' });
    expect(created.body.embargo_until).toBe('2026-06-03T08:00:00.000Z');
    expect((await call('GET', `${publicList}${created.body.id}/`, null)).status).toBe(404);
    const forPress = await call('GET', `${publicList}${created.body.id}/`, 'journalist');
    expect(forPress.body.embargoed).toBe(true);
  });

  it('uploads attachments and images, serving them signed to editors and publicly once published', async () => {
    const created = await call('POST', admin, 'agentA', draft('Alpha catalogue'));
    const id = created.body.id;
    const pdf = multipart({ kind: 'attachment', title: 'Catalogue' }, [
      { name: 'catalogue.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7 catalogue') },
    ]);
    const attached = await call('POST', `${admin}${id}/files/`, 'agentA', pdf.payload, pdf.headers);
    expect(attached.status).toBe(201);
    expect(attached.body).toEqual([
      expect.objectContaining({
        kind: 'attachment',
        title: 'Catalogue',
        file_name: 'catalogue.pdf',
        size: 18,
      }),
    ]);

    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a04020' } })
      .png()
      .toBuffer();
    const image = multipart({ kind: 'image', language: 'en' }, [
      { name: 'tile.png', type: 'image/png', bytes: png },
    ]);
    const imaged = await call('POST', `${admin}${id}/files/`, 'agentA', image.payload, image.headers);
    expect(imaged.status).toBe(201);
    expect(imaged.body[0]).toMatchObject({ kind: 'image', language: 'en', width: 800, height: 600 });

    // The draft's files: not for the public, but through the signed URLs of the editor's view.
    const fileId = imaged.body[0].id;
    expect((await call('GET', `/api/press_room/press_release_file/${fileId}/`, null)).status).toBe(404);
    const signed = await harness.app.inject({ method: 'GET', url: imaged.body[0].thumbnail_url });
    expect(signed.statusCode).toBe(200);
    expect((await sharp(signed.rawPayload).metadata()).format).toBe('webp');
    expect((await sharp(signed.rawPayload).metadata()).width).toBe(480);

    await call('POST', `${admin}${id}/status/`, 'companyAdminA', { status: 'published' });
    const detail = await call('GET', `${publicList}${id}/`, null);
    expect(detail.body.images[0].url).toBe(`/api/press_room/press_release_file/${fileId}/`);
    const original = await harness.app.inject({ method: 'GET', url: detail.body.images[0].url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(png)).toBe(true);
  });

  it('refuses files of the wrong type and uploads to releases the user may not edit', async () => {
    const created = await call('POST', admin, 'agentA', draft('Alpha wrong files'));
    const id = created.body.id;
    const fakePdf = multipart({ kind: 'attachment' }, [
      { name: 'fake.pdf', type: 'application/pdf', bytes: Buffer.from('MZ not a pdf') },
    ]);
    const refused = await call('POST', `${admin}${id}/files/`, 'agentA', fakePdf.payload, fakePdf.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.file[0]).toContain('fake.pdf');
    const exe = multipart({ kind: 'attachment' }, [
      { name: 'tool.exe', type: 'application/pdf', bytes: Buffer.from('x') },
    ]);
    expect((await call('POST', `${admin}${id}/files/`, 'agentA', exe.payload, exe.headers)).status).toBe(400);
    const notImage = multipart({ kind: 'image' }, [
      { name: 'a.png', type: 'image/png', bytes: Buffer.from('nope') },
    ]);
    const badImage = await call('POST', `${admin}${id}/files/`, 'agentA', notImage.payload, notImage.headers);
    expect(badImage.status).toBe(400);
    const none = multipart({ kind: 'attachment' }, []);
    expect((await call('POST', `${admin}${id}/files/`, 'agentA', none.payload, none.headers)).status).toBe(
      400,
    );
    const other = multipart({ kind: 'attachment' }, [
      { name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-') },
    ]);
    expect((await call('POST', `${admin}${id}/files/`, 'agentB', other.payload, other.headers)).status).toBe(
      404,
    );
    expect((await call('GET', `${admin}${id}/`, 'agentA')).body.attachments).toEqual([]);
  });

  it('takes attachments by their content against the documents allow-list, and refuses a picture over the pixel limit', async () => {
    const created = await call('POST', admin, 'agentA', draft('Alpha checked files'));
    const files = `${admin}${created.body.id}/files/`;
    const send = async (kind: string, name: string, bytes: Buffer) => {
      const upload = multipart({ kind }, [{ name, type: 'application/octet-stream', bytes }]);
      return call('POST', files, 'agentA', upload.payload, upload.headers);
    };
    // A web page under an office document's or a text file's name is no document.
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    for (const name of ['page.docx', 'notes.txt', 'letter.rtf']) {
      expect(await send('attachment', name, page)).toEqual({
        status: 400,
        body: {
          file: [
            `The file ${name} is not of an accepted type: PDF, Word, Excel, PowerPoint, OpenDocument, ZIP, JPEG, PNG or WebP.`,
          ],
        },
      });
    }
    // An office document is a ZIP inside: kept under its name, served as what it is.
    const docx = await send('attachment', 'catalogue.docx', Buffer.from('PK\u0003\u0004 word/document.xml'));
    expect(docx.body[0]).toMatchObject({
      file_name: 'catalogue.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const large = await sharp({ create: { width: 1001, height: 1000, channels: 3, background: '#a04020' } })
      .png()
      .toBuffer();
    expect(await send('image', 'large.png', large)).toEqual({
      status: 400,
      body: { file: ['The image large.png is 1001 × 1000 pixels, more than the limit of 1 megapixels.'] },
    });
    const release = (await call('GET', `${admin}${created.body.id}/`, 'agentA')).body;
    expect([
      release.attachments.map((file: { file_name: string }) => file.file_name),
      release.images,
    ]).toEqual([['catalogue.docx'], []]);
  });

  it('refuses an SVG or a web page sent as a picture by its content, before sharp reads it, and keeps nothing', async () => {
    const created = await call('POST', admin, 'agentA', draft('Alpha vector pictures'));
    const files = `${admin}${created.body.id}/files/`;
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200"/><script>alert(1)</script></svg>',
    );
    const page = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const read = sharpReads.length;
    for (const [name, type, bytes] of [
      ['drawing.svg', 'image/svg+xml', drawing],
      ['drawing.png', 'image/png', drawing],
      ['page.html', 'text/html', page],
      ['page.jpg', 'image/jpeg', page],
    ] as const) {
      const upload = multipart({ kind: 'image' }, [{ name, type, bytes }]);
      expect(
        await call('POST', files, 'agentA', upload.payload, { ...upload.headers, 'accept-language': 'fr' }),
      ).toEqual({
        status: 400,
        body: {
          file: [`Le fichier ${name} n'est pas une image lisible (JPEG, PNG, WebP, TIFF, GIF ou AVIF).`],
        },
      });
    }
    expect(sharpReads.slice(read)).toEqual([]);
    expect((await call('GET', `${admin}${created.body.id}/`, 'agentA')).body.images).toEqual([]);
    // The recorder does see what sharp reads: a real picture, sent after them, is read from its file.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    const accepted = multipart({ kind: 'image' }, [{ name: 'stand.png', type: 'image/png', bytes: photo }]);
    expect((await call('POST', files, 'agentA', accepted.payload, accepted.headers)).status).toBe(201);
    expect(sharpReads.slice(read)[0]).toBe('\x89PNG\r\n\x1a\n');
    for (const bytes of [drawing, page]) {
      const checksum = createHash('sha256').update(bytes).digest('hex');
      expect(await harness.app.storage.stat(`press-releases/thumbnails/${checksum}.webp`)).toBeNull();
      for (const extension of ['.svg', '.png', '.html', '.jpg']) {
        expect(
          await harness.app.storage.stat(`press-releases/${checksum.slice(0, 2)}/${checksum}${extension}`),
        ).toBeNull();
      }
    }
  });

  it('changes and removes files, and deletes releases', async () => {
    const created = await call('POST', admin, 'pressOffice', draft('To be deleted'));
    const id = created.body.id;
    const pdf = multipart({ kind: 'attachment' }, [
      { name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 a') },
    ]);
    const [file] = (await call('POST', `${admin}${id}/files/`, 'pressOffice', pdf.payload, pdf.headers)).body;
    const renamed = await call('PATCH', `${admin}${id}/files/${file.id}/`, 'pressOffice', {
      title: 'Fact sheet',
      language: 'it',
    });
    expect(renamed.body).toMatchObject({ title: 'Fact sheet', language: 'it' });
    expect((await call('DELETE', `${admin}${id}/files/${file.id}/`, 'pressOffice')).status).toBe(204);
    expect((await call('GET', `${admin}${id}/`, 'pressOffice')).body.attachments).toEqual([]);
    expect((await call('DELETE', `${admin}${id}/`, 'agentA')).status).toBe(404);
    expect((await call('DELETE', `${admin}${id}/`, 'pressOffice')).status).toBe(204);
    expect((await call('GET', `${admin}${id}/`, 'pressOffice')).status).toBe(404);
  });

  it("pre-fills a picture's credit from its IPTC description, keeps the credit the uploader typed, and gives attachments none", async () => {
    const created = await call('POST', admin, 'pressOffice', draft('Credited pictures'));
    const files = `${admin}${created.body.id}/files/`;
    const photo = await jpegWithIptc({
      byLine: 'Anna Rossi',
      credit: 'Ceramics Association',
      copyrightNotice: '© 2026 Anna Rossi',
    });
    const send = async (fields: Record<string, string>, name: string, bytes: Buffer) => {
      const upload = multipart(fields, [{ name, type: 'application/octet-stream', bytes }]);
      return call('POST', files, 'pressOffice', upload.payload, upload.headers);
    };
    const embedded = await send({ kind: 'image' }, 'stand.jpg', photo);
    expect([embedded.status, embedded.body[0].credit]).toEqual([
      201,
      'Anna Rossi / Ceramics Association / © 2026 Anna Rossi',
    ]);
    const typed = await send({ kind: 'image', credit: ' Studio Bianchi ' }, 'hall.jpg', photo);
    expect(typed.body[0].credit).toBe('Studio Bianchi');
    const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#204080' } })
      .png()
      .toBuffer();
    expect((await send({ kind: 'image' }, 'plain.png', plain)).body[0].credit).toBeNull();
    const pdf = await send({ kind: 'attachment' }, 'sheet.pdf', Buffer.from('%PDF-1.4 sheet'));
    expect(pdf.body[0].credit).toBeNull();
    const release = (await call('GET', `${admin}${created.body.id}/`, 'pressOffice')).body;
    expect(release.images.map((image: { credit: string | null }) => image.credit)).toEqual([
      'Anna Rossi / Ceramics Association / © 2026 Anna Rossi',
      'Studio Bianchi',
      null,
    ]);
  });

  it("sets and clears a picture's credit, refusing one over 300 characters with a translated message", async () => {
    const created = await call('POST', admin, 'pressOffice', draft('Credit to edit'));
    const id = created.body.id;
    const upload = multipart({ kind: 'image', title: 'The stand' }, [
      {
        name: 'stand.png',
        type: 'image/png',
        bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#802040' } })
          .png()
          .toBuffer(),
      },
    ]);
    const [picture] = (
      await call('POST', `${admin}${id}/files/`, 'pressOffice', upload.payload, upload.headers)
    ).body;
    const url = `${admin}${id}/files/${picture.id}/`;
    const credited = await call('PATCH', url, 'pressOffice', { credit: '  Foto Bianchi  ' });
    expect(credited.body).toMatchObject({ title: 'The stand', credit: 'Foto Bianchi' });
    const tooLong = await call(
      'PATCH',
      url,
      'pressOffice',
      { credit: 'x'.repeat(301) },
      { 'accept-language': 'it' },
    );
    expect(tooLong).toEqual({ status: 400, body: { credit: ['Troppo lungo'] } });
    expect((await call('GET', `${admin}${id}/`, 'pressOffice')).body.images[0].credit).toBe('Foto Bianchi');
    expect((await call('PATCH', url, 'pressOffice', { credit: '' })).body.credit).toBeNull();
    expect((await call('PATCH', url, 'pressOffice', { credit: 'Studio Verdi' })).body.credit).toBe(
      'Studio Verdi',
    );
    expect((await call('PATCH', url, 'pressOffice', { credit: null })).body.credit).toBeNull();
  });

  it('offers the press office every company by name, and a company editor only their own', async () => {
    const companiesUrl = '/api/press_room/admin/press_release_companies/';
    const names = (body: { results: { name: string }[] }) => body.results.map((company) => company.name);
    expect(names((await call('GET', companiesUrl, 'pressOffice')).body)).toEqual([
      'Alpha Tiles',
      'Beta Ceramics',
    ]);
    expect(names((await call('GET', `${companiesUrl}?search=beta`, 'global')).body)).toEqual([
      'Beta Ceramics',
    ]);
    expect(names((await call('GET', `${companiesUrl}?search=100%25`, 'pressOffice')).body)).toEqual([]);
    expect((await call('GET', `${companiesUrl}?id=${companyA}`, 'pressOffice')).body).toEqual({
      results: [{ id: companyA, name: 'Alpha Tiles' }],
    });
    expect(names((await call('GET', `${companiesUrl}?search=beta`, 'agentA')).body)).toEqual(['Alpha Tiles']);
    expect(names((await call('GET', `${companiesUrl}?id=${companyB}`, 'companyAdminA')).body)).toEqual([]);
    expect((await call('GET', companiesUrl, null)).status).toBe(401);
    expect((await call('GET', companiesUrl, 'journalist')).status).toBe(403);
    expect((await call('GET', companiesUrl, 'associatedCompanies')).status).toBe(403);
    const tooLong = await call('GET', `${companiesUrl}?search=${'x'.repeat(101)}`, 'pressOffice');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.search).toHaveLength(1);
    expect((await call('GET', `${companiesUrl}?id=abc`, 'pressOffice')).status).toBe(400);
  });

  it('lets the press office give a release to a company, and an agent never to another', async () => {
    const created = await call(
      'POST',
      '/api/press_room/admin/press_release/',
      'pressOffice',
      draft('For Beta', { company_id: companyB }),
    );
    expect(created.status).toBe(201);
    expect(created.body.company_id).toBe(companyB);
    const byAgent = await call(
      'POST',
      '/api/press_room/admin/press_release/',
      'agentA',
      draft('Agent A', { company_id: companyB }),
    );
    expect(byAgent.body.company_id).toBe(companyA);
  });

  it('lists releases of every status for the press office, filtered by status, in both shapes', async () => {
    const drafts = await call('GET', `${admin}?status=draft&page_size=100`, 'pressOffice');
    expect(drafts.status).toBe(200);
    expect(drafts.body.results.length).toBeGreaterThan(0);
    expect(drafts.body.results.every((row: { status: string }) => row.status === 'draft')).toBe(true);
    const datatables = await call(
      'GET',
      `${admin}?format=datatables&columns[0][data]=status&columns[0][searchable]=true&columns[0][search][value]=submitted`,
      'global',
    );
    expect(datatables.body.recordsFiltered).toBe(
      datatables.body.data.filter((row: { status: string }) => row.status === 'submitted').length,
    );
    const companyAdmin = await call('GET', `${admin}?page_size=100`, 'companyAdminA');
    expect(
      companyAdmin.body.results.every((row: { company_id: number }) => row.company_id === companyA),
    ).toBe(true);
  });
});
