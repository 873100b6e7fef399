import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { apiPaths } from '@pressroom/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import {
  callers,
  expectedStatus,
  fair,
  headersByCaller,
  jpegWithIptc,
  jpegWithXmp,
  multipart,
  pressAreaCallers,
  pressOfficeCallers,
  readZip,
  sampleJpeg,
} from '../../test-support/press-content.ts';
import {
  as,
  call,
  dataDir,
  gallery,
  harness,
  jpeg,
  root,
  setUpGalleryApp,
  upload,
} from './gallery-test-setup.ts';

setUpGalleryApp();

describe('uploads', () => {
  it('keeps the original untouched and makes a 400 px thumbnail and a 1600 px preview in WebP', async () => {
    const image = (await call('GET', apiPaths.galleryImages(gallery.id), 'user_press_room')).json()
      .results[0];
    expect(image.checksum).toBe(createHash('sha256').update(jpeg).digest('hex'));
    const stored = async (key: string) => buffer(await harness.app.storage.read(key));
    const shard = image.checksum.slice(0, 2);
    const thumbnail = await sharp(
      await stored(`gallery/thumbnails/${shard}/${image.checksum}.webp`),
    ).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 400, height: 267 });
    const preview = await sharp(await stored(`gallery/previews/${shard}/${image.checksum}.webp`)).metadata();
    expect(preview).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    const original = await harness.app.inject({ method: 'GET', url: image.urls.original, headers: fair });
    expect(original.rawPayload.equals(jpeg)).toBe(true);
    expect((await sharp(original.rawPayload).metadata()).exif).toBeDefined();
  });

  it('refuses a file that is not an image, naming it, and adds nothing', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: apiPaths.galleryImages(gallery.id),
      headers: {
        ...fair,
        ...as.administrator_press_room,
        'accept-language': 'it',
        ...multipart({}, [
          {
            field: 'files',
            fileName: 'good.jpg',
            contentType: 'image/jpeg',
            content: await sampleJpeg(50, 50, '#123456'),
          },
          {
            field: 'files',
            fileName: 'notes.jpg',
            contentType: 'image/jpeg',
            content: Buffer.from('not an image'),
          },
        ]).headers,
      },
      payload: multipart({}, []).payload,
    });
    // The body above had a different boundary on purpose: a malformed body is a clean 400 too.
    expect(response.statusCode).toBe(400);
    const form = multipart({}, [
      {
        field: 'files',
        fileName: 'good.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(50, 50, '#123456'),
      },
      {
        field: 'files',
        fileName: 'notes.jpg',
        contentType: 'image/jpeg',
        content: Buffer.from('not an image'),
      },
    ]);
    const refused = await harness.app.inject({
      method: 'POST',
      url: apiPaths.galleryImages(gallery.id),
      headers: { ...fair, ...as.administrator_press_room, 'accept-language': 'it', ...form.headers },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      files: ["Il file notes.jpg non è un'immagine leggibile (JPEG, PNG, WebP, TIFF, GIF o AVIF)."],
    });
    expect((await call('GET', apiPaths.gallery(gallery.id), 'user_press_room')).json().image_count).toBe(2);
  });

  it('refuses an SVG or a web page by its content, whatever its name or claimed type, and stores nothing', async () => {
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200"/><script>alert(1)</script></svg>',
    );
    const page = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const imageCount = async () =>
      (await call('GET', apiPaths.gallery(gallery.id), 'user_press_room')).json().image_count;
    const before = await imageCount();
    for (const [name, type, content] of [
      ['drawing.svg', 'image/svg+xml', drawing],
      ['drawing.jpg', 'image/jpeg', drawing],
      ['page.html', 'text/html', page],
      ['page.png', 'image/png', page],
    ] as const) {
      const refused = await upload(
        gallery.id,
        'administrator_press_room',
        [{ name, content, type }],
        {},
        {
          'accept-language': 'es',
        },
      );
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { files: [`El archivo ${name} no es una imagen legible (JPEG, PNG, WebP, TIFF, GIF o AVIF).`] },
      ]);
    }
    expect(await imageCount()).toBe(before);
    for (const content of [drawing, page]) {
      const checksum = createHash('sha256').update(content).digest('hex');
      const shard = checksum.slice(0, 2);
      for (const folder of ['thumbnails', 'previews']) {
        expect(await harness.app.storage.stat(`gallery/${folder}/${shard}/${checksum}.webp`)).toBeNull();
      }
      for (const extension of ['.svg', '.jpg', '.png', '.html']) {
        expect(
          await harness.app.storage.stat(`gallery/originals/${shard}/${checksum}${extension}`),
        ).toBeNull();
      }
    }
  });

  it("pre-fills caption, credit and keywords from the photographer's IPTC description when the upload gives none", async () => {
    const photo = await jpegWithIptc({
      caption: 'Stand A, padiglione 1: la nuova collezione',
      byLine: 'Anna Rossi',
      credit: 'Ceramics Association',
      copyrightNotice: '© 2026 Anna Rossi',
      keywords: ['tiles', 'fair'],
    });
    const response = await upload(
      gallery.id,
      'administrator_press_room',
      [{ name: 'iptc.jpg', content: photo }],
      {},
      {
        'accept-language': 'it',
      },
    );
    expect(response.statusCode).toBe(201);
    const [image] = response.json().images;
    expect(image).toMatchObject({
      caption: { it: 'Stand A, padiglione 1: la nuova collezione' },
      credit: 'Anna Rossi / Ceramics Association / © 2026 Anna Rossi',
      keywords: ['tiles', 'fair'],
    });
    expect((await call('GET', apiPaths.galleryImage(image.id), 'user_press_room')).json().keywords).toEqual([
      'tiles',
      'fair',
    ]);
    expect(
      (await call('DELETE', apiPaths.galleryImage(image.id), 'administrator_press_room')).statusCode,
    ).toBe(204);
  });

  it('keeps the keywords of an XMP subject, once each, after the IPTC ones', async () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:subject><rdf:Bag><rdf:li>Kiln</rdf:li><rdf:li>glaze, matte</rdf:li><rdf:li>kiln</rdf:li></rdf:Bag></dc:subject>
</rdf:Description></rdf:RDF></x:xmpmeta>`;
    const photo = await sharp(await jpegWithIptc({ keywords: ['porcelain', 'KILN'] }))
      .keepMetadata()
      .withXmp(xmp)
      .toBuffer();
    const response = await upload(gallery.id, 'administrator_press_room', [
      { name: 'xmp-subject.jpg', content: photo },
    ]);
    expect(response.statusCode).toBe(201);
    const [image] = response.json().images;
    expect(image.keywords).toEqual(['porcelain', 'KILN', 'glaze, matte']);
    await call('DELETE', apiPaths.galleryImage(image.id), 'administrator_press_room');
  });

  it("finds an image by one of its keywords in the gallery's search", async () => {
    const photo = await jpegWithIptc({ keywords: ['Majolica', 'Hall 3'] });
    const [image] = (
      await upload(gallery.id, 'administrator_press_room', [{ name: 'keyed.jpg', content: photo }])
    ).json().images;
    const search = async (value: string) =>
      (
        await call(
          'GET',
          `${apiPaths.galleryImages(gallery.id)}?format=datatables&draw=1&start=0&length=10&columns[0][data]=keywords&columns[0][searchable]=true&columns[1][data]=caption&columns[1][searchable]=true&search[value]=${encodeURIComponent(value)}`,
          'user_press_room',
        )
      )
        .json()
        .data.map((row: { original_name: string }) => row.original_name);
    expect(await search('majolica')).toEqual(['keyed.jpg']);
    expect(await search('hall 3')).toEqual(['keyed.jpg']);
    expect(await search('terracotta')).toEqual([]);
    await call('DELETE', apiPaths.galleryImage(image.id), 'administrator_press_room');
  });

  it('reads an XMP description too, and never overwrites the credit the uploader typed', async () => {
    const photo = await jpegWithXmp({
      description: 'Opening of the fair',
      creator: 'Marco Bianchi',
      credit: 'Studio Bianchi',
      rights: '© Marco Bianchi',
    });
    const typed = await upload(
      gallery.id,
      'administrator_press_room',
      [{ name: 'xmp.jpg', content: photo }],
      {
        credit: 'Photo: Press office',
      },
    );
    const [image] = typed.json().images;
    expect(image).toMatchObject({ caption: { en: 'Opening of the fair' }, credit: 'Photo: Press office' });
    await call('DELETE', apiPaths.galleryImage(image.id), 'administrator_press_room');
    const untyped = await upload(gallery.id, 'administrator_press_room', [
      { name: 'xmp.jpg', content: photo },
    ]);
    const [again] = untyped.json().images;
    expect(again.credit).toBe('Marco Bianchi / Studio Bianchi / © Marco Bianchi');
    await call('DELETE', apiPaths.galleryImage(again.id), 'administrator_press_room');
  });

  it('refuses an image over the pixel limit from its header, before decoding it', async () => {
    const small = await createTestApp({ config: { dataDir: dataDir.dir, imageMaxPixels: 2_000_000 } });
    try {
      const headers = await headersByCaller(small.app);
      const created = await small.app.inject({
        method: 'POST',
        url: apiPaths.galleryCategories,
        headers: { ...fair, ...headers.administrator_global },
        payload: { name: { en: 'A' }, parent: null },
      });
      const target = await small.app.inject({
        method: 'POST',
        url: apiPaths.galleries,
        headers: { ...fair, ...headers.administrator_global },
        payload: { name: { en: 'B' }, category: created.json().id },
      });
      const wide = await sampleJpeg(2000, 1200, '#123456');
      const form = multipart({}, [
        { field: 'files', fileName: 'wide.jpg', contentType: 'image/jpeg', content: wide },
      ]);
      const refused = await small.app.inject({
        method: 'POST',
        url: apiPaths.galleryImages(target.json().id),
        headers: { ...fair, ...headers.administrator_global, ...form.headers, 'accept-language': 'de' },
        payload: form.payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        files: ['Das Bild wide.jpg hat 2000 × 1200 Pixel, mehr als das Limit von 2 Megapixeln.'],
      });
      const checksum = createHash('sha256').update(wide).digest('hex');
      expect(
        await small.app.storage.stat(`gallery/thumbnails/${checksum.slice(0, 2)}/${checksum}.webp`),
      ).toBeNull();
      expect(
        await small.app.storage.stat(`gallery/originals/${checksum.slice(0, 2)}/${checksum}.jpg`),
      ).toBeNull();
    } finally {
      await small.close();
    }
  });

  it('refuses a file over the upload limit with the limit in the message', async () => {
    const small = await createTestApp({ config: { dataDir: dataDir.dir, uploadMaxBytes: 1000 } });
    try {
      const headers = await headersByCaller(small.app);
      const created = await small.app.inject({
        method: 'POST',
        url: apiPaths.galleryCategories,
        headers: { ...fair, ...headers.administrator_global },
        payload: { name: { en: 'A' }, parent: null },
      });
      const target = await small.app.inject({
        method: 'POST',
        url: apiPaths.galleries,
        headers: { ...fair, ...headers.administrator_global },
        payload: { name: { en: 'B' }, category: created.json().id },
      });
      const form = multipart({}, [
        { field: 'files', fileName: 'big.jpg', contentType: 'image/jpeg', content: jpeg },
      ]);
      const response = await small.app.inject({
        method: 'POST',
        url: apiPaths.galleryImages(target.json().id),
        headers: { ...fair, ...headers.administrator_global, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ files: ['The file big.jpg is larger than the limit of 1 kB.'] });
    } finally {
      await small.close();
    }
  });

  it.each(callers)(
    'lets %s upload to the press office gallery only when managing all content',
    async (caller) => {
      const response = await upload(gallery.id, caller, [
        { name: `by-${caller}.jpg`, content: await sampleJpeg(40, 40, '#445566') },
      ]);
      expect(response.statusCode).toBe(expectedStatus(caller, pressOfficeCallers, 201));
      if (response.statusCode === 201) {
        const [image] = response.json().images;
        expect((await call('DELETE', apiPaths.galleryImage(image.id), caller)).statusCode).toBe(204);
      }
    },
  );

  it("lets a company's agent fill their own draft gallery", async () => {
    const draft = (
      await call('POST', apiPaths.galleries, 'agent_press_room_external_company', {
        name: { en: 'Draft' },
        category: root.id,
      })
    ).json();
    const response = await upload(draft.id, 'agent_press_room_external_company', [
      { name: 'own.jpg', content: await sampleJpeg(60, 60, '#998877') },
    ]);
    expect(response.statusCode).toBe(201);
    expect((await upload(draft.id, 'user_press_room', [{ name: 'x.jpg', content: jpeg }])).statusCode).toBe(
      403,
    );
    await call('DELETE', apiPaths.gallery(draft.id), 'administrator_press_room');
  });

  it('edits captions and alt texts per language', async () => {
    const image = (await call('GET', apiPaths.galleryImages(gallery.id), 'user_press_room')).json()
      .results[0];
    const denied = await call('PATCH', apiPaths.galleryImage(image.id), 'user_press_room', {
      caption: { en: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const response = await call('PATCH', apiPaths.galleryImage(image.id), 'administrator_press_room', {
      caption: { en: 'Stand A in Hall 1', it: 'Stand A nel padiglione 1' },
      alt_text: { en: 'A tiled stand with visitors' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      caption: { en: 'Stand A in Hall 1', it: 'Stand A nel padiglione 1' },
      alt_text: { en: 'A tiled stand with visitors' },
    });
    const tooLong = await call('PATCH', apiPaths.galleryImage(image.id), 'administrator_press_room', {
      caption: { en: 'x'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ caption: ['Too long'] });
  });

  it('changes the keywords only when a PATCH names them, each once, and refuses an empty one', async () => {
    const [image] = (
      await upload(gallery.id, 'administrator_press_room', [
        { name: 'keywords.jpg', content: await jpegWithIptc({ keywords: ['tiles', 'fair'] }) },
      ])
    ).json().images;
    const patch = (body: object) =>
      call('PATCH', apiPaths.galleryImage(image.id), 'administrator_press_room', body);
    const other = await patch({ credit: 'Foto Bianchi', caption: { en: 'The stand' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ credit: 'Foto Bianchi', keywords: ['tiles', 'fair'] });
    const named = await patch({ keywords: ['Kiln', ' glaze ', 'kiln'] });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      credit: 'Foto Bianchi',
      caption: { en: 'The stand' },
      keywords: ['Kiln', 'glaze'],
    });
    expect((await call('GET', apiPaths.galleryImage(image.id), 'user_press_room')).json().keywords).toEqual([
      'Kiln',
      'glaze',
    ]);
    const empty = await patch({ keywords: ['tiles', '  '] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ keywords: ['Field required'] });
    expect((await patch({ keywords: [] })).json().keywords).toEqual([]);
    await call('DELETE', apiPaths.galleryImage(image.id), 'administrator_press_room');
  });

  it('deletes an image with its files when no other image uses them', async () => {
    const added = (
      await upload(gallery.id, 'administrator_global', [
        { name: 'temp.jpg', content: await sampleJpeg(30, 30, '#010203') },
      ])
    ).json().images[0];
    const shard = added.checksum.slice(0, 2);
    const keys = [
      `gallery/originals/${shard}/${added.checksum}.jpg`,
      `gallery/thumbnails/${shard}/${added.checksum}.webp`,
      `gallery/previews/${shard}/${added.checksum}.webp`,
      `gallery/renditions/web/${shard}/${added.checksum}.jpg`,
    ];
    const stored = () => Promise.all(keys.map(async (key) => (await harness.app.storage.stat(key)) !== null));
    expect(await stored()).toEqual([true, true, true, true]);
    expect((await call('DELETE', apiPaths.galleryImage(added.id), 'administrator_global')).statusCode).toBe(
      204,
    );
    expect(await stored()).toEqual([false, false, false, false]);
    expect((await call('GET', apiPaths.galleryImage(added.id), 'administrator_global')).statusCode).toBe(404);
  });
});

describe('ZIP downloads', () => {
  it.each(callers)('lets %s prepare a download only with press-area access', async (caller) => {
    const response = await call('POST', apiPaths.galleryDownload, caller, { gallery: gallery.id });
    expect(response.statusCode).toBe(expectedStatus(caller, pressAreaCallers, 200));
  });

  it('streams a valid ZIP of the whole gallery with every original and the credits', async () => {
    const prepared = await call('POST', apiPaths.galleryDownload, 'user_press_room', { gallery: gallery.id });
    expect(prepared.json()).toMatchObject({
      file_name: 'September.zip',
      file_count: 2,
      credits: [{ credit: 'Photo: Studio Test', usage_terms: 'Editorial use only', image_count: 2 }],
    });
    const response = await harness.app.inject({ method: 'GET', url: prepared.json().url, headers: fair });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('September.zip');
    const entries = await readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['CREDITS.txt', 'logo.png', 'stand-a.jpg']);
    const photo = entries.find((entry) => entry.name === 'stand-a.jpg');
    expect(photo?.content.equals(jpeg)).toBe(true);
    expect(photo?.compressionMethod).toBe(0);
    const credits = entries.find((entry) => entry.name === 'CREDITS.txt')?.content.toString('utf8') ?? '';
    expect(credits).toContain('Credit: Photo: Studio Test');
    expect(credits).toContain('Terms of use: Editorial use only');
    expect(credits).toContain('stand-a.jpg, logo.png');
  });

  it('zips a selection of images', async () => {
    const images = (await call('GET', apiPaths.galleryImages(gallery.id), 'user_press_room')).json().results;
    const prepared = await call('POST', apiPaths.galleryDownload, 'user_press_room', {
      images: [images[1].id],
    });
    expect(prepared.json().file_count).toBe(1);
    const entries = await readZip(
      (await harness.app.inject({ method: 'GET', url: prepared.json().url, headers: fair })).rawPayload,
    );
    expect(entries.map((entry) => entry.name).sort()).toEqual(['CREDITS.txt', 'logo.png']);
  });

  it('zips a selection of several images by its signed link, the list of ids read as it was signed', async () => {
    const images = (await call('GET', apiPaths.galleryImages(gallery.id), 'user_press_room')).json().results;
    const prepared = await call('POST', apiPaths.galleryDownload, 'user_press_room', {
      images: [images[0].id, images[1].id],
    });
    expect(prepared.json().url).toContain(`images=${images[0].id},${images[1].id}&`);
    const zip = await harness.app.inject({ method: 'GET', url: prepared.json().url, headers: fair });
    expect(zip.statusCode).toBe(200);
    expect((await readZip(zip.rawPayload)).map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'logo.png',
      'stand-a.jpg',
    ]);
  });

  it('streams to a client that sends its token instead of a signature', async () => {
    const response = await call(
      'GET',
      `${apiPaths.galleryDownload}?gallery=${gallery.id}`,
      'administrator_press_room_external_company',
    );
    expect(response.statusCode).toBe(200);
    expect(await readZip(response.rawPayload)).toHaveLength(3);
  });

  it('refuses an empty selection and a download over the size limit, in the reader language', async () => {
    const empty = await call('POST', apiPaths.galleryDownload, 'user_press_room', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      non_field_errors: ['Nothing to download: choose a gallery or some images.'],
    });
    const capped = await createTestApp({ config: { dataDir: dataDir.dir, downloadMaxBytes: 1000 } });
    try {
      const headers = await headersByCaller(capped.app);
      const category = await capped.app.inject({
        method: 'POST',
        url: apiPaths.galleryCategories,
        headers: { ...fair, ...headers.administrator_global },
        payload: { name: { en: 'C' }, parent: null },
      });
      const target = (
        await capped.app.inject({
          method: 'POST',
          url: apiPaths.galleries,
          headers: { ...fair, ...headers.administrator_global },
          payload: { name: { en: 'G' }, category: category.json().id },
        })
      ).json();
      const form = multipart({}, [
        { field: 'files', fileName: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
      ]);
      await capped.app.inject({
        method: 'POST',
        url: apiPaths.galleryImages(target.id),
        headers: { ...fair, ...headers.administrator_global, ...form.headers },
        payload: form.payload,
      });
      const response = await capped.app.inject({
        method: 'POST',
        url: apiPaths.galleryDownload,
        headers: { ...fair, ...headers.user_press_room, 'accept-language': 'it' },
        payload: { gallery: target.id },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(
        /^Questo download sarebbe di [\d.]+ kB, oltre il limite di 1 kB\./,
      );
      const direct = await capped.app.inject({
        method: 'GET',
        url: `${apiPaths.galleryDownload}?gallery=${target.id}`,
        headers: { ...fair, ...headers.user_press_room },
      });
      expect(direct.statusCode).toBe(400);
    } finally {
      await capped.close();
    }
  });
});
