import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoJournalistPassword, demoJournalists } from '../apps/api/src/demo/demo-journalists.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, startPressServer } from './press-content-support.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { openScreen, presetLanguage } from './web-app.ts';

// The journalist's own answer about the press office's mail: at sign-up, on the profile, and the question asked
// once of an account that never answered. The demo's first journalist agreed; its last was never asked.
let smtp: TestSmtpServer;
const journey = startJourney(async () => {
  smtp = await startSmtpServer();
  return startPressServer({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '1' } });
});
const agreed = { email: demoJournalists[0].email, password: demoJournalistPassword };
const neverAsked = {
  email: demoJournalists[demoJournalists.length - 1].email,
  password: demoJournalistPassword,
};

const profileSwitch = (page: Page) => page.getByTestId('profile-press-mail').locator('input');

async function chooseOption(page: Page, name: RegExp, option: string) {
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs up through the form, the press-mail box ticked or not, and follows the verification mail's link. */
async function signUp(page: Page, email: string, pressMail: boolean) {
  const password = 'Ceramic$2026';
  await openScreen(page, journey.server.url, '/account/sign-up');
  await page.locator('input[name=first_name]').fill('Ines');
  await page.locator('input[name=last_name]').fill('Moreau');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password_confirm]').fill(password);
  await chooseOption(page, /Qualification/, 'Journalist');
  await page.locator('input[name=newspaper]').fill('Terre Cuite');
  await chooseOption(page, /Media type/, 'Magazines');
  await chooseOption(page, /Sector/, 'Design');
  await page.locator('input[name=country]').fill('France');
  await page.getByTestId('accept').locator('input').check();
  const box = page.getByTestId('sign-up-press-mail').locator('input');
  expect(await box.isChecked()).toBe(false);
  if (pressMail) await box.check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  const mail = await smtp.waitFor((message) => message.to.includes(email), 30_000);
  const link = mail.links.find((url) => url.includes('/#/account/verify-account/'));
  await page.goto(link ?? '');
  await page.getByText('Your account has been verified').waitFor();
  return { email, password };
}

describe("the journalist's answer about the press office's mail", () => {
  it('sign-up: the box is off until ticked; ticked, the profile shows the mail on; left alone, off; neither account is asked again', async () => {
    const context = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    await presetLanguage(context, 'en');
    const page = await context.newPage();
    const ticked = await signUp(page, 'ines.moreau@terre-cuite.test', true);
    const unticked = await signUp(page, 'paul.moreau@terre-cuite.test', false);
    await context.close();
    for (const [account, on] of [
      [ticked, true],
      [unticked, false],
    ] as const) {
      const signedIn = await signedInPage(journey, account, '/account/user-profile', {
        context: { viewport: desktop },
      });
      await expect.poll(() => profileSwitch(signedIn.page).isEnabled()).toBe(true);
      expect(await profileSwitch(signedIn.page).isChecked()).toBe(on);
      expect(await signedIn.page.getByTestId('press-mail-question').count()).toBe(0);
      await signedIn.context.close();
    }
  });

  it('profile: withdrawing and agreeing again each hold after a reload', async () => {
    const { context, page } = await signedInPage(journey, agreed, '/account/user-profile', {
      context: { viewport: desktop },
    });
    const reloaded = async () => {
      await openScreen(page, journey.server.url, '/account/user-profile');
      await expect.poll(() => profileSwitch(page).isEnabled()).toBe(true);
      return profileSwitch(page).isChecked();
    };
    expect(await reloaded()).toBe(true);
    await expectNoAxeViolations(page);
    // The switch shows the server's answer: it turns once the choice is saved, not at the click.
    await profileSwitch(page).click();
    await page.getByText('You will not receive the press office’s mail.').waitFor();
    expect(await reloaded()).toBe(false);
    await profileSwitch(page).click();
    await page.getByText('You will receive the press office’s mail.').waitFor();
    expect(await reloaded()).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('the question: shown to an account that never answered, gone once answered, not back at the next sign-in', async () => {
    const first = await signedInPage(journey, neverAsked, '/home', { context: { viewport: desktop } });
    const question = first.page.getByTestId('press-mail-question');
    await question.waitFor();
    await expectNoAxeViolations(first.page);
    await question.getByTestId('press-mail-yes').click();
    await question.waitFor({ state: 'detached' });
    await first.context.close();

    const again = await signedInPage(journey, neverAsked, '/account/user-profile', {
      context: { viewport: desktop },
    });
    await expect.poll(() => profileSwitch(again.page).isEnabled()).toBe(true);
    expect(await profileSwitch(again.page).isChecked()).toBe(true);
    expect(await again.page.getByTestId('press-mail-question').count()).toBe(0);
    await again.context.close();
  });
});
