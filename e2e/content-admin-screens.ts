/**
 * The back-office screens of press content (gallery, magazines, press kit, contact inbox) for
 * `npm run screenshots`, signed in as a user who may edit them. Not a test file.
 */
import type { Page } from 'playwright-core';
import { animationsSettled, demoArchive } from './web-app.ts';

interface AdminScreen {
  name: string;
  route: string;
  signedIn: true;
  as: { email: string; password: string };
  prepare?: (page: Page) => Promise<void>;
}

/** Opens a category, then a gallery of the first site's tree (the demo's "Halls" and its month, "September 2025"). */
async function openDemoGallery(page: Page) {
  const { halls } = await demoArchive(new URL(page.url()).origin);
  const tree = page.getByTestId('admin-gallery-tree');
  await tree.getByText('Halls', { exact: true }).first().click();
  await tree
    .getByText(new RegExp(`^${halls} \\(\\d+\\)`))
    .first()
    .click();
  await page.getByTestId('admin-image').first().waitFor();
  await page.waitForLoadState('networkidle');
}

export function contentAdminScreens(editor: { email: string; password: string }): AdminScreen[] {
  return [
    { name: 'gallery-admin', route: '/admin/gallery', signedIn: true, as: editor },
    {
      name: 'gallery-admin-category',
      route: '/admin/gallery',
      signedIn: true,
      as: editor,
      prepare: async (page) => {
        await page.getByTestId('admin-gallery-tree').getByText('Halls', { exact: true }).first().click();
        await page.getByTestId('category-heading').waitFor();
      },
    },
    {
      name: 'gallery-admin-gallery',
      route: '/admin/gallery',
      signedIn: true,
      as: editor,
      prepare: openDemoGallery,
    },
    {
      name: 'gallery-admin-image',
      route: '/admin/gallery',
      signedIn: true,
      as: editor,
      prepare: async (page) => {
        await openDemoGallery(page);
        await page.getByTestId('edit-image').first().click();
        await page.getByRole('dialog').waitFor();
        await animationsSettled(page);
      },
    },
    { name: 'magazines-admin', route: '/admin/magazines', signedIn: true, as: editor },
    {
      name: 'magazines-admin-new',
      route: '/admin/magazines',
      signedIn: true,
      as: editor,
      prepare: async (page) => {
        await page.getByTestId('new-magazine').click();
        await page.getByRole('dialog').waitFor();
        await animationsSettled(page);
      },
    },
    { name: 'press-kit-admin', route: '/admin/press-kit', signedIn: true, as: editor },
    {
      name: 'press-kit-admin-new',
      route: '/admin/press-kit',
      signedIn: true,
      as: editor,
      prepare: async (page) => {
        await page.getByTestId('new-document').click();
        await page.getByRole('dialog').waitFor();
        await animationsSettled(page);
      },
    },
    { name: 'contact-inbox', route: '/admin/contact-inbox', signedIn: true, as: editor },
    {
      name: 'contact-inbox-message',
      route: '/admin/contact-inbox',
      signedIn: true,
      as: editor,
      prepare: async (page) => {
        // The demo has no messages: one is sent with the signed-in user's token, as the contact form does.
        await page.evaluate(async () => {
          await fetch('/api/press_room/contact/', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `JWT ${window.localStorage.getItem('token')}`,
            },
            body: JSON.stringify({
              subject: 'Photos of the opening ceremony',
              message: 'Could you send us the high-resolution pictures of the opening?\nThank you.',
            }),
          });
        });
        await page.reload();
        await page.getByTestId('inbox-message').first().click();
        await page.getByTestId('message-reader').waitFor();
        await page.waitForLoadState('networkidle');
      },
    },
  ];
}
