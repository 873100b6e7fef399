import { apiPaths, type Coverage } from '@pressroom/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations, journalist, startPressServer } from './press-content-support.ts';
import {
  expectNotification,
  openScreen,
  presetDarkMode,
  presetLanguage,
  signInThroughApi,
} from './web-app.ts';

const officer = journeyUsers.officer;
const title = 'Recycled glazes take the lead at the fair';
const address = 'https://www.ceramic-world.example/fairs/recycled-glazes';

/** A piece of the demo's coverage on the site (its path names the site): reporting it again names it. */
async function demoAddressOn(baseUrl: string) {
  const site = (await (await fetch(`${baseUrl}${apiPaths.siteInfo}`)).json()) as { name: string };
  const slug = site.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `https://www.ceramica-oggi.example/fiere/2026/${slug}-gres-riciclato-protagonista`;
}
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('coverage: a journalist reports a piece, the press office approves it, readers find it', () => {
  const journey = startJourney(() => startPressServer());

  it('takes a reported piece covering a release to its release and to "In the press"', async () => {
    // The journalist reports a piece from "My coverage"; an address already reported is refused by name.
    const demoAddress = await demoAddressOn(journey.server.url);
    const { page: reporter } = await signedInPage(journey, journalist, '/account/coverage', {
      context: { viewport: desktop },
    });
    await reporter.getByRole('heading', { level: 1, name: 'My coverage' }).waitFor();
    await reporter.getByTestId('coverage-report').click();
    const form = reporter.getByTestId('coverage-form');
    await form.waitFor();
    await form.getByTestId('coverage-url').fill(`${demoAddress}/?utm_source=newsletter`);
    await form.getByTestId('coverage-title').fill(title);
    await form.getByTestId('coverage-outlet').fill('Ceramic World Review');
    await form.getByTestId('coverage-published-on').fill(yesterday);
    await form.getByTestId('coverage-language').locator('input').fill('English');
    await form.locator('input[name=country]').fill('Ireland');
    await form.getByRole('combobox', { name: /Media type/ }).click();
    await reporter.getByRole('option', { name: 'Website', exact: true }).click();
    await form.getByTestId('coverage-reach').fill('25000');
    // What it covers: the newest release any reader can open, found by its title.
    const releases = (await (
      await fetch(`${journey.server.url}${apiPaths.pressReleases}?format=datatables&length=1`)
    ).json()) as { data: { id: number; title: string }[] };
    const release = releases.data[0];
    await form.getByTestId('coverage-releases').locator('input').fill(release.title);
    await reporter.getByRole('option', { name: release.title, exact: true }).click();
    const clipping = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    await form
      .getByTestId('coverage-clipping-input')
      .setInputFiles({ name: 'clipping.png', mimeType: 'image/png', buffer: clipping });
    await expectNoAxeViolations(reporter);
    await form.getByTestId('coverage-send').click();
    expect(await form.getByTestId('coverage-form-problem').textContent()).toBe(
      `This piece has already been reported: ${demoAddress}`,
    );
    await form.getByTestId('coverage-url').fill(`${address}/?utm_medium=social#top`);
    await form.getByTestId('coverage-send').click();
    await expectNotification(reporter, 'success', 'Thank you: the press office will review the piece.');
    const reports = await apiAs(journey.server.url, journalist);
    const [piece] = (await reports<{ data: Coverage[] }>(apiPaths.coverage)).data;
    expect({
      url: piece.url,
      title: piece.title,
      language: piece.language,
      country: piece.country,
      media_type: piece.media_type,
      reach: piece.reach,
      releases: piece.releases.map((covered) => covered.id),
      clipping: piece.clipping?.file_name,
    }).toEqual({
      url: address,
      title,
      language: 'en',
      country: 'IE',
      media_type: 'website',
      reach: 25_000,
      releases: [release.id],
      clipping: 'clipping.png',
    });
    const card = reporter.getByTestId(`my-coverage-${piece.id}`);
    expect(await card.getByTestId('coverage-status').textContent()).toBe('Waiting for approval');
    await expectNoAxeViolations(reporter);
    // While it waits, the journalist replaces the clipping with the PDF of the printed page.
    await card.getByTestId(`coverage-clipping-later-${piece.id}`).setInputFiles({
      name: 'page-12.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await expectNotification(reporter, 'success', 'The clipping page-12.pdf is kept.');
    await expect.poll(() => card.textContent()).toContain('page-12.pdf');
    // Their own copy comes back to them, named by what it saves.
    const [saved] = await Promise.all([
      reporter.waitForEvent('download'),
      card.getByRole('button', { name: 'Download the clipping page-12.pdf' }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe('page-12.pdf');

    // The press office approves it, in dark mode.
    const office = await journey.browser.newContext({ viewport: desktop, locale: 'en-GB' });
    await presetDarkMode(office);
    await signInThroughApi(office, journey.server.url, officer, 'en');
    const review = await office.newPage();
    await openScreen(review, journey.server.url, '/admin/coverage');
    const waiting = review.getByTestId(`coverage-office-${piece.id}`);
    await waiting.waitFor();
    expect(await waiting.getByTestId('coverage-reporter').textContent()).toContain('Anna Rossi');
    await expectNoAxeViolations(review);
    await waiting.getByTestId('coverage-approve').click();
    await expectNotification(review, 'success', `“${title}” is approved and public.`);
    await waiting.waitFor({ state: 'detached' });

    // An anonymous reader, in Arabic, finds it under the release and in "In the press".
    const reader = await journey.browser.newContext({ viewport: desktop, locale: 'ar' });
    await presetLanguage(reader, 'ar');
    const page = await reader.newPage();
    await openScreen(page, journey.server.url, `/press-release/${release.id}`);
    const section = page.getByTestId('release-coverage');
    await section.getByRole('heading', { name: 'التغطية الصحفية لهذا البيان' }).waitFor();
    expect(await section.getByRole('link', { name: new RegExp(title) }).getAttribute('href')).toBe(address);
    await openScreen(page, journey.server.url, '/in-the-press');
    await page.getByRole('heading', { level: 1, name: 'في الصحافة' }).waitFor();
    await page.getByTestId('coverage-filter-country').selectOption('IE');
    await page.getByTestId('coverage-filter-media-type').selectOption('website');
    await expect.poll(() => page.getByTestId('coverage-piece').count()).toBe(1);
    expect(await page.getByTestId('coverage-link').textContent()).toBe(title);
    await expect.poll(() => page.url()).toContain('country=IE');
    await expectNoAxeViolations(page);
    await reader.close();

    // The journalist enters the approved piece for the fair's journalism award (the demo's, open for entries).
    await openScreen(reporter, journey.server.url, '/account/award');
    await reporter.getByTestId('award-deadline').waitFor();
    const entryForm = reporter.getByTestId('award-entry-form');
    await entryForm.getByRole('combobox', { name: 'Your piece' }).click();
    await reporter.getByRole('option', { name: new RegExp(`^${title} \\(Ceramic World Review`) }).click();
    await entryForm
      .getByTestId('award-statement')
      .fill('Glazes made from the fair’s own waste, told by the kiln men.');
    await entryForm.getByTestId('award-enter').click();
    await expectNotification(reporter, 'success', 'Your piece is entered.');
    expect(await reporter.getByTestId('award-entry').allTextContents()).toEqual([
      expect.stringContaining(title),
    ]);
    await expectNoAxeViolations(reporter);

    // The press office puts a juror on the category's jury, in dark mode.
    const [award] = (
      await (
        await apiAs(journey.server.url, officer)
      )<{ items: { id: number }[] }>(apiPaths.awards)
    ).items;
    await openScreen(review, journey.server.url, '/admin/award');
    const design = review.getByTestId('award-category').first();
    await design.getByTestId('award-edit-jurors').click();
    const jury = review.getByTestId('award-jurors-dialog');
    await jury.getByLabel(new RegExp(journeyUsers.globalAdministrator.email)).check();
    await expectNoAxeViolations(review);
    await jury.getByTestId('award-jurors-save').click();
    await expectNotification(review, 'success', 'The jury is saved.');
    await jury.waitFor({ state: 'detached' });

    // The juror scores the entry, in Arabic.
    const jurorContext = await journey.browser.newContext({ viewport: desktop, locale: 'ar' });
    await presetLanguage(jurorContext, 'ar');
    await signInThroughApi(jurorContext, journey.server.url, journeyUsers.globalAdministrator, 'ar');
    const juror = await jurorContext.newPage();
    await openScreen(juror, journey.server.url, `/account/award/${award.id}/jury`);
    const entry = juror.getByTestId('jury-entry').filter({ hasText: title });
    await entry.waitFor();
    await entry.getByRole('combobox').click();
    await juror.getByRole('option', { name: '9', exact: true }).click();
    await entry.getByTestId('jury-save').click();
    await expectNotification(juror, 'success', 'حُفظت الدرجة.');
    await expectNoAxeViolations(juror);
    await jurorContext.close();

    // The office reads the ranking: the piece with its one score.
    await review.reload();
    const row = review.getByTestId('award-ranking-row').filter({ hasText: title });
    await row.waitFor();
    expect((await row.locator('td').allTextContents()).slice(2, 5)).toEqual(['Anna Rossi', '9', '1']);
    await office.close();
  });
});
