import { apiPaths, type Basket, type GalleryImage } from '@pressroom/contract';
import { galleryImages, pressReleaseFiles } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionPath } from '../../lib/image-renditions.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  readZip,
  startPressContentApp,
} from '../../test-support/press-content.ts';
import { insertRelease, insertReleaseFile } from '../press-releases/test-factories.ts';
import { fillMissingRenditions } from './renditions.ts';

const association = { host: 'association.localhost' };

/** A photograph as a picture desk sends it: large, with its credit in EXIF. */
function photo(width: number, height: number, colour = '#7a4a2a') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withExifMerge({ IFD0: { Copyright: 'Studio Faenza', Artist: 'Marta Bassi' } })
    .toBuffer();
}

describe('image sizes and the basket across galleries and sites', () => {
  let content: PressContentApp;
  let office: Record<string, string>;
  let reporter: Record<string, string>;
  const app = () => content.harness.app;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    app().inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A category on one site, a published gallery in it, and the given pictures uploaded into it. */
  async function galleryWith(
    site: { host: string },
    name: string,
    pictures: { name: string; content: Buffer }[],
  ) {
    const siteId = app().sites.forHostname(site.host).id;
    const category = (
      await call(
        'POST',
        apiPaths.galleryCategories,
        { ...site, ...office },
        { name: { en: `${name} hall` }, parent: null, groups: [siteId] },
      )
    ).json();
    const gallery = (
      await call(
        'POST',
        apiPaths.galleries,
        { ...site, ...office },
        { name: { en: name }, category: category.id },
      )
    ).json();
    const form = multipart(
      { credit: '', usage_terms: 'Editorial use only' },
      pictures.map((picture) => ({
        field: 'files',
        fileName: picture.name,
        contentType: 'image/jpeg',
        content: picture.content,
      })),
    );
    const uploaded = await app().inject({
      method: 'POST',
      url: apiPaths.galleryImages(gallery.id),
      headers: { ...site, ...office, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    return { gallery: gallery.id as number, images: uploaded.json().images as GalleryImage[] };
  }

  let stands: Awaited<ReturnType<typeof galleryWith>>;
  let assembly: Awaited<ReturnType<typeof galleryWith>>;

  beforeAll(async () => {
    content = await startPressContentApp({ downloadMaxBytes: 200 * 1024 * 1024 });
    office = content.as.administrator_press_room;
    reporter = authHeader(
      await tokenFor(app(), await createUser(app(), { firstName: 'Anna', lastName: 'Rossi' })),
    );
    stands = await galleryWith(fair, 'Stands', [
      { name: 'stand-a.jpg', content: await photo(4000, 3000) },
      { name: 'stand-b.jpg', content: await photo(1200, 800, '#2a4a7a') },
    ]);
    assembly = await galleryWith(association, 'Assembly', [
      { name: 'assembly.jpg', content: await photo(3200, 2400) },
    ]);
  }, 60_000);

  afterAll(() => content.stop());

  it('offers each picture for the web (1600 px) and print (3000 px, or the original when smaller), as sRGB JPEG keeping the credit', async () => {
    const [large, small] = stands.images;
    expect(large.renditions).toEqual({
      original: { width: 4000, height: 3000, size: large.size, mime: 'image/jpeg' },
      web: { width: 1600, height: 1200, size: expect.any(Number), mime: 'image/jpeg' },
      print: { width: 3000, height: 2250, size: expect.any(Number), mime: 'image/jpeg' },
    });
    expect(small.renditions?.print).toEqual(small.renditions?.original);
    expect(small.renditions?.web).toMatchObject({ width: 1200, height: 800, mime: 'image/jpeg' });

    const web = await app().inject({ method: 'GET', url: large.urls.web, headers: fair });
    expect([web.statusCode, web.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(web.rawPayload.length).toBe(large.renditions?.web.size);
    const metadata = await sharp(web.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.space, metadata.icc !== undefined]).toEqual([
      1600,
      1200,
      'srgb',
      true,
    ]);
    expect(metadata.exif?.toString('latin1')).toContain('Studio Faenza');
    const print = await app().inject({ method: 'GET', url: small.urls.print, headers: fair });
    expect(print.rawPayload.length).toBe(small.size);
  });

  it('keeps one basket for the user on both sites, with only pictures they may see, marked in the lists', async () => {
    const added = await call(
      'POST',
      apiPaths.basket,
      { ...fair, ...reporter },
      { images: [stands.images[0].id, stands.images[1].id] },
    );
    expect((added.json() as Basket).count).toBe(2);
    // A picture of the association's gallery cannot be picked from the fair's site: nothing is added.
    const elsewhere = await call(
      'POST',
      apiPaths.basket,
      { ...fair, ...reporter },
      { images: [assembly.images[0].id] },
    );
    expect(elsewhere.statusCode).toBe(404);
    const fromAssociation = await call(
      'POST',
      apiPaths.basket,
      { ...association, ...reporter },
      { images: [assembly.images[0].id, stands.images[0].id].slice(0, 1) },
    );
    const basket = fromAssociation.json() as Basket;
    expect(basket.items.map((item) => [item.original_name, item.folder.name.en])).toEqual([
      ['stand-a.jpg', 'Stands'],
      ['stand-b.jpg', 'Stands'],
      ['assembly.jpg', 'Assembly'],
    ]);
    const originals = stands.images[0].size + stands.images[1].size + assembly.images[0].size;
    expect([basket.total_size, basket.sizes.original]).toEqual([originals, originals]);
    expect(basket.sizes.web).toBeLessThan(originals);
    // The same basket, read on the other site, its thumbnails shown there: the association's picture too.
    const onFair = (await call('GET', apiPaths.basket, { ...fair, ...reporter })).json() as Basket;
    expect(onFair.count).toBe(3);
    const thumbnails = await Promise.all(
      onFair.items.map(
        async (item) =>
          (await app().inject({ method: 'GET', url: item.thumbnail, headers: fair })).statusCode,
      ),
    );
    expect(thumbnails).toEqual([200, 200, 200]);
    const list = await call('GET', `${apiPaths.galleryImages(stands.gallery)}?page_size=10`, {
      ...fair,
      ...reporter,
    });
    expect(list.json().results.map((image: GalleryImage) => image.in_basket)).toEqual([true, true]);
    // Another journalist's basket is their own.
    const other = authHeader(await tokenFor(app(), await createUser(app())));
    expect(((await call('GET', apiPaths.basket, { ...fair, ...other })).json() as Basket).count).toBe(0);
  });

  it('downloads the basket in web size as one ZIP: a folder per gallery, CREDITS.txt, pictures of 1600 px', async () => {
    const prepared = await call('POST', apiPaths.basketDownload, { ...fair, ...reporter }, { size: 'web' });
    expect(prepared.json()).toMatchObject({
      file_count: 3,
      credits: [{ credit: 'Marta Bassi / Studio Faenza', usage_terms: 'Editorial use only', image_count: 3 }],
    });
    // The signed link needs no sign-in (a browser's download).
    const zip = await app().inject({ method: 'GET', url: prepared.json().url, headers: fair });
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((entry) => entry.name).sort()).toEqual([
      'Assembly/assembly-web.jpg',
      'CREDITS.txt',
      'Stands/stand-a-web.jpg',
      'Stands/stand-b-web.jpg',
    ]);
    const widths = await Promise.all(
      entries
        .filter((entry) => entry.name.endsWith('.jpg'))
        .map(async (entry) => (await sharp(entry.content).metadata()).width),
    );
    expect(widths.sort()).toEqual([1200, 1600, 1600]);
    const credits = entries.find((entry) => entry.name === 'CREDITS.txt')?.content.toString('utf8') ?? '';
    expect(credits).toContain('Marta Bassi / Studio Faenza');
    expect(credits).toContain('Editorial use only');
    const tampered = prepared.json().url.replace('size=web', 'size=original');
    expect((await app().inject({ method: 'GET', url: tampered, headers: fair })).statusCode).toBe(401);
  });

  it('serves by a signed basket link only what is still published when it is fetched, and only on its own site', async () => {
    const kilns = await galleryWith(fair, 'Kilns', [{ name: 'kiln.jpg', content: await photo(900, 600) }]);
    const reader = authHeader(
      await tokenFor(app(), await createUser(app(), { firstName: 'Luca', lastName: 'Bianchi' })),
    );
    const picked = await call(
      'POST',
      apiPaths.basket,
      { ...fair, ...reader },
      { images: [kilns.images[0]!.id, stands.images[1]!.id] },
    );
    expect(picked.json().count).toBe(2);
    const link = (
      await call('POST', apiPaths.basketDownload, { ...fair, ...reader }, { size: 'original' })
    ).json().url as string;
    expect(link).toContain(`site=${app().sites.forHostname(fair.host).id}&`);
    // The association's host does not honour a link made on the fair's.
    expect((await app().inject({ method: 'GET', url: link, headers: association })).statusCode).toBe(401);

    const drafted = await call(
      'PATCH',
      apiPaths.gallery(kilns.gallery),
      { ...fair, ...office },
      { status: 'draft' },
    );
    expect(drafted.json().status).toBe('draft');
    const zip = await app().inject({ method: 'GET', url: link, headers: fair });
    expect(zip.statusCode).toBe(200);
    expect((await readZip(zip.rawPayload)).map((entry) => entry.name)).toEqual([
      'CREDITS.txt',
      'Stands/stand-b.jpg',
    ]);
    await call('DELETE', apiPaths.gallery(kilns.gallery), { ...fair, ...office });
  });

  it("puts a release's pictures in the same basket, in a folder named after the release, credited in CREDITS.txt; not those of a draft", async () => {
    const siteId = app().sites.forHostname('fair.localhost').id;
    const release = await insertRelease(content.harness.db, {
      groups: [siteId],
      translations: [{ language: 'en', title: 'Glazes of Faenza' }],
    });
    const picture = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: release.id,
      kind: 'image',
      name: 'kiln.jpg',
      contentType: 'image/jpeg',
      bytes: await photo(2000, 1500),
      credit: 'Luca Neri / Bottega Faenza',
    });
    const draft = await insertRelease(content.harness.db, {
      status: 'draft',
      groups: [siteId],
      translations: [{ language: 'en', title: 'Not yet' }],
    });
    const hidden = await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: draft.id,
      kind: 'image',
      name: 'secret.jpg',
      contentType: 'image/jpeg',
      bytes: await photo(800, 600),
    });
    const other = authHeader(await tokenFor(app(), await createUser(app())));
    const refused = await call(
      'POST',
      apiPaths.basket,
      { ...fair, ...other },
      { release_images: [hidden.id] },
    );
    expect(refused.statusCode).toBe(404);
    const added = (
      await call(
        'POST',
        apiPaths.basket,
        { ...fair, ...other },
        { images: [stands.images[1].id], release_images: [picture.id] },
      )
    ).json() as Basket;
    expect(added.items.map((item) => [item.kind, item.original_name, item.folder.name.en])).toEqual([
      ['gallery_image', 'stand-b.jpg', 'Stands'],
      ['release_image', 'kiln.jpg', 'Glazes of Faenza'],
    ]);
    const prepared = await call('POST', apiPaths.basketDownload, { ...fair, ...other }, { size: 'web' });
    expect(prepared.json().credits).toEqual([
      {
        credit: 'Marta Bassi / Studio Faenza',
        usage_terms: 'Editorial use only',
        image_count: 1,
        video_count: 0,
        file_count: 1,
      },
      {
        credit: 'Luca Neri / Bottega Faenza',
        usage_terms: '',
        image_count: 1,
        video_count: 0,
        file_count: 1,
      },
    ]);
    const entries = await readZip(
      (await app().inject({ method: 'GET', url: prepared.json().url, headers: fair })).rawPayload,
    );
    const kiln = entries.find((entry) => entry.name === 'Glazes of Faenza/kiln-web.jpg');
    expect(kiln && (await sharp(kiln.content).metadata()).width).toBe(1600);
    // Made once for the ZIP and kept on the picture's row, with their sizes.
    const [kept] = await content.harness.db
      .select()
      .from(pressReleaseFiles)
      .where(eq(pressReleaseFiles.id, picture.id));
    expect(kept.renditions?.web).toEqual({
      width: 1600,
      height: 1200,
      size: kiln?.content.length,
      mime: 'image/jpeg',
    });
    const credits = entries.find((entry) => entry.name === 'CREDITS.txt')?.content.toString('utf8') ?? '';
    expect(credits.split('\r\n').slice(4)).toEqual([
      'Credit: Marta Bassi / Studio Faenza',
      'Terms of use: Editorial use only',
      'Files (1): stand-b-web.jpg',
      '',
      'Credit: Luca Neri / Bottega Faenza',
      'Files (1): kiln-web.jpg',
      '',
    ]);
    const removed = await call(
      'POST',
      apiPaths.basketRemove,
      { ...fair, ...other },
      { release_images: [picture.id] },
    );
    expect((removed.json() as Basket).items.map((item) => item.kind)).toEqual(['gallery_image']);
  });

  it("names each release picture's folder after its own release, with pictures of two releases in the basket", async () => {
    const siteId = app().sites.forHostname('fair.localhost').id;
    const pictures = [];
    for (const title of ['Kilns of Sassuolo', 'Glazes of Deruta']) {
      const release = await insertRelease(content.harness.db, {
        groups: [siteId],
        translations: [
          { language: 'en', title },
          { language: 'it', title: `${title} (it)` },
        ],
      });
      pictures.push(
        await insertReleaseFile(content.harness.db, app().storage, {
          releaseId: release.id,
          kind: 'image',
          name: `${title.split(' ')[0].toLowerCase()}.jpg`,
          contentType: 'image/jpeg',
          bytes: await photo(640, 480),
        }),
      );
    }
    const picker = authHeader(await tokenFor(app(), await createUser(app())));
    const added = await call(
      'POST',
      apiPaths.basket,
      { ...fair, ...picker },
      { release_images: pictures.map((picture) => picture.id) },
    );
    expect((added.json() as Basket).items.map((item) => [item.original_name, item.folder.name])).toEqual([
      ['kilns.jpg', { en: 'Kilns of Sassuolo', it: 'Kilns of Sassuolo (it)' }],
      ['glazes.jpg', { en: 'Glazes of Deruta', it: 'Glazes of Deruta (it)' }],
    ]);
  });

  it("writes CREDITS.txt of the basket's ZIP in the reader's language (Italian), whoever fetches the link", async () => {
    const lettrice = authHeader(await tokenFor(app(), await createUser(app(), { language: 'it' })));
    await call('POST', apiPaths.basket, { ...fair, ...lettrice }, { images: [stands.images[1].id] });
    const prepared = await call(
      'POST',
      apiPaths.basketDownload,
      { ...fair, ...lettrice, 'accept-language': 'it' },
      { size: 'web' },
    );
    // A browser's download: no token, and its own Accept-Language.
    const zip = await app().inject({
      method: 'GET',
      url: prepared.json().url,
      headers: { ...fair, 'accept-language': 'en' },
    });
    const entries = await readZip(zip.rawPayload);
    const credits = entries.find((entry) => entry.name === 'CREDITS.txt')?.content.toString('utf8') ?? '';
    const today = app().clock.now().toISOString().slice(0, 10);
    expect(credits.split('\r\n')).toEqual([
      "Crediti e condizioni d'uso",
      '',
      `Scaricato da Tile Fair il ${today}. Cita ogni immagine come indicato e rispetta le sue condizioni d'uso.`,
      '',
      'Credito: Marta Bassi / Studio Faenza',
      "Condizioni d'uso: Editorial use only",
      'File (1): stand-b-web.jpg',
      '',
    ]);
  });

  it('removes one picture, then empties the basket; an empty basket has nothing to download', async () => {
    const removed = await call(
      'POST',
      apiPaths.basketRemove,
      { ...fair, ...reporter },
      { images: [stands.images[1].id] },
    );
    expect((removed.json() as Basket).items.map((item) => item.original_name)).toEqual([
      'stand-a.jpg',
      'assembly.jpg',
    ]);
    const emptied = await call('DELETE', apiPaths.basket, { ...fair, ...reporter });
    expect((emptied.json() as Basket).count).toBe(0);
    const nothing = await call('POST', apiPaths.basketDownload, { ...fair, ...reporter }, { size: 'print' });
    expect([nothing.statusCode, nothing.json().non_field_errors]).toEqual([400, ['Your basket is empty.']]);
  });

  it("adds every picture of a gallery longer than one page (25) at once, then removes them all, keeping the other galleries' pictures", async () => {
    const names = Array.from({ length: 25 }, (_, index) => `booth-${String(index + 1).padStart(2, '0')}.jpg`);
    const booths = await galleryWith(
      fair,
      'Booths',
      await Promise.all(names.map(async (name) => ({ name, content: await photo(240, 160) }))),
    );
    await call('POST', apiPaths.basket, { ...fair, ...reporter }, { images: [stands.images[0].id] });

    const added = await call('POST', apiPaths.basketGallery(booths.gallery), { ...fair, ...reporter });
    expect(added.statusCode).toBe(200);
    const basket = added.json() as Basket;
    expect(basket.items.map((item) => [item.original_name, item.folder.name.en])).toEqual([
      ['stand-a.jpg', 'Stands'],
      ...names.map((name) => [name, 'Booths']),
    ]);
    expect(basket.count).toBe(26);
    // Again: each picture is kept once.
    const again = await call('POST', apiPaths.basketGallery(booths.gallery), { ...fair, ...reporter });
    expect((again.json() as Basket).count).toBe(26);
    // The association's gallery is not the fair's: 404, and the basket is as it was.
    const elsewhere = await call('POST', apiPaths.basketGallery(assembly.gallery), { ...fair, ...reporter });
    expect(elsewhere.statusCode).toBe(404);
    const removedElsewhere = await call('DELETE', apiPaths.basketGallery(assembly.gallery), {
      ...fair,
      ...reporter,
    });
    expect(removedElsewhere.statusCode).toBe(404);
    // Only the press area's users have a basket.
    expect((await call('POST', apiPaths.basketGallery(booths.gallery), { ...fair })).statusCode).toBe(401);

    const removed = await call('DELETE', apiPaths.basketGallery(booths.gallery), { ...fair, ...reporter });
    expect((removed.json() as Basket).items.map((item) => item.original_name)).toEqual(['stand-a.jpg']);
    expect(((await call('GET', apiPaths.basket, { ...fair, ...reporter })).json() as Basket).count).toBe(1);
    await call('DELETE', apiPaths.basket, { ...fair, ...reporter });
  }, 60_000);

  it('makes the renditions of a picture stored before they existed, once, in the background', async () => {
    const [image] = assembly.images;
    await app().storage.delete(renditionPath('web', image.checksum));
    await content.harness.db
      .update(galleryImages)
      .set({ renditions: null })
      .where(eq(galleryImages.id, image.id));
    expect(await fillMissingRenditions(app())).toBe(1);
    expect(await fillMissingRenditions(app())).toBe(0);
    const [row] = await content.harness.db.select().from(galleryImages).where(eq(galleryImages.id, image.id));
    expect(row.renditions?.web).toMatchObject({ width: 1600, height: 1200 });
    // Uploaded on the association's site, the picture's links are honoured there.
    const web = await app().inject({ method: 'GET', url: image.urls.web, headers: association });
    expect((await sharp(web.rawPayload).metadata()).width).toBe(1600);
  });
});
