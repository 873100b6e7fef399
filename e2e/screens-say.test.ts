import { describe, expect, it } from 'vitest';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { startServer } from './support/server.ts';
import {
  chooseGalleryInTree,
  demoArchive,
  demoSeed,
  openScreen,
  relaxedRateLimits,
  webServerEnv,
} from './web-app.ts';

type Box = { x: number; y: number; width: number; height: number };
/** Whether two boxes share any pixel. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const administrator = journeyUsers.italianAdministrator;
const companiesAdministrator = journeyUsers.italianCompaniesAdministrator;

/** Two companies and a row that cannot be imported, as an Italian office saves it: `;` and a BOM. */
const csv = `\uFEFF${[
  'Ragione sociale;Città;E-mail',
  'Ceramiche Àurea S.p.A.;Sassuolo;stampa@aurea.test',
  'Gres Ñandú S.L.;Castellón de la Plana;ventas@nandu.test',
  'Piastrelle Sbagliate;Fiorano Modenese;non-una-email',
].join('\r\n')}\r\n`;

describe('what the screens say: counts, sizes, role names and refusals in the reader’s language', () => {
  const journey = startJourney(() =>
    startServer({
      env: webServerEnv(relaxedRateLimits),
      from: demoSeed(),
    }),
  );

  it('reports an import in Italian with each label agreeing with its count', async () => {
    const { context, page } = await signedInPage(journey, administrator, '/admin/imports/new', {
      language: 'it',
      context: { locale: 'it-IT', viewport: desktop },
    });
    await page.getByTestId('import-file').setInputFiles({
      name: 'aziende.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    expect(await page.getByTestId('chosen-file').textContent()).toBe(
      `aziende.csv (${Buffer.byteLength(csv)} byte)`,
    );
    await page.getByTestId('upload').click();
    await page.getByTestId('mapping-row').first().waitFor();
    await page.getByTestId('start-dry-run').click();
    await page.getByTestId('summary-dry_run').waitFor({ timeout: 30_000 });
    await page.getByTestId('start-import').click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });

    const report = page.getByTestId('summary-import');
    expect(await report.locator('dt').allTextContents()).toEqual([
      'Righe',
      'Create',
      'Aggiornate',
      'Saltata',
    ]);
    expect(await report.locator('dd').allTextContents()).toEqual(['3', '2', '0', '1']);
    await report.getByText('Righe saltate: 0 già aggiornate · 1 non valida · 0 doppioni · 0 vuote').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Storico importazioni' }).first().click();
    await page.getByTestId('import-table-row').first().waitFor();
    expect(await page.getByTestId('import-table-row').first().textContent()).toContain(
      '2 create, 0 aggiornate, 1 saltata',
    );
    await context.close();
  });

  it('counts a selection of one picture as "1 picture" before the download', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/press-gallery', {
      context: { viewport: desktop },
    });
    const archive = await demoArchive(journey.server.url);
    await chooseGalleryInTree(page, [archive.category, 'Exhibition', 'Halls'], `${archive.halls} (3)`);
    await page.getByRole('heading', { name: archive.halls }).waitFor();
    await page.getByText(/ · 3 pictures · /).waitFor();

    await page.getByRole('checkbox', { name: 'Select Hall A, opening day' }).check();
    await page.getByRole('button', { name: /^Download the selection \(ZIP\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Before you download' });
    await dialog
      .getByText(/^The ZIP holds 1 picture \(.+\) and a CREDITS\.txt file\. Credit the picture/)
      .waitFor();
    expect(await dialog.getByTestId('download-credits').textContent()).toMatch(/· 1 picture$/);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('says "signed in" for at most 4 s, on a phone and on a laptop, never over the sign-in button nor Home’s search', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      const context = await journey.browser.newContext({ locale: 'en-GB', viewport });
      // The page notes when the toast enters and leaves the document, on its own clock: how long it shows
      // is measured from the moment it appears, not from when the test got to look.
      await context.addInitScript(() => {
        const times: { shown?: number; gone?: number } = {};
        Object.assign(window, { toastTimes: times });
        new MutationObserver(() => {
          const shown = document.querySelector('[data-testid=notification-success]') !== null;
          if (shown && times.shown === undefined) times.shown = performance.now();
          if (!shown && times.shown !== undefined && times.gone === undefined) times.gone = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      await openScreen(page, journey.server.url, '/account/login');
      await page.locator('input[name=email]').fill(journalist.email);
      await page.locator('input[name=password]').fill(journalist.password);
      const signIn = page.locator('form button[type=submit]');
      const signInBox = (await signIn.boundingBox()) as Box;
      await signIn.click();
      const toast = page.getByTestId('notification-success');
      await toast.waitFor();
      expect(await toast.textContent()).toBe('Login successful!');
      const onSignIn = (await toast.boundingBox()) as Box;
      expect({ viewport, overSignIn: overlap(onSignIn, signInBox) }).toEqual({ viewport, overSignIn: false });

      // Sign-in lands on Home while the toast is still up: its search is the page's first action.
      await page.waitForURL(/#\/home$/);
      const search = page.getByRole('search');
      await search.waitFor();
      const onHome = (await toast.boundingBox()) as Box;
      const searchBox = (await search.boundingBox()) as Box;
      expect({ viewport, overSearch: overlap(onHome, searchBox) }).toEqual({ viewport, overSearch: false });
      expect(onHome.y + onHome.height).toBeLessThanOrEqual(viewport.height);
      // On a phone, what the keyboard reaches is scrolled above the toast while it shows.
      const scrollPadding = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom);
      expect(await scrollPadding()).toBe(viewport.width === 390 ? '72px' : 'auto');

      await toast.waitFor({ state: 'detached', timeout: 10_000 });
      const { shown, gone } = await page.evaluate(
        () => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes,
      );
      expect(gone - shown).toBeLessThan(4000);
      expect(await scrollPadding()).toBe('auto');
      await context.close();
    }
  });

  it('names the journalist’s role on the profile in the interface language', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/account/user-profile', {
      language: 'it',
      context: { locale: 'it-IT' },
    });
    const roles = page.locator('dt', { hasText: 'Gruppi' }).locator('xpath=following-sibling::dd[1]');
    await roles.getByText('Giornalista', { exact: true }).waitFor();
    expect(await roles.textContent()).toBe('Giornalista');
    await context.close();
  });

  it('tells a signed-in user who types the address of a screen they may not use, with a way back', async () => {
    for (const [language, title, back] of [
      ['en', 'No access to this page', 'Back to the press releases'],
      ['ar', 'لا يمكنك الوصول إلى هذه الصفحة', 'العودة إلى البيانات الصحفية'],
    ]) {
      const { context, page } = await signedInPage(journey, companiesAdministrator, '/press-gallery', {
        language,
      });
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: back }).click();
      await page.waitForURL(/#\/home$/);
      await context.close();
    }
  });
});
