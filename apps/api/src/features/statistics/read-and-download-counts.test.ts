import { apiPaths } from '@pressroom/contract';
import { readCounts } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  fair,
  multipart,
  readZip,
  sampleJpeg,
  samplePdf,
  testCompanyId,
} from '../../test-support/press-content.ts';
import { insertRelease, insertReleaseFile } from '../press-releases/test-factories.ts';
import {
  app,
  content,
  counted,
  get,
  ours,
  reader,
  siteId,
  theirs,
  useStatisticsTestApp,
} from './statistics-test-setup.ts';

/** What nothing counted looks like, kind by kind. */
const noTotals = {
  release_view: 0,
  image_download: 0,
  release_image_download: 0,
  release_file_download: 0,
  magazine_download: 0,
  press_kit_download: 0,
  zip_download: 0,
  video_play: 0,
  video_download: 0,
};

describe('what was read and downloaded: aggregate counts and who sees which figures', () => {
  useStatisticsTestApp();

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    app().inject({ method: 'POST', url, headers: { ...fair, ...headers }, payload });

  /** A file of a release, stored as the editing screen would have stored it. */
  const releaseFile = async (releaseId: number, kind: 'image' | 'attachment', name: string) =>
    insertReleaseFile(content.harness.db, app().storage, {
      releaseId,
      kind,
      name,
      contentType: kind === 'image' ? 'image/jpeg' : 'application/pdf',
      bytes: kind === 'image' ? await sampleJpeg(800, 600) : samplePdf(name),
    });

  /** The reader puts release pictures in their basket and fetches its ZIP by the signed link, as a browser does. */
  const downloadBasketOf = async (releaseImages: number[]) => {
    await post(apiPaths.basket, reader, { release_images: releaseImages });
    const prepared = await post(apiPaths.basketDownload, reader, { size: 'original' });
    const zip = await get(prepared.json().url);
    await app().inject({ method: 'DELETE', url: apiPaths.basket, headers: { ...fair, ...reader } });
    return readZip(zip.rawPayload);
  };

  it("counts each view in one batched write, by day, site, language and the reader's media type and country only", async () => {
    await get(apiPaths.pressRelease(ours), reader);
    await get(apiPaths.pressRelease(ours), { ...reader, 'accept-language': 'it' });
    await get(apiPaths.pressRelease(theirs));
    // Robots are not readers; a refused call counts nothing.
    await get(apiPaths.pressRelease(theirs), {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    await get(apiPaths.pressRelease(2_000_000));
    expect(await content.harness.db.select().from(readCounts)).toEqual([]);
    expect(await app().readCounter.flush()).toBe(3);
    const rows = await content.harness.db
      .select()
      .from(readCounts)
      .orderBy(asc(readCounts.itemId), asc(readCounts.language));
    const today = app().clock.now().toISOString().slice(0, 10);
    expect(rows).toEqual([
      {
        day: today,
        pressGroupId: siteId,
        kind: 'release_view',
        itemId: ours,
        language: 'en',
        mediaType: 'newspapers',
        country: 'IT',
        countryUnmapped: '',
        count: 1,
      },
      {
        day: today,
        pressGroupId: siteId,
        kind: 'release_view',
        itemId: ours,
        language: 'it',
        mediaType: 'newspapers',
        country: 'IT',
        countryUnmapped: '',
        count: 1,
      },
      {
        day: today,
        pressGroupId: siteId,
        kind: 'release_view',
        itemId: theirs,
        language: 'en',
        mediaType: '',
        country: '',
        countryUnmapped: '',
        count: 1,
      },
    ]);
    // A second server's counts (or a later write) add up in the same rows.
    await get(apiPaths.pressRelease(ours), reader);
    await app().readCounter.flush();
    const [row] = await content.harness.db
      .select()
      .from(readCounts)
      .where(eq(readCounts.language, 'en'))
      .orderBy(asc(readCounts.itemId));
    expect(row.count).toBe(2);
  });

  it('shows the press office every figure, a company administrator only its releases, and nobody else any', async () => {
    for (let index = 0; index < 3; index += 1) await get(apiPaths.pressRelease(ours), reader);
    await get(apiPaths.pressRelease(theirs), reader);
    await app().readCounter.flush();
    const office = await get(apiPaths.statistics, content.as.administrator_press_room);
    expect(office.json()).toMatchObject({
      company: null,
      totals: { release_view: 4, image_download: 0 },
      top_releases: [
        { id: ours, title: 'Our new glazes', views: 3 },
        { id: theirs, title: 'The fair opens', views: 1 },
      ],
      by_media_type: [{ media_type: 'newspapers', count: 4 }],
      by_country: [{ country: 'IT', name: 'Italy', count: 4 }],
    });
    expect(office.json().daily).toHaveLength(30);
    expect(office.json().daily.at(-1)).toEqual({ day: office.json().to, views: 4, downloads: 0 });
    // The company's administrator asks for everything and gets its own figures.
    const company = await get(
      `${apiPaths.statistics}?company=999`,
      content.as.administrator_press_room_external_company,
    );
    expect(company.json()).toMatchObject({
      company: { id: testCompanyId },
      totals: { release_view: 3 },
      top_releases: [{ id: ours, views: 3 }],
    });
    expect((await get(apiPaths.statistics, content.as.user_press_room)).statusCode).toBe(403);
    expect((await get(apiPaths.statistics, content.as.agent_press_room_external_company)).statusCode).toBe(
      403,
    );
    expect((await get(apiPaths.statistics)).statusCode).toBe(401);
    const backwards = await get(
      `${apiPaths.statistics}?from=2026-05-10&to=2026-05-01`,
      content.as.administrator_press_room,
    );
    expect([backwards.statusCode, backwards.json().to]).toEqual([
      400,
      ['The end of the period cannot come before its start.'],
    ]);
  });

  it('answers a period of at most two years, in JSON, CSV and PDF alike, and refuses a longer one in words', async () => {
    const office = content.as.administrator_press_room;
    const today = app().clock.now().toISOString().slice(0, 10);
    const twoYears = await get(`${apiPaths.statistics}?from=2024-03-01&to=2026-02-28`, office);
    expect([twoYears.statusCode, twoYears.json().daily.length]).toEqual([200, 730]);
    for (const path of [apiPaths.statistics, apiPaths.statisticsCsv, apiPaths.statisticsReport]) {
      for (const query of [
        'from=0001-01-01&to=2100-01-01',
        'from=2024-03-01&to=2026-03-01',
        'from=2000-01-01',
      ]) {
        const refused = await get(`${path}?${query}`, { ...office, 'accept-language': 'de' });
        expect([path, query, refused.statusCode, refused.json()]).toEqual([
          path,
          query,
          400,
          { from: ['Ein Zeitraum darf höchstens zwei Jahre lang sein.'] },
        ]);
      }
    }
    const untilToday = await get(
      `${apiPaths.statistics}?from=${Number(today.slice(0, 4)) - 1}-01-01`,
      office,
    );
    expect(untilToday.statusCode).toBe(200);
  });

  it("counts a browser's download by a signed link with the reader's media type and country signed into it", async () => {
    const office = { ...fair, ...content.as.administrator_press_room };
    const category = (
      await app().inject({
        method: 'POST',
        url: apiPaths.galleryCategories,
        headers: office,
        payload: { name: { en: 'Halls' }, parent: null, groups: [siteId] },
      })
    ).json();
    const gallery = (
      await app().inject({
        method: 'POST',
        url: apiPaths.galleries,
        headers: office,
        payload: { name: { en: 'Stands' }, category: category.id },
      })
    ).json();
    const form = multipart({}, [
      {
        field: 'files',
        fileName: 'stand.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(400, 300),
      },
    ]);
    await app().inject({
      method: 'POST',
      url: apiPaths.galleryImages(gallery.id),
      headers: { ...office, ...form.headers },
      payload: form.payload,
    });
    const [image] = (await get(apiPaths.galleryImages(gallery.id), reader)).json().results;
    expect(image.urls.original).toContain('reader=newspapers~IT&');
    expect(image.urls.thumbnail).not.toContain('reader=');
    // As a browser fetches it: no token.
    expect((await get(image.urls.original)).statusCode).toBe(200);
    const forged = image.urls.original.replace('reader=newspapers~IT', 'reader=radio~FR');
    expect((await get(forged)).statusCode).toBe(401);
    await app().readCounter.flush();
    const rows = await content.harness.db
      .select()
      .from(readCounts)
      .where(eq(readCounts.kind, 'image_download'));
    expect(rows.map((row) => [row.itemId, row.mediaType, row.country, row.count])).toEqual([
      [image.id, 'newspapers', 'IT', 1],
    ]);
  });

  it("counts a release picture's download, by itself or inside a basket ZIP, but not its display in a page", async () => {
    const picture = await releaseFile(ours, 'image', 'kiln.jpg');
    expect((await get(apiPaths.pressReleaseFile(picture.id), reader)).statusCode).toBe(200);
    // The release page and the preview dialog show it in an <img>; a resumed download asks for the rest.
    expect((await get(apiPaths.pressReleaseFile(picture.id), { 'sec-fetch-dest': 'image' })).statusCode).toBe(
      200,
    );
    expect(
      (await get(apiPaths.pressReleaseFile(picture.id), { ...reader, range: 'bytes=100-' })).statusCode,
    ).toBe(206);
    const entries = await downloadBasketOf([picture.id]);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['CREDITS.txt', 'Our new glazes/kiln.jpg']);
    expect(await counted('release_image_download', 'image_download', 'zip_download')).toEqual([
      ['release_image_download', picture.id, 'newspapers', 'IT', 2],
      ['zip_download', 0, 'newspapers', 'IT', 1],
    ]);
    const figures = (await get(apiPaths.statistics, content.as.administrator_press_room)).json();
    expect(figures.totals).toEqual({ ...noTotals, release_image_download: 2, zip_download: 1 });
    expect(figures.daily.at(-1)).toEqual({ day: figures.to, views: 0, downloads: 3 });
  });

  it("counts each download of a release's attachment, a magazine, a press-kit document and the kit's ZIP", async () => {
    const office = content.as.administrator_press_room;
    const attachment = await releaseFile(theirs, 'attachment', 'price-list.pdf');
    await get(apiPaths.pressReleaseFile(attachment.id), reader);
    await get(apiPaths.pressReleaseFile(attachment.id), reader);
    // The rest of a download already counted is not a second one.
    await get(apiPaths.pressReleaseFile(attachment.id), { ...reader, range: 'bytes=10-' });

    const magazineForm = multipart(
      { kind: 'italian', publisher: 'Edizioni Ceramica', title: 'Ceramica Oggi', month: '9', year: '2026' },
      [{ field: 'pdf', fileName: 'ceramica-oggi.pdf', contentType: 'application/pdf', content: samplePdf() }],
    );
    const magazine = (
      await app().inject({
        method: 'POST',
        url: apiPaths.magazines,
        headers: { ...fair, ...office, ...magazineForm.headers },
        payload: magazineForm.payload,
      })
    ).json();
    const { pdf_url } = (await get(apiPaths.magazine(magazine.id), reader)).json();
    // As a browser fetches it: the signed link, no token.
    expect((await get(pdf_url)).statusCode).toBe(200);

    const kitForm = multipart({ title: 'Fact sheet', language: 'en' }, [
      { field: 'file', fileName: 'facts.pdf', contentType: 'application/pdf', content: samplePdf('facts') },
    ]);
    const document = (
      await app().inject({
        method: 'POST',
        url: apiPaths.pressKit,
        headers: { ...fair, ...office, ...kitForm.headers },
        payload: kitForm.payload,
      })
    ).json();
    const kit = (await get(apiPaths.pressKit, reader)).json();
    expect((await get(kit.documents[0].url)).statusCode).toBe(200);
    expect((await get(kit.zip_url)).statusCode).toBe(200);

    expect(
      await counted('release_file_download', 'magazine_download', 'press_kit_download', 'zip_download'),
    ).toEqual([
      ['magazine_download', magazine.id, 'newspapers', 'IT', 1],
      ['press_kit_download', document.id, 'newspapers', 'IT', 1],
      ['release_file_download', attachment.id, 'newspapers', 'IT', 2],
      ['zip_download', 0, 'newspapers', 'IT', 1],
    ]);
    expect((await get(apiPaths.statistics, office)).json().totals).toEqual({
      ...noTotals,
      release_file_download: 2,
      magazine_download: 1,
      press_kit_download: 1,
      zip_download: 1,
    });
  });

  it("shows a company administrator the downloads of its own releases' attachments and pictures, not another company's", async () => {
    const rival = (
      await insertRelease(content.harness.db, {
        groups: [siteId],
        companyId: testCompanyId + 1,
        translations: [{ language: 'en', title: 'Rival tiles' }],
      })
    ).id;
    const ourPicture = await releaseFile(ours, 'image', 'glaze.jpg');
    const ourAttachment = await releaseFile(ours, 'attachment', 'glazes.pdf');
    const rivalPicture = await releaseFile(rival, 'image', 'rival.jpg');
    const rivalAttachment = await releaseFile(rival, 'attachment', 'rival.pdf');
    for (const file of [ourPicture, ourAttachment, rivalPicture, rivalAttachment, rivalAttachment]) {
      expect((await get(apiPaths.pressReleaseFile(file.id), reader)).statusCode).toBe(200);
    }
    await downloadBasketOf([ourPicture.id, rivalPicture.id]);
    await get(apiPaths.pressRelease(rival), reader);
    await app().readCounter.flush();

    const company = (
      await get(apiPaths.statistics, content.as.administrator_press_room_external_company)
    ).json();
    expect(company.company).toEqual({ id: testCompanyId, name: expect.any(String) });
    expect(company.totals).toEqual({ ...noTotals, release_image_download: 2, release_file_download: 1 });
    expect(company.daily.at(-1)).toEqual({ day: company.to, views: 0, downloads: 3 });
    expect(company.by_media_type).toEqual([{ media_type: 'newspapers', count: 3 }]);
    // The press office sees the rival's figures apart, and everyone's together.
    const office = content.as.administrator_press_room;
    expect((await get(`${apiPaths.statistics}?company=${testCompanyId + 1}`, office)).json().totals).toEqual({
      ...noTotals,
      release_view: 1,
      release_image_download: 2,
      release_file_download: 2,
    });
    expect((await get(apiPaths.statistics, office)).json().totals).toEqual({
      ...noTotals,
      release_view: 1,
      release_image_download: 4,
      release_file_download: 3,
      zip_download: 1,
    });
  });

  it("groups the figures by country code, names them in the reader's language and filters by one", async () => {
    await get(apiPaths.pressRelease(ours), reader);
    await get(apiPaths.pressRelease(theirs), reader);
    await get(apiPaths.pressRelease(theirs));
    await app().readCounter.flush();
    const office = content.as.administrator_press_room;
    expect(
      (await get(apiPaths.statistics, { ...office, 'accept-language': 'de' })).json().by_country,
    ).toEqual([
      { country: 'IT', name: 'Italien', count: 2 },
      { country: '', name: '', count: 1 },
    ]);
    const italy = (await get(`${apiPaths.statistics}?country=it`, office)).json();
    expect([italy.totals.release_view, italy.by_country]).toEqual([
      2,
      [{ country: 'IT', name: 'Italy', count: 2 }],
    ]);
    const france = (await get(`${apiPaths.statistics}?country=FR`, office)).json();
    expect([france.totals.release_view, france.by_country]).toEqual([0, []]);
    const unknown = await get(`${apiPaths.statistics}?country=Italia`, {
      ...office,
      'accept-language': 'fr',
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      { country: ['Pays inconnu (indiquez son code ISO 3166-1, p. ex. IT)'] },
    ]);
  });
});
