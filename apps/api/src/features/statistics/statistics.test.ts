import { apiPaths } from '@pressroom/contract';
import { readCounts, users } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  startPressContentApp,
  testCompanyId,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';

describe('what was read and downloaded: aggregate counts and who sees which figures', () => {
  let content: PressContentApp;
  let siteId: number;
  let ours: number;
  let theirs: number;
  let reader: Record<string, string>;
  const app = () => content.harness.app;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });

  beforeAll(async () => {
    content = await startPressContentApp({ readCountFlushSeconds: 0 });
    siteId = app().sites.forHostname('fair.localhost').id;
    const journalist = await createUser(app(), { firstName: 'Anna', lastName: 'Rossi' });
    await content.harness.db
      .update(users)
      .set({ mediaType: 'newspapers', country: 'Italy' })
      .where(eq(users.id, journalist.id));
    reader = authHeader(await tokenFor(app(), journalist));
    ours = (
      await insertRelease(content.harness.db, {
        groups: [siteId],
        companyId: testCompanyId,
        translations: [{ language: 'en', title: 'Our new glazes' }],
      })
    ).id;
    theirs = (
      await insertRelease(content.harness.db, {
        groups: [siteId],
        translations: [{ language: 'en', title: 'The fair opens' }],
      })
    ).id;
  });

  beforeEach(async () => {
    await app().readCounter.flush();
    await content.harness.db.delete(readCounts);
  });

  afterAll(() => content.stop());

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
        country: 'Italy',
        count: 1,
      },
      {
        day: today,
        pressGroupId: siteId,
        kind: 'release_view',
        itemId: ours,
        language: 'it',
        mediaType: 'newspapers',
        country: 'Italy',
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
      by_country: [{ country: 'Italy', count: 4 }],
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
    expect(image.urls.original).toContain('reader=newspapers~Italy&');
    expect(image.urls.thumbnail).not.toContain('reader=');
    // As a browser fetches it: no token.
    expect((await get(image.urls.original)).statusCode).toBe(200);
    const forged = image.urls.original.replace('reader=newspapers~Italy', 'reader=radio~France');
    expect((await get(forged)).statusCode).toBe(401);
    await app().readCounter.flush();
    const rows = await content.harness.db
      .select()
      .from(readCounts)
      .where(eq(readCounts.kind, 'image_download'));
    expect(rows.map((row) => [row.itemId, row.mediaType, row.country, row.count])).toEqual([
      [image.id, 'newspapers', 'Italy', 1],
    ]);
  });

  it('exports the period as CSV and as a PDF report', async () => {
    await get(apiPaths.pressRelease(ours), reader);
    await app().readCounter.flush();
    const csv = await get(apiPaths.statisticsCsv, content.as.administrator_press_room);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = app().clock.now().toISOString().slice(0, 10);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'day,site,kind,item,language,media_type,country,count',
      `${today},Tile Fair,release_view,${ours},en,newspapers,Italy,1`,
      '',
    ]);
    const report = await get(apiPaths.statisticsReport, {
      ...content.as.administrator_press_room,
      'accept-language': 'it',
    });
    expect(report.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(report.rawPayload);
    expect([pdf.getTitle(), pdf.getPageCount()]).toEqual(['Cosa è stato letto e scaricato', 1]);
  });
});
