import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, programmeEvents } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { seedFinished } from './support/seed-once.ts';
import { type SeedCopy, startServer } from './support/server.ts';
import { demoSeed, relaxedRateLimits } from './web-app.ts';

/** The events written beside the demo, by key, with their ids and times once written. */
const events: Record<string, { id: number; slug: string; startsAt: Date; endsAt: Date }> = {};

/**
 * An instant as Rome's clock reads it, with the offset then ("15:30:00+02:00" in summer, "14:30:00+01:00" in
 * winter): the demo's fair is ten days after the day it is seeded, in either season.
 */
function romeClockWithOffset(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Rome',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute}:00${parts.timeZoneName.replace('GMT', '')}`;
}

/** An event's day and hours as the English page writes them in Rome, spaces plain. */
const romeDayAndHours = (start: Date, end: Date) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Rome' })
    .formatRange(start, end)
    .replace(/[\u2009\u202f]/g, ' ');
let removeCopy: () => Promise<void> = async () => {};

async function onTestServer(statement: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A copy of the demo with a small press programme of its own on its exhibitors' edition, written straight into the
 * copy's database before the server starts (PGlite lets one process at a time open it): a press conference of
 * the fair on the first day, an exhibitor's event on the second, and a talk cancelled.
 */
async function demoWithProgramme(): Promise<SeedCopy> {
  const seed = demoSeed();
  await seedFinished(seed);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-programme-'));
  await cp(seed.dataDir, dataDir, { recursive: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = serverUrl && seed.databaseName ? `e2e_programme_${Date.now()}_${process.pid}` : null;
  let url: string | undefined;
  if (serverUrl && databaseName) {
    await onTestServer(`CREATE DATABASE ${databaseName} TEMPLATE ${seed.databaseName}`);
    const address = new URL(serverUrl);
    address.pathname = `/${databaseName}`;
    url = address.toString();
  }
  removeCopy = async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (databaseName) await onTestServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
  const database = await openDatabase(
    url ? { url } : { pgliteDirectory: path.join(dataDir, 'pglite'), owner: 'the programme journey' },
  );
  try {
    const found = await database.db.execute(sql`
      select e.id, e.edition_id, ed.starts_on from exhibitors e
        join companies c on c.id = e.company_id join fair_editions ed on ed.id = e.edition_id
      where c.business_name = 'Céramiques de Provence' order by ed.ends_on desc limit 1`);
    const rows = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as {
      id: number;
      edition_id: number;
      starts_on: string;
    }[];
    const { id: provence, edition_id: editionId, starts_on: firstDay } = rows[0];
    const day = (offset: number, time: string) => {
      const date = new Date(`${String(firstDay).slice(0, 10)}T${time}Z`);
      return new Date(date.getTime() + offset * 86_400_000);
    };
    // The demo's own programme gives way to these three, so that the pages' lists are known exactly.
    await database.db.delete(programmeEvents).where(eq(programmeEvents.editionId, Number(editionId)));
    const written = await database.db
      .insert(programmeEvents)
      .values([
        {
          editionId: Number(editionId),
          type: 'press_conference',
          status: 'approved',
          title: {
            en: 'Opening press conference',
            it: 'Conferenza stampa di apertura',
            ar: 'المؤتمر الصحفي الافتتاحي',
          },
          description: {
            en: 'The president of the fair opens this edition and answers the press.',
            ar: 'يفتتح رئيس المعرض هذه الدورة ويجيب على أسئلة الصحافة.',
          },
          startsAt: day(0, '08:00:00'),
          endsAt: day(0, '09:00:00'),
          hall: '5',
          room: 'Sala Bianca',
          languages: ['it', 'en'],
        },
        {
          editionId: Number(editionId),
          exhibitorId: Number(provence),
          type: 'exhibitor_event',
          status: 'approved',
          title: { en: 'Provence glazes: a tasting', fr: 'Les émaux de Provence : une dégustation' },
          description: { en: 'Hand-glazed terracotta, fired in front of you.' },
          startsAt: day(1, '13:30:00'),
          endsAt: day(1, '14:30:00'),
          hall: '7',
          stand: 'D08',
          languages: ['fr', 'en'],
          signupRequired: true,
          capacity: 30,
        },
        {
          editionId: Number(editionId),
          type: 'talk',
          status: 'cancelled',
          title: { en: 'Ceramics and water' },
          startsAt: day(1, '07:00:00'),
          endsAt: day(1, '08:00:00'),
          hall: '10',
          languages: ['en'],
          sequence: 1,
          cancelReason: 'The speaker is ill.',
        },
      ])
      .returning({
        id: programmeEvents.id,
        startsAt: programmeEvents.startsAt,
        endsAt: programmeEvents.endsAt,
      });
    events.opening = { ...written[0], slug: 'opening-press-conference' };
    events.tasting = { ...written[1], slug: 'provence-glazes-a-tasting' };
    events.cancelled = { ...written[2], slug: 'ceramics-and-water' };
  } finally {
    await database.close();
  }
  return { dataDir, databaseName };
}

describe("the fair's press programme read from its public addresses, as crawlers and readers without JavaScript do", () => {
  const journey = startJourney(async () =>
    startServer({ env: { ...relaxedRateLimits }, from: await demoWithProgramme() }),
  );
  afterAll(() => removeCopy());

  const eventPath = (key: string) => `/programme/${events[key].id}-${events[key].slug}`;

  it("filters the programme and reads an exhibitor's event with JavaScript off on a 320 px screen", async () => {
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 320, height: 640 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const programme = await page.goto(`${journey.server.url}/programme/?lang=en`);
    expect(programme?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Press programme: /);
    expect(await page.locator('ul.events > li > a').allTextContents()).toEqual([
      'Opening press conference',
      'Ceramics and water',
      'Provence glazes: a tasting',
    ]);
    expect(await page.locator('ul.events li.cancelled .flag').allTextContents()).toEqual(['Cancelled']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The filters are a plain GET form.
    await page.getByLabel('Organiser').selectOption('exhibitor');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/organiser=exhibitor/);
    expect(await page.locator('ul.events > li > a').allTextContents()).toEqual([
      'Provence glazes: a tasting',
    ]);
    await page.getByRole('link', { name: 'Provence glazes: a tasting' }).click();

    await page.waitForURL(/\/programme\/\d+-provence-glazes-a-tasting\?lang=en$/);
    expect(page.url()).toBe(`${journey.server.url}${eventPath('tasting')}?lang=en`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Provence glazes: a tasting');
    // Intl's thin spaces as plain ones, without the marks isolating names inside sentences.
    const facts = (await page.locator('dl.facts dd').allTextContents()).map((text) =>
      text.replace(/[\u2009\u202f]/g, ' ').replace(/[\u2068\u2069]/g, ''),
    );
    // 13:30 UTC at Rome's hour of that day (summer or winter time).
    expect(facts[0]).toBe(
      `${romeDayAndHours(events.tasting.startsAt, events.tasting.endsAt)}Central European Time`,
    );
    expect(facts.slice(1)).toEqual(['Hall 7, stand D08', 'Céramiques de Provence', 'French and English']);
    expect(await page.getByRole('link', { name: 'Sign up in the press room' }).getAttribute('href')).toBe(
      `/#/programme/${events.tasting.id}`,
    );
    expect(await page.getByRole('link', { name: 'Add to my calendar (.ics)' }).getAttribute('href')).toBe(
      `/api/site/programme/${events.tasting.id}/event.ics`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const structured = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    ) as Record<string, unknown>;
    expect(structured).toMatchObject({
      '@type': 'Event',
      name: 'Provence glazes: a tasting',
      eventStatus: 'https://schema.org/EventScheduled',
      organizer: { '@type': 'Organization', name: 'Céramiques de Provence' },
    });
    expect(String(structured.startDate).endsWith(`T${romeClockWithOffset(events.tasting.startsAt)}`)).toBe(
      true,
    );

    // The organiser's name leads to its press box.
    await page.getByRole('link', { name: 'Céramiques de Provence' }).click();
    await page.waitForURL(/\/exhibitors\/\d+-ceramiques-de-provence\?lang=en$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Céramiques de Provence');

    const sitemap = await (await fetch(`${journey.server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${journey.server.url}${eventPath('tasting')}?lang=en</loc>`);
    await context.close();
  });

  it('passes axe on the programme, an event, a cancelled one and a missing one, in light, dark and Arabic', async () => {
    for (const options of [
      { colorScheme: 'light' as const, language: 'en' },
      { colorScheme: 'dark' as const, language: 'en' },
      { colorScheme: 'light' as const, language: 'ar' },
    ]) {
      const context = await journey.browser.newContext({
        locale: 'en-GB',
        viewport: desktop,
        colorScheme: options.colorScheme,
      });
      const page = await context.newPage();
      const direction = options.language === 'ar' ? 'rtl' : 'ltr';
      for (const [path, status] of [
        [`/programme/?lang=${options.language}`, 200],
        [`${eventPath('opening')}?lang=${options.language}`, 200],
        [`${eventPath('cancelled')}?lang=${options.language}`, 200],
        [`/programme/999999-nothing?lang=${options.language}`, 404],
      ] as const) {
        const response = await page.goto(`${journey.server.url}${path}`);
        expect([path, response?.status()]).toEqual([path, status]);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(direction);
        await expectNoAxeViolations(page);
      }
      await context.close();
    }
  });
});
