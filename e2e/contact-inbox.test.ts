import { describe, expect, it } from 'vitest';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { expectNotification } from './web-app.ts';

/** A journalist writes to the press office through the API, as the contact form does. */
async function sendContactMessage(baseUrl: string, subject: string, message: string) {
  const signIn = await fetch(`${baseUrl}/api/account/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(journalist),
  });
  const { token } = (await signIn.json()) as { token: string };
  const sent = await fetch(`${baseUrl}/api/press_room/contact/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({ subject, message }),
  });
  expect(sent.status).toBe(201);
}

describe('the press office reads the contact inbox', () => {
  const journey = startJourney(() => startOfficeServer());

  it('lists unread messages first, marks a message read when opened, and replies by e-mail', async () => {
    await sendContactMessage(
      journey.server.url,
      'Accreditation for the fair',
      'Can I get a press badge for Monday?',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sendContactMessage(
      journey.server.url,
      'Interview request',
      'Could I interview the president?\nThank you.',
    );

    const { context, page } = await signedInPage(journey, officer, '/home', {
      context: { viewport: desktop },
    });
    await page.getByRole('link', { name: 'Contact inbox' }).click();
    await page.waitForURL(/#\/admin\/contact-inbox/);
    const messages = page.getByTestId('inbox-message');
    const subjects = () =>
      messages.evaluateAll((items) =>
        items.map(
          (item) =>
            `${item.getAttribute('data-unread') === 'true' ? 'unread' : 'read'}: ${item.querySelector('[data-testid="inbox-subject"]')?.textContent}`,
        ),
      );
    await expect.poll(() => messages.count()).toBe(2);
    expect(await subjects()).toEqual(['unread: Interview request', 'unread: Accreditation for the fair']);
    await page.getByTestId('unread-count').getByText('Unread: 2').waitFor();
    await expectNoAxeViolations(page);

    // Opening the newest marks it read: the other unread one now comes first.
    await messages.first().click();
    const reader = page.getByTestId('message-reader');
    await reader.getByRole('heading', { name: 'Interview request' }).waitFor();
    // Name and address are isolated (U+2068 … U+2069) so they keep their direction in Arabic and Hebrew.
    await reader.getByText('From \u2068Anna Rossi\u2069 <\u2068anna.rossi@giornale.test\u2069>').waitFor();
    await reader.getByText(/read on /).waitFor();
    await page.getByTestId('unread-count').getByText('Unread: 1').waitFor();
    await expect.poll(subjects).toEqual(['unread: Accreditation for the fair', 'read: Interview request']);
    const reply = new URL((await page.getByTestId('reply-link').getAttribute('href')) as string);
    expect(reply.protocol).toBe('mailto:');
    expect(decodeURIComponent(reply.pathname)).toBe('anna.rossi@giornale.test');
    expect(reply.searchParams.get('subject')).toBe('Re: Interview request');
    expect(reply.searchParams.get('body')).toContain('> Could I interview the president?\n> Thank you.');
    await expectNoAxeViolations(page);

    // Back to unread, by choice.
    await page.getByTestId('mark-unread').click();
    await expectNotification(page, 'success', 'The message is marked as unread.');
    await page.getByTestId('unread-count').getByText('Unread: 2').waitFor();

    // Search narrows the list.
    await page.getByTestId('inbox-search').fill('badge');
    await expect.poll(() => messages.count()).toBe(1);
    await messages.getByText('Accreditation for the fair').waitFor();
    await context.close();
  });
});
