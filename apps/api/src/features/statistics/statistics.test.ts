import { apiPaths } from '@pressroom/contract';
import {
  companies,
  coverage,
  coverageExhibitors,
  programmeEvents,
  programmeSignups,
  readCounts,
  users,
} from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  fair,
  multipart,
  type PressContentApp,
  readZip,
  sampleJpeg,
  samplePdf,
  startPressContentApp,
  testCompanyId,
} from '../../test-support/press-content.ts';
import {
  insertCompany,
  insertEdition,
  insertExhibitor,
  insertProgrammeEvent,
} from '../exhibitors/test-factories.ts';
import { insertRelease, insertReleaseFile } from '../press-releases/test-factories.ts';

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
  let content: PressContentApp;
  let siteId: number;
  let ours: number;
  let theirs: number;
  let reader: Record<string, string>;
  const app = () => content.harness.app;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });
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

  /** The counted rows of some kinds: kind, item, media type, country, count. */
  const counted = async (...kinds: string[]) => {
    await app().readCounter.flush();
    const rows = await content.harness.db
      .select()
      .from(readCounts)
      .orderBy(asc(readCounts.kind), asc(readCounts.itemId));
    return rows
      .filter((row) => kinds.includes(row.kind))
      .map((row) => [row.kind, row.itemId, row.mediaType, row.country, row.count]);
  };

  beforeAll(async () => {
    content = await startPressContentApp({ readCountFlushSeconds: 0 });
    siteId = app().sites.forHostname('fair.localhost').id;
    const journalist = await createUser(app(), { firstName: 'Anna', lastName: 'Rossi' });
    await content.harness.db
      .update(users)
      .set({ mediaType: 'newspapers', country: 'IT' })
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

  it("counts each event's places taken, waiting list and attendance, the company only its own exhibitor's events, in JSON, CSV and PDF", async () => {
    const db = content.harness.db;
    const now = app().clock.now();
    const today = now.toISOString().slice(0, 10);
    const dayMs = 86_400_000;
    // The company the administrators of these tests speak for, exhibiting.
    const company = await insertCompany(db, { name: 'Ceramiche Sette' });
    await db.update(companies).set({ id: testCompanyId }).where(eq(companies.id, company.id));
    const edition = await insertEdition(db, { siteId, startsOn: today, endsOn: today });
    const exhibitor = await insertExhibitor(db, { editionId: edition.id, companyId: testCompanyId });
    const event = async (
      title: string,
      startsAt: Date,
      values: Partial<typeof programmeEvents.$inferInsert> = {},
    ) => {
      const [row] = await db
        .insert(programmeEvents)
        .values({
          editionId: edition.id,
          type: 'talk',
          status: 'approved',
          title: { en: title, it: `${title} (it)` },
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          hall: '5',
          languages: ['en'],
          ...values,
        })
        .returning();
      return row.id;
    };
    const morning = new Date(`${today}T08:00:00Z`);
    const opening = await event('Opening press conference', morning, { capacity: 3 });
    const launch = await event('Slab launch', new Date(morning.getTime() + 3_600_000), {
      exhibitorId: exhibitor.id,
      capacity: 1,
    });
    await event('A proposal', morning, { status: 'proposed', exhibitorId: exhibitor.id });
    await event('Last month', new Date(morning.getTime() - 40 * dayMs));
    const people = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => createUser(app(), { firstName: name })),
    );
    const signup = (eventId: number, user: number, status: string, checkedIn = false) => ({
      eventId,
      userId: people[user].id,
      status,
      language: 'en',
      checkedInAt: checkedIn ? now : null,
    });
    await db
      .insert(programmeSignups)
      .values([
        signup(opening, 0, 'signed_up', true),
        signup(opening, 1, 'signed_up', true),
        signup(opening, 2, 'signed_up'),
        signup(opening, 3, 'waiting'),
        signup(opening, 4, 'waiting'),
        signup(opening, 5, 'cancelled'),
        signup(launch, 0, 'signed_up', true),
        signup(launch, 1, 'waiting'),
      ]);

    const office = await get(apiPaths.statistics, content.as.administrator_press_room);
    expect(office.json().events).toEqual([
      {
        id: opening,
        title: 'Opening press conference',
        starts_at: morning.toISOString(),
        capacity: 3,
        signed_up: 3,
        waiting: 2,
        attended: 2,
      },
      {
        id: launch,
        title: 'Slab launch',
        starts_at: new Date(morning.getTime() + 3_600_000).toISOString(),
        capacity: 1,
        signed_up: 1,
        waiting: 1,
        attended: 1,
      },
    ]);
    const own = await get(apiPaths.statistics, {
      ...content.as.administrator_press_room_external_company,
      'accept-language': 'it',
    });
    expect(own.json().events).toEqual([
      {
        id: launch,
        title: 'Slab launch (it)',
        starts_at: new Date(morning.getTime() + 3_600_000).toISOString(),
        capacity: 1,
        signed_up: 1,
        waiting: 1,
        attended: 1,
      },
    ]);
    const otherSite = await get(
      `${apiPaths.statistics}?site=${app().sites.byName.get('Ceramics Association')?.id}`,
      content.as.administrator_press_room,
    );
    expect(otherSite.json().events).toEqual([]);

    const csv = await get(apiPaths.statisticsCsv, content.as.administrator_press_room_external_company);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'day,site,kind,item,language,media_type,country,country_name,country_unmapped,count',
      `${today},Tile Fair,programme_signed_up,${launch},,,,,,1`,
      `${today},Tile Fair,programme_waiting,${launch},,,,,,1`,
      `${today},Tile Fair,programme_attended,${launch},,,,,,1`,
      '',
    ]);
    const report = await get(apiPaths.statisticsReport, content.as.administrator_press_room_external_company);
    expect(report.statusCode).toBe(200);
    const pdf = await PDFDocument.load(report.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    await db.delete(programmeEvents);
  });

  it("counts the period's approved coverage by country, language, media type and day, a company only the pieces naming its exhibitors", async () => {
    const db = content.harness.db;
    const today = app().clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(app().clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const company = await insertCompany(db, { name: 'Ceramiche Otto' });
    const edition = await insertEdition(db, { siteId, startsOn: today, endsOn: today });
    const named = await insertExhibitor(db, { editionId: edition.id, companyId: company.id });
    let sequence = 0;
    const piece = async (
      values: { day: string; language: string; country: string; mediaType: string; reach: number | null },
      status = 'approved',
    ) => {
      sequence += 1;
      const [row] = await db
        .insert(coverage)
        .values({
          pressGroupId: siteId,
          url: `https://press.example/${sequence}`,
          urlKey: `press.example/${sequence}`,
          title: `Piece ${sequence}`,
          outlet: 'Tile Today',
          publishedOn: values.day,
          language: values.language,
          country: values.country,
          mediaType: values.mediaType,
          reach: values.reach,
          status,
        })
        .returning();
      return row.id;
    };
    const german = await piece({
      day: yesterday,
      language: 'de',
      country: 'DE',
      mediaType: 'magazines',
      reach: 42_000,
    });
    await piece({ day: today, language: 'de', country: 'DE', mediaType: 'website', reach: null });
    await piece({ day: today, language: 'fr', country: 'FR', mediaType: 'website', reach: 8_000 });
    await piece({ day: today, language: 'it', country: 'IT', mediaType: 'magazines', reach: 1 }, 'pending');
    await db.insert(coverageExhibitors).values({ coverageId: german, exhibitorId: named.id });

    const office = await get(
      `${apiPaths.statistics}?from=${yesterday}&to=${today}`,
      content.as.administrator_press_room,
    );
    expect(office.json().coverage).toEqual({
      pieces: 3,
      reach: 50_000,
      by_country: [
        { country: 'DE', name: 'Germany', pieces: 2, reach: 42_000 },
        { country: 'FR', name: 'France', pieces: 1, reach: 8_000 },
      ],
      by_language: [
        { language: 'de', name: 'German', pieces: 2 },
        { language: 'fr', name: 'French', pieces: 1 },
      ],
      by_media_type: [
        { media_type: 'website', pieces: 2 },
        { media_type: 'magazines', pieces: 1 },
      ],
      daily: [
        { day: yesterday, pieces: 1 },
        { day: today, pieces: 2 },
      ],
    });
    const france = await get(
      `${apiPaths.statistics}?from=${yesterday}&to=${today}&country=FR`,
      content.as.administrator_press_room,
    );
    expect(france.json().coverage.pieces).toBe(1);
    const own = await get(
      `${apiPaths.statistics}?from=${yesterday}&to=${today}&company=${company.id}`,
      content.as.administrator_press_room,
    );
    expect(own.json().coverage).toMatchObject({
      pieces: 1,
      reach: 42_000,
      by_country: [{ country: 'DE', pieces: 1 }],
    });

    const csv = await get(
      `${apiPaths.statisticsCsv}?from=${yesterday}&to=${today}&company=${company.id}`,
      content.as.administrator_press_room,
    );
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'day,site,kind,item,language,media_type,country,country_name,country_unmapped,count',
      `${yesterday},Tile Fair,coverage_pieces,,de,magazines,DE,Germany,,1`,
      `${yesterday},Tile Fair,coverage_reach,,de,magazines,DE,Germany,,42000`,
      '',
    ]);
    const report = await get(
      `${apiPaths.statisticsReport}?from=${yesterday}&to=${today}`,
      content.as.administrator_press_room,
    );
    expect(report.statusCode).toBe(200);
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await db.delete(coverage);
  });

  it('exports the period as CSV and as a PDF report', async () => {
    await get(apiPaths.pressRelease(ours), reader);
    await app().readCounter.flush();
    const csv = await get(apiPaths.statisticsCsv, content.as.administrator_press_room);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = app().clock.now().toISOString().slice(0, 10);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'day,site,kind,item,language,media_type,country,country_name,country_unmapped,count',
      `${today},Tile Fair,release_view,${ours},en,newspapers,IT,Italy,,1`,
      '',
    ]);
    // The name in the reader's language, beside the code.
    const italian = await get(apiPaths.statisticsCsv, {
      ...content.as.administrator_press_room,
      'accept-language': 'it',
    });
    expect(italian.body.split('\r\n')[1]).toBe(
      `${today},Tile Fair,release_view,${ours},en,newspapers,IT,Italia,,1`,
    );
    const report = await get(apiPaths.statisticsReport, {
      ...content.as.administrator_press_room,
      'accept-language': 'it',
    });
    expect(report.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(report.rawPayload);
    expect([pdf.getTitle(), pdf.getPageCount()]).toEqual(['Cosa è stato letto e scaricato', 1]);
  });

  it("writes a country kept from before codes, typed as a formula behind a ';', as text in the CSV, so a spreadsheet splitting on ';' runs nothing", async () => {
    // Free text reaches the figures only as what the migration to codes kept because it names no country.
    const today = app().clock.now().toISOString().slice(0, 10);
    await content.harness.db.insert(readCounts).values({
      day: today,
      pressGroupId: siteId,
      kind: 'release_view',
      itemId: ours,
      language: 'en',
      mediaType: 'newspapers',
      country: '',
      countryUnmapped: 'Italy;=1+2;',
      count: 1,
    });
    const csv = await get(apiPaths.statisticsCsv, content.as.administrator_press_room);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe(`${today},Tile Fair,release_view,${ours},en,newspapers,,,Italy;'=1+2;,1`);
    expect(lines[1]?.split(';')).toEqual([
      `${today},Tile Fair,release_view,${ours},en,newspapers,,,Italy`,
      "'=1+2",
      ',1',
    ]);
  });

  it("defaults to the site's current edition and the last 30 days, so its programme shows before the fair, and widening one end keeps the other", async () => {
    const db = content.harness.db;
    const dayMs = 86_400_000;
    const now = app().clock.now().getTime();
    const day = (offset: number) => new Date(now + offset * dayMs).toISOString().slice(0, 10);
    const association = app().sites.byName.get('Ceramics Association')?.id ?? 0;
    const office = content.as.administrator_press_room;
    // The association's fair opens in three weeks; a piece about it came out forty days ago.
    const edition = await insertEdition(db, { siteId: association, startsOn: day(20), endsOn: day(24) });
    const company = await insertCompany(db, { name: 'Ceramiche Nove' });
    const exhibitor = await insertExhibitor(db, { editionId: edition.id, companyId: company.id });
    const opening = await insertProgrammeEvent(db, {
      editionId: edition.id,
      exhibitorId: exhibitor.id,
      title: { en: 'Opening press conference' },
      startsAt: new Date(`${day(21)}T09:00:00Z`),
    });
    await db.insert(coverage).values({
      pressGroupId: association,
      url: 'https://press.example/preview',
      urlKey: 'press.example/preview',
      title: 'The fair ahead',
      outlet: 'Tile Today',
      publishedOn: day(-40),
      language: 'it',
      country: 'IT',
      mediaType: 'magazines',
      reach: 5_000,
      status: 'approved',
    });

    const byDefault = (await get(`${apiPaths.statistics}?site=${association}`, office)).json();
    expect([byDefault.from, byDefault.to, byDefault.daily.length]).toEqual([day(-29), day(24), 54]);
    expect(byDefault.events.map((event: { id: number }) => event.id)).toEqual([opening.id]);
    expect(byDefault.coverage.pieces).toBe(0);

    // Widening the start alone keeps the edition's end: the coverage and the programme both counted.
    const widened = (await get(`${apiPaths.statistics}?site=${association}&from=${day(-40)}`, office)).json();
    expect([widened.from, widened.to, widened.daily.length, widened.coverage.daily.length]).toEqual([
      day(-40),
      day(24),
      65,
      65,
    ]);
    expect(widened.events.map((event: { id: number }) => event.id)).toEqual([opening.id]);
    expect([widened.coverage.pieces, widened.coverage.reach]).toEqual([1, 5_000]);
    const csv = await get(`${apiPaths.statisticsCsv}?site=${association}&from=${day(-40)}`, office);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'day,site,kind,item,language,media_type,country,country_name,country_unmapped,count',
      `${day(21)},Ceramics Association,programme_signed_up,${opening.id},,,,,,0`,
      `${day(21)},Ceramics Association,programme_waiting,${opening.id},,,,,,0`,
      `${day(21)},Ceramics Association,programme_attended,${opening.id},,,,,,0`,
      `${day(-40)},Ceramics Association,coverage_pieces,,it,magazines,IT,Italy,,1`,
      `${day(-40)},Ceramics Association,coverage_reach,,it,magazines,IT,Italy,,5000`,
      '',
    ]);

    // Moving the end alone keeps the default's start; an end before it is the 30 days up to that end.
    const later = (await get(`${apiPaths.statistics}?site=${association}&to=${day(30)}`, office)).json();
    expect([later.from, later.to]).toEqual([day(-29), day(30)]);
    const earlier = (await get(`${apiPaths.statistics}?site=${association}&to=${day(-35)}`, office)).json();
    expect([earlier.from, earlier.to, earlier.coverage.pieces, earlier.events]).toEqual([
      day(-64),
      day(-35),
      1,
      [],
    ]);
  });
});
