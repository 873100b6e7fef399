import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import {
  expectNotification,
  presetDarkMode,
  relaxedRateLimits,
  storedItem,
  webServerEnv,
} from './web-app.ts';

// The browser's language is used when supported; the language menu switches it, he and ar to right-to-left,
// and API calls ask for the chosen language so server messages come back translated.
describe('languages in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ env: webServerEnv(relaxedRateLimits) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const documentLanguage = (page: Page) =>
    page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      bodyDirection: getComputedStyle(document.body).direction,
    }));

  async function choose(page: Page, language: string) {
    await page.getByTestId('language-menu').click();
    await page.getByTestId(`language-${language}`).click();
  }

  it('uses the browser language when supported, English otherwise', async () => {
    const italian = await (await browser.newContext({ locale: 'it-IT' })).newPage();
    await italian.goto(`${server.url}/#/home`);
    await italian.getByRole('heading', { name: 'Comunicati stampa', level: 1 }).waitFor();
    expect(await documentLanguage(italian)).toEqual({ lang: 'it', dir: 'ltr', bodyDirection: 'ltr' });

    const japanese = await (await browser.newContext({ locale: 'ja-JP' })).newPage();
    await japanese.goto(`${server.url}/#/home`);
    await japanese.getByRole('heading', { name: 'Press releases', level: 1 }).waitFor();
    expect((await documentLanguage(japanese)).lang).toBe('en');
  });

  it('switches to Italian, then to Arabic right-to-left, and back to English left-to-right', async () => {
    const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    await page.goto(`${server.url}/#/account/login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();

    await choose(page, 'it');
    await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'it', dir: 'ltr', bodyDirection: 'ltr' });
    expect(await storedItem(page, 'language')).toBe('it');

    await choose(page, 'ar');
    await page.getByRole('heading', { name: 'تسجيل الدخول', level: 1 }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl', bodyDirection: 'rtl' });
    // The layout itself is mirrored: the language button sits on the left of the header.
    const middle = (page.viewportSize()?.width ?? 0) / 2;
    const button = await page.getByTestId('language-menu').boundingBox();
    expect(button && button.x < middle).toBe(true);

    await choose(page, 'en');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'en', dir: 'ltr', bodyDirection: 'ltr' });
    const back = await page.getByTestId('language-menu').boundingBox();
    expect(back && back.x > middle).toBe(true);

    // The choice survives a reload.
    await choose(page, 'he');
    // The new language is applied (and stored) before the page is reloaded.
    await page.getByRole('heading', { name: 'התחברות', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'התחברות', level: 1 }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'he', dir: 'rtl', bodyDirection: 'rtl' });
  });

  it('translates the login messages and the validation messages', async () => {
    const page = await (await browser.newContext({ locale: 'it-IT' })).newPage();
    await page.goto(`${server.url}/#/account/login`);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.getByText('E-mail richiesta').waitFor();
    await page.getByText('Password richiesta').waitFor();
    await page.locator('input[name=email]').fill('nobody@example.com');
    await page.locator('input[name=password]').fill('Whatever1!');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expectNotification(page, 'error', 'Credenziali Errate');
  });

  it('asks the server for the chosen language, so its answers come back translated', async () => {
    const page = await (await browser.newContext({ locale: 'it-IT' })).newPage();
    const languages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) languages.push(request.headers()['accept-language'] ?? '');
    });
    await page.goto(`${server.url}/#/account/forgot-password`);
    await page.locator('input[name=email]').fill('someone@example.com');
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await page.getByText('Se esiste un account per questo indirizzo').waitFor();
    expect(languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['it']));
  });
  it('serves the next visit its first frame in the look last painted: Arabic, right-to-left, dark', async () => {
    const viewport = { width: 1366, height: 900 };
    const context = await browser.newContext({ locale: 'en-GB', viewport });
    await presetDarkMode(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/home`);
    await page.getByTestId('language-menu').waitFor();
    await choose(page, 'ar');
    await expect.poll(async () => (await documentLanguage(page)).dir).toBe('rtl');
    const shellCookie = async () =>
      (await context.cookies()).find((cookie) => cookie.name === 'pressroom_shell')?.value ?? '';
    await expect.poll(shellCookie, { timeout: 5_000 }).toMatch(/^v1\.ar\.rtl\./);
    const painted = await page.evaluate(() => ({
      bar: getComputedStyle(document.querySelector('header') as Element).backgroundColor,
      page: getComputedStyle(document.body).backgroundColor,
    }));

    // The page as the server sends it, before any script: JavaScript off.
    const firstFrame = async (cookies: Awaited<ReturnType<typeof context.cookies>>) => {
      const bare = await browser.newContext({ javaScriptEnabled: false, viewport });
      await bare.addCookies(cookies);
      const shell = await bare.newPage();
      await shell.goto(`${server.url}/`);
      const html = shell.locator('html');
      const side = await shell.locator('.app-shell-side').boundingBox();
      const colours = {
        bar: await shell.locator('.app-shell-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor),
        page: await shell.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor),
      };
      const result = {
        lang: await html.getAttribute('lang'),
        dir: await html.getAttribute('dir'),
        sideAtStart: side?.x === 0,
        sideAtEnd: side ? Math.round(side.x + side.width) === viewport.width : false,
        colours,
      };
      await bare.close();
      return result;
    };
    const remembered = await firstFrame(await context.cookies());
    expect(remembered).toEqual({
      lang: 'ar',
      dir: 'rtl',
      sideAtStart: false,
      sideAtEnd: true,
      colours: painted,
    });
    // A browser the server has not seen gets the plain shell.
    const plain = await firstFrame([]);
    expect({ lang: plain.lang, dir: plain.dir, sideAtStart: plain.sideAtStart }).toEqual({
      lang: 'en',
      dir: 'ltr',
      sideAtStart: true,
    });
    expect(plain.colours).toEqual({ bar: 'rgb(31, 78, 121)', page: 'rgb(245, 246, 248)' });
    await context.close();
  });
});
