import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { consents, openDatabase, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, runCli, startServer } from './support/server.ts';
import {
  journalistPassword,
  openScreen,
  presetDarkMode,
  relaxedRateLimits,
  signInThroughApi,
  storedItem,
} from './web-app.ts';

const journalist = { email: 'marta.bianchi@rivista.test', password: journalistPassword };

/**
 * The journalist's only consent is for an older notice. The row is written into the embedded database between
 * the command line and the server start (one process at a time may open it), so this file always runs on
 * PGlite, whatever the suite's database.
 */
async function startWithOldConsent(dataDir: string): Promise<RunningServer> {
  const env = { ...relaxedRateLimits, DATABASE_URL: '' };
  await runCli(
    [
      'create-user',
      '--email',
      journalist.email,
      '--password',
      journalist.password,
      '--first-name',
      'Marta',
      '--last-name',
      'Bianchi',
      '--groups',
      'user_press_room',
    ],
    { ...env, DATA_DIR: dataDir },
  );
  const database = await openDatabase({ pgliteDirectory: path.join(dataDir, 'pglite') });
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, journalist.email));
    await database.db.insert(consents).values({
      userId: user.id,
      acceptedAt: new Date('2024-03-01T09:00:00Z'),
      noticeVersion: '20240101',
      language: 'en',
    });
  } finally {
    await database.close();
  }
  return startServer({ dataDir, env });
}

describe('privacy: consent again, data download and account deletion', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-privacy-'));
    server = await startWithOldConsent(dataDir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('asks a journalist to accept the changed privacy notice after signing in', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await openScreen(page, server.url, '/account/login');
    await page.getByLabel('E-mail').fill(journalist.email);
    await page.locator('input[type="password"]').fill(journalist.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const dialog = page.getByRole('dialog', { name: 'Our privacy notice has changed' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Read the privacy notice' }).getAttribute('href')).toBe(
      '#/account/user-privacy',
    );
    // One dialog at a time: the guided tour of a first sign-in waits for the answer (once every screen part
    // has arrived, the tour's included).
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('guided-tour').count()).toBe(0);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'I have read it and accept' }).click();
    await page.getByText('Thank you. Your consent to the privacy notice has been recorded.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(JSON.parse((await storedItem(page, 'user')) ?? '{}').consent_required).toBe(false);
    await page.getByTestId('guided-tour').waitFor();
    await page.getByTestId('tour-skip').click();

    // The server agrees: signing in again does not ask.
    const again = await fetch(`${server.url}/api/account/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(journalist),
    });
    expect((await again.json()).user.consent_required).toBe(false);
    await context.close();
  });

  it('asks to confirm the account deletion in dark mode with readable colours', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await presetDarkMode(context);
    await signInThroughApi(context, server.url, journalist, 'en');
    const page = await context.newPage();
    await openScreen(page, server.url, '/account/user-profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByLabel('Current password').fill('Anything1!');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('downloads the data, then deletes the account after the password is confirmed', async () => {
    // The same journalist, who accepted the current notice in the step above: no dialog stands in the way.
    const context = await browser.newContext({ locale: 'en-GB', acceptDownloads: true });
    await signInThroughApi(context, server.url, journalist, 'en');
    const page = await context.newPage();
    await openScreen(page, server.url, '/account/user-profile');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^press-room-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(exported.profile.email).toBe(journalist.email);
    expect(exported.consents.map((consent: { version: string }) => consent.version)).toEqual([
      '20240101',
      '20261126',
    ]);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Current password').fill('Wrong_password1');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('The current password is not correct.').waitFor();

    await dialog.getByLabel('Current password').fill(journalist.password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByText('Your account and your data have been deleted.').waitFor();
    await page.waitForURL(/#\/home$/);
    expect(await storedItem(page, 'token')).toBeNull();

    const signIn = await fetch(`${server.url}/api/account/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(journalist),
    });
    expect(signIn.status).toBe(400);
    await context.close();
  });
});
