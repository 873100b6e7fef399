import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, startJourney } from './journey-support.ts';
import { journalist, startPressServer } from './press-content-support.ts';
import {
  chooseGalleryInTree,
  demoArchive,
  expectNotification,
  openScreen,
  presetStoredItem,
} from './web-app.ts';

/** What has focus, as a screen reader would name it: the tag, and its test id, name or text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return null;
    return {
      tag: element.tagName.toLowerCase(),
      testId: element.getAttribute('data-testid'),
      name: element.getAttribute('name'),
      text: (element.textContent ?? '').trim(),
    };
  });
}

/** Focus on the h1 of the screen, with this text. */
const heading = (text: string) => ({ tag: 'h1', testId: null, name: null, text });

/** Opens the user menu and chooses Log out, with the keyboard only. */
async function logOutByKeyboard(page: Page) {
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('logout').waitFor();
  await page.keyboard.press('End');
  await expect.poll(() => focused(page).then((element) => element?.testId)).toBe('logout');
  await page.keyboard.press('Enter');
  await page.getByTestId('sign-in').waitFor();
}

describe('a reader keeps their place, by keyboard or by pointer', () => {
  const journey = startJourney(() => startPressServer());

  it('signs in and lands on the heading of Home, and after logging out there is on it again', async () => {
    const context = await journey.browser.newContext({ locale: 'en-GB' });
    // A browser that has had the guided tour of a first sign-in: no tour takes focus.
    await presetStoredItem(context, 'settings', JSON.stringify({ tourSeen: true }));
    const page = await context.newPage();
    await openScreen(page, journey.server.url, '/account/login');
    await page.getByLabel('E-mail').focus();
    await page.keyboard.type(journalist.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(journalist.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/home$/);
    await expect.poll(() => focused(page)).toEqual(heading('Press releases'));

    await logOutByKeyboard(page);
    await expect.poll(() => focused(page)).toEqual(heading('Press releases'));
    await context.close();
  });

  it('sends the contact form and is on the message that says so; writing another goes to the subject', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/contact-us');
    await page.getByLabel('Subject').focus();
    await page.keyboard.type('Opening hours');
    await page.keyboard.press('Tab');
    await page.keyboard.type('When does the press centre open on the first day?');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.text).toBe('Send');
    await page.keyboard.press('Enter');
    await page.getByTestId('contact-sent').waitFor();
    await expect.poll(() => focused(page).then((element) => element?.testId)).toBe('contact-sent');

    await page.keyboard.press('Tab');
    expect((await focused(page))?.text).toBe('Write another message');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page).then((element) => element?.name)).toBe('subject');
    await context.close();
  });

  it('opens the profile editor on its first field, is back on "Edit profile" once saved, and on Home after logging out', async () => {
    const { context, page } = await signedInPage(journey, journalist, '/account/user-profile');
    await page.getByTestId('edit-profile').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page).then((element) => element?.name)).toBe('first_name');
    await page.keyboard.press('Enter');
    await expectNotification(page, 'success', 'Your profile has been saved.');
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'button', testId: 'edit-profile', name: null, text: 'Edit profile' });

    await logOutByKeyboard(page);
    await page.waitForURL(/#\/home$/);
    await expect.poll(() => focused(page)).toEqual(heading('Press releases'));
    await context.close();
  });

  it("is back on the gallery's download button when the dialog closes, and sees a ring on the focused picture", async () => {
    const { context, page } = await signedInPage(journey, journalist, '/press-gallery');
    const archive = await demoArchive(journey.server.url);
    await chooseGalleryInTree(page, [archive.category, 'Exhibition', 'Halls'], `${archive.halls} (3)`);
    await page.getByTestId('gallery-thumbnail').nth(2).waitFor();

    const download = page.getByRole('button', { name: 'Download the gallery (ZIP)' });
    await download.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Credit: Photo: Tile Fair press office').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => focused(page).then((element) => element?.text))
      .toBe('Download the gallery (ZIP)');

    // Tab on to the first picture: its ring (dark inside light) is drawn over the picture.
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Tab');
      if ((await focused(page))?.testId === 'gallery-thumbnail') break;
    }
    expect((await focused(page))?.testId).toBe('gallery-thumbnail');
    const ring = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element, '::after').boxShadow,
    );
    expect(ring).toBe('rgb(31, 78, 121) 0px 0px 0px 3px inset, rgb(255, 255, 255) 0px 0px 0px 6px inset');
    await context.close();
  });

  it("wraps Home's embargo mark at 320 px, so the whole date shows", async () => {
    const { context, page } = await signedInPage(journey, journalist, '/home', {
      context: { viewport: { width: 320, height: 800 } },
    });
    const mark = page.getByTestId('embargo-mark').first();
    await mark.waitFor();
    const fit = await mark.evaluate((chip) => {
      const label = chip.querySelector('.MuiChip-label') as HTMLElement;
      const box = chip.getBoundingClientRect();
      return {
        labelCut: label.scrollWidth > label.clientWidth,
        insideWindow: box.left >= 0 && box.right <= window.innerWidth,
      };
    });
    expect(fit).toEqual({ labelCut: false, insideWindow: true });
    expect(await mark.textContent()).toMatch(/^Embargoed until \w+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M UTC$/);
    await context.close();
  });

  it('keeps a press made before the scroll back to the top on what it pressed, as a pointer user expects', async () => {
    const context = await journey.browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 720 },
    });
    const page = await context.newPage();
    // The page's clock runs as usual until paused: then the scroll reset's 200 ms pass only when told.
    await page.clock.install();
    await openScreen(page, journey.server.url, '/exhibitors');
    const exhibitors = page.locator('main a[href*="#/exhibitors/"]');
    await exhibitors.first().waitFor();
    await page.getByRole('link', { name: 'Programme' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor();

    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('link', { name: 'Exhibitors' }).first().click();
    const lowest = exhibitors.last();
    await lowest.waitFor();
    const address = await lowest.getAttribute('href');
    await lowest.scrollIntoViewIfNeeded();
    const box = await lowest.boundingBox();
    if (!box || !address) throw new Error('the last exhibitor of the directory has no box or address');
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The reset's time passes while the button is held: the page stays where the reader pressed.
    await page.clock.runFor(1_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.mouse.up();
    await page.clock.resume();
    await page.waitForURL((url) => url.hash === address);
    await context.close();
  });
});
