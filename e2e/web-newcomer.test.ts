import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './press-content-support.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { expectNotification, storedItem, webServerEnv } from './web-app.ts';

const sentAgain =
  'If an unverified account exists for this address, a new verification e-mail has been sent.';

// A journalist who has never been here: signs up, verifies the e-mail from a real SMTP server, signs in,
// finds the press area, edits the profile, changes the password, logs out and signs in with the new one.
describe('newcomer journey in the browser', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = 'ada.lovelace@example.com';
  const firstPassword = 'Ceramic$2026';
  const newPassword = 'Porcelain#2027';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ env: webServerEnv({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1' }) });
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  async function chooseOption(name: RegExp, option: string) {
    await page.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function signIn(password: string) {
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('opens the site on Home, public', async () => {
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/home');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Press releases');
    expect(await page.getByRole('link', { name: 'Privacy notice' }).isVisible()).toBe(true);
  });

  it('signs up with every field, seeing the password rule checked live', async () => {
    await page.getByTestId('sign-in').click();
    await page.getByRole('link', { name: /Register for the press area/ }).click();
    await page.getByRole('heading', { name: 'Press registration' }).waitFor();
    await page.locator('input[name=first_name]').fill('Ada');
    await page.locator('input[name=last_name]').fill('Lovelace');
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('ceramic');
    const rules = page.getByTestId('password-rules').locator('li');
    expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    await page.locator('input[name=password]').fill(firstPassword);
    expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')))).toEqual([
      'true',
      'true',
      'true',
      'true',
    ]);
    await page.locator('input[name=password_confirm]').fill(firstPassword);
    await chooseOption(/Qualification/, 'Journalist');
    await page.locator('input[name=newspaper]').fill('Ceramic Review');
    await page.locator('input[name=publishing_house]').fill('Analytical Press');
    await chooseOption(/Media type/, 'Magazines');
    await chooseOption(/Periodicity/, 'Weekly / monthly');
    await page.locator('input[name=printing_copies]').fill('12000');
    await chooseOption(/Sector/, 'Design');
    await page.locator('input[name=country]').fill('United Kingdom');
    await page.locator('input[name=province]').fill('London');
    await page.locator('input[name=cap]').fill('SW1A 1AA');
    expect(await page.getByTestId('registration-footer').textContent()).toContain('at least 18 years old');

    // Without the consent the form refuses, with the specification's message.
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('You have to accept').waitFor();
    await page.getByLabel(/I have read the privacy notice/).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain(email);
  });

  it('asks for the link again from the check-your-inbox page and from a sign-in before verifying', async () => {
    await page.getByTestId('resend-link').click();
    await page.getByText(sentAgain).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(firstPassword);
    const standing = page.getByTestId('sign-in-standing');
    await standing
      .getByText(
        'Your e-mail address is not verified yet: follow the link we sent you, or ask for a new one below.',
      )
      .waitFor();
    await standing.getByTestId('resend-link').click();
    await standing.getByText(sentAgain).waitFor();
    await expectNoAxeViolations(page);
    // Three verification mails in all (sign-up and two more), each with a working link.
    await expect
      .poll(() => smtp.messages.filter((message) => message.to.includes(email)).length, {
        timeout: 20_000,
      })
      .toBe(3);
  });

  it('receives the verification mail and follows its link', async () => {
    const mail = await smtp.waitFor((message) => message.to.includes(email), 20_000);
    const link = mail.links.find((url) => url.includes('/#/account/verify-account/user_id='));
    expect(link).toBeDefined();
    await page.goto(link as string);
    await page.getByText('Your account has been verified').waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
  });

  it('signs in, sees the success message, and lands on Home 1.5 s later', async () => {
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(firstPassword);
    await expectNotification(page, 'success', 'Login successful!');
    // Still on the login screen right after the message, on Home once the delay is over.
    expect(await page.evaluate(() => window.location.hash)).toBe('#/account/login');
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 5000 }).toBe('#/home');
    expect(JSON.parse((await storedItem(page, 'user')) ?? '{}').email).toBe(email);
    expect(await storedItem(page, 'token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('sees the press-area menu', async () => {
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of ['Press gallery', 'Italian magazines', 'Press kit', 'Contact us']) {
      await menu.getByRole('link', { name: item }).waitFor();
    }
    // Cut at 18 characters, full name kept for assistive technology and as a tooltip.
    const international = menu.getByRole('link', { name: 'International magazines' });
    expect((await international.textContent())?.trim()).toBe('International maga…');
    expect(await international.getAttribute('title')).toBe('International magazines');
  });

  it('edits the profile, press data included', async () => {
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('user-name').textContent()).toBe('Ada Lovelace');
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByText('Ceramic Review').waitFor();
    await page.getByTestId('edit-profile').click();
    await page.locator('input[name=newspaper]').fill('Tile Weekly');
    await page.locator('input[name=first_name]').fill('Augusta Ada');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectNotification(page, 'success', 'Your profile has been saved.');
    await page.getByText('Tile Weekly').waitFor();
    expect(JSON.parse((await storedItem(page, 'user')) ?? '{}').first_name).toBe('Augusta Ada');
  });

  it('changes the password', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.locator('input[name=old_password]').fill(firstPassword);
    await page.locator('input[name=password]').fill(newPassword);
    await page.locator('input[name=password_confirm]').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectNotification(page, 'success', 'Your password has been changed.');
  });

  it('logs out to Home', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/home');
    expect(await storedItem(page, 'token')).toBeNull();
    expect(await storedItem(page, 'user')).toBeNull();
    await page.getByTestId('sign-in').waitFor();
  });

  it('is refused the old password and signs in with the new one', async () => {
    await page.getByTestId('sign-in').click();
    await signIn(firstPassword);
    await expectNotification(page, 'error', 'Wrong credentials');
    await signIn(newPassword);
    await expectNotification(page, 'success', 'Login successful!');
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 5000 }).toBe('#/home');
  });
});
