import { describe, expect, it } from 'vitest';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { startOfficeServer } from './content-admin-support.ts';
import { desktop, startJourney } from './journey-support.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { openScreen, presetLanguage } from './web-app.ts';

describe("a member company's releases: named on the release, a filter of Home, read next", () => {
  const journey = startJourney(() => startOfficeServer());

  /** The demo administrator calls the back office API, as its screens would. */
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

  it('a reader filters Home by company and brand, sees the company on the release and what to read next', async () => {
    const terra = await asAdministrator<{ id: number }>('POST', '/api/back_office/brands/', {
      name: 'Terra',
    });
    const rossi = await asAdministrator<{ id: number }>('POST', '/api/back_office/companies/', {
      business_name: 'Ceramica Rossi',
      website: 'https://ceramicarossi.example',
    });
    await asAdministrator('PUT', `/api/back_office/companies/${rossi.id}/brands/`, { brands: [terra.id] });
    // Three public releases of the site the reader will open (localhost's), newest first.
    const site = await asAdministrator<{ name: string }>('GET', '/api/site/');
    const groups = await asAdministrator<{ results: { id: number }[] }>(
      'GET',
      `/api/press_room/press_group/?name=${encodeURIComponent(site.name)}`,
    );
    const group = groups.results[0]?.id;
    // As the public reads it (the administrator would see releases under embargo too).
    const list = (await (
      await fetch(
        `${journey.server.url}/api/press_room/press_release/?format=datatables&length=3&group=${group}`,
      )
    ).json()) as { data: { id: number; title: string }[] };
    const [newest, second, third] = list.data;
    for (const release of [newest, third]) {
      await asAdministrator('PATCH', `/api/press_room/admin/press_release/${release.id}/`, {
        company_id: rossi.id,
      });
    }

    const reader = await journey.browser.newContext({ locale: 'en-GB', viewport: desktop });
    const page = await reader.newPage();
    await openScreen(page, journey.server.url, '/home');
    const titles = page.getByTestId('release-list').getByRole('heading');
    await expect.poll(() => titles.count()).toBeGreaterThan(2);
    await page.getByLabel('Company or brand').selectOption({ label: 'Ceramica Rossi (2)' });
    await expect.poll(() => titles.allTextContents()).toEqual([newest.title, third.title]);
    expect(page.url()).toContain(`company=${rossi.id}`);
    expect(await page.getByTestId('release-meta-company').allTextContents()).toEqual([
      'Ceramica Rossi',
      'Ceramica Rossi',
    ]);
    await expectNoAxeViolations(page);

    await page.getByTestId('release-list').getByRole('link').first().click();
    const company = page.getByTestId('release-company');
    await company.getByRole('link', { name: 'Ceramica Rossi: all its press releases' }).waitFor();
    expect(await company.getByRole('link', { name: 'ceramicarossi.example' }).getAttribute('href')).toBe(
      'https://ceramicarossi.example',
    );
    const next = page.getByTestId('related-releases').getByRole('link');
    await expect.poll(async () => (await next.allTextContents())[0]).toBe(third.title);
    expect(await next.allTextContents()).not.toContain(newest.title);
    await expectNoAxeViolations(page);

    await company.getByRole('link', { name: 'Terra: all press releases of its companies' }).click();
    await expect.poll(() => titles.allTextContents()).toEqual([newest.title, third.title]);
    expect(await page.getByLabel('Company or brand').inputValue()).toBe(`brand:${terra.id}`);
    expect(second.title).not.toBe(newest.title);
    await reader.close();

    // In Arabic the company line reads right to left beside an English release.
    const arabic = await journey.browser.newContext({ locale: 'ar', viewport: desktop });
    await presetLanguage(arabic, 'ar');
    const arabicPage = await arabic.newPage();
    await openScreen(arabicPage, journey.server.url, `/press-release/${newest.id}`);
    await arabicPage.getByTestId('release-company').getByText('من').waitFor();
    expect(await arabicPage.getByTestId('release-company').getAttribute('dir')).toBe('rtl');
    await expectNoAxeViolations(arabicPage);
    await arabic.close();
  });
});
