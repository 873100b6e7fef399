import { apiPaths } from '@pressroom/contract';
import {
  companies,
  coverage,
  coverageExhibitors,
  programmeEvents,
  programmeSignups,
  readCounts,
} from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test-support/factories.ts';
import { testCompanyId } from '../../test-support/press-content.ts';
import {
  insertCompany,
  insertEdition,
  insertExhibitor,
  insertProgrammeEvent,
} from '../exhibitors/test-factories.ts';
import { app, content, get, ours, reader, siteId, useStatisticsTestApp } from './statistics-test-setup.ts';

describe('what was read and downloaded: aggregate counts and who sees which figures', () => {
  useStatisticsTestApp();

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
