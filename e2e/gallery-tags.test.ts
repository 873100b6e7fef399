import { describe, expect, it } from 'vitest';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { officer, startOfficeServer } from './content-admin-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { expectNoAxeViolations, journalist } from './press-content-support.ts';
import { expectNotification } from './web-app.ts';

describe("a company's pictures across galleries", () => {
  const journey = startJourney(() => startOfficeServer());

  async function asAdministrator<T>(method: string, path: string, body?: unknown): Promise<T> {
    const signIn = await fetch(`${journey.server.url}/api/account/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoAdministrator.email, password: demoAdministrator.password }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const response = await fetch(`${journey.server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  it("the press office tags a picture with a company and a brand; a journalist lists that company's pictures", async () => {
    await asAdministrator('POST', '/api/back_office/companies/', { business_name: 'Ceramica Rossi' });
    await asAdministrator('POST', '/api/back_office/brands/', { name: 'Terra' });
    // A published gallery of the site with pictures (the demo's), as the journalist's tree shows it.
    type Node = { childs: Node[]; galleries: { id: number; image_count: number }[] };
    const tree = await asAdministrator<Node[]>('GET', '/api/press_room/gallery/tree/');
    const galleries = (nodes: Node[]): { id: number; image_count: number }[] =>
      nodes.flatMap((node) => [...node.galleries, ...galleries(node.childs)]);
    const gallery = galleries(tree).find((candidate) => candidate.image_count > 1);
    if (!gallery) throw new Error('the demo has no gallery with two pictures');

    const { context, page } = await signedInPage(journey, officer, `/admin/gallery?gallery=${gallery.id}`, {
      context: { viewport: desktop },
    });
    await page.getByTestId('edit-image').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('image-companies').fill('rossi');
    await page.getByRole('option', { name: 'Ceramica Rossi' }).click();
    await dialog.getByTestId('image-brands').fill('ter');
    await page.getByRole('option', { name: 'Terra' }).click();
    await expectNoAxeViolations(page);
    await dialog.getByTestId('save-image').click();
    await expectNotification(page, 'success', 'The changes have been saved.');
    await context.close();

    const reader = await signedInPage(journey, journalist, '/press-gallery', {
      context: { viewport: desktop },
    });
    const filter = reader.page.getByLabel('Company or brand');
    await filter.selectOption({ label: 'Ceramica Rossi' });
    await reader.page.getByRole('heading', { name: 'Pictures of Ceramica Rossi' }).waitFor();
    await expect.poll(() => reader.page.getByTestId('gallery-thumbnail').count()).toBe(1);
    expect(reader.page.url()).toMatch(/company=\d+/);
    await expectNoAxeViolations(reader.page);
    await filter.selectOption({ label: 'Terra' });
    await reader.page.getByRole('heading', { name: 'Pictures of Terra' }).waitFor();
    await expect.poll(() => reader.page.getByTestId('gallery-thumbnail').count()).toBe(1);
    await reader.context.close();
  });
});
