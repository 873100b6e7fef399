import type { Company, DataTablesPage, Edition, Exhibitor, PressBox } from '@pressroom/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { desktop, signedInPage, startJourney } from './journey-support.ts';
import { journeyUsers } from './journey-users.ts';
import { expectNoAxeViolations } from './press-content-support.ts';
import { startServer } from './support/server.ts';
import {
  demoSeed,
  expectNotification,
  openScreen,
  presetDarkMode,
  relaxedRateLimits,
  signInThroughApi,
} from './web-app.ts';

const staff = journeyUsers.companiesAdministrator;
const boss = journeyUsers.companyAdministrator;
const agent = journeyUsers.companyAgent;
const global = journeyUsers.globalAdministrator;

const journey = startJourney(() => startServer({ env: relaxedRateLimits, from: demoSeed() }));

/** A company of the staff's, with no press box yet, whose administrator and agent are the journey's. */
async function companyOfTheJourney(name: string) {
  const api = await apiAs(journey.server.url, global);
  const company = await api<Company>('/api/back_office/companies/', {
    json: { business_name: name, city: 'Sassuolo' },
  });
  const users = await api<DataTablesPage<{ id: number; email: string }>>(
    '/api/back_office/users/?format=datatables&length=-1',
  );
  for (const account of [boss, agent]) {
    const id = users.data.find((user) => user.email === account.email)!.id;
    await api(`/api/back_office/users/${id}/`, {
      method: 'PATCH',
      json: { user_type: 'COMPANY', company_id: company.id },
    });
  }
  return company;
}

async function pressBoxOf(companyId: number) {
  const api = await apiAs(journey.server.url, global);
  return api<PressBox>(`/api/back_office/press_boxes/${companyId}/`);
}

/** The edition the demo's exhibitors exhibit at, and how many they are. */
async function demoEdition() {
  const api = await apiAs(journey.server.url, staff);
  const editions = (await api<{ results: Edition[] }>('/api/back_office/editions/')).results;
  for (const edition of editions) {
    const { count } = await api<{ count: number }>(`/api/back_office/exhibitors/?edition=${edition.id}`);
    if (count > 0) return { edition, count };
  }
  throw new Error('the demo has no exhibitors');
}

async function describeIn(page: Page, language: string, text: string) {
  await page.getByTestId(`description-tab-${language}`).click();
  await page.getByTestId(`box-description-${language}`).fill(text);
}

describe('a company keeps its press box, its agent proposes and its administrator approves', () => {
  let company: Company;
  beforeAll(async () => {
    company = await companyOfTheJourney('Ceramiche Àurea');
  });

  it('fills the press box in Italian and English; the agent’s change waits until the administrator approves it', async () => {
    const { context, page } = await signedInPage(journey, boss, '/home', { context: { viewport: desktop } });
    await page.getByRole('link', { name: 'Press box', exact: true }).click();
    await page.getByTestId('press-box-company-name').waitFor();
    expect(await page.getByTestId('press-box-company-name').textContent()).toBe('Ceramiche Àurea');
    expect(await page.getByTestId('press-box-waits').count()).toBe(0);
    await expectNoAxeViolations(page);

    // A web site that is none: the contract's message under the field, nothing sent.
    await describeIn(page, 'it', 'Piastrelle in gres porcellanato dal 1962.');
    await describeIn(page, 'en', 'Porcelain stoneware tiles since 1962.');
    await page.getByTestId('box-website').fill('not a website');
    await page.getByTestId('save-box-fields').click();
    const describedBy = await page.getByTestId('box-website').getAttribute('aria-describedby');
    await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toBe('Url not valid');
    await page.getByTestId('box-website').fill('www.aurea.test');
    await page.getByTestId('save-box-fields').click();
    await expectNotification(page, 'success', 'The press box has been saved.');

    const logo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#a03020' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('press-box-logo-file')
      .setInputFiles({ name: 'aurea.png', mimeType: 'image/png', buffer: logo });
    await expectNotification(page, 'success', 'The logo has been saved.');
    await page.getByTestId('press-box-logo-image').waitFor();

    await page.getByTestId('add-box-contact').click();
    await page.getByTestId('save-box-contact').click();
    const nameDescribedBy = await page.getByTestId('box-contact-name').getAttribute('aria-describedby');
    await expect.poll(() => page.locator(`[id="${nameDescribedBy}"]`).textContent()).toBe('Field required');
    await expectNoAxeViolations(page);
    await page.getByTestId('box-contact-name').fill('Giulia Bassi');
    await page.getByTestId('box-contact-role-it').fill('Responsabile stampa');
    await page.getByTestId('box-contact-role-en').fill('Press officer');
    await page.getByTestId('box-contact-email').fill('stampa@aurea.test');
    await page.getByTestId('box-contact-phone').fill('+39 0536 123456');
    await page.getByTestId('box-contact-speaks-it').check();
    await page.getByTestId('box-contact-speaks-en').check();
    await page.getByTestId('save-box-contact').click();
    await expectNotification(page, 'success', 'The press contact has been added.');
    expect(await page.getByTestId('box-contact-row').textContent()).toContain('Speaks Italiano and English');

    // A portrait for the contact, shown in the row; then taken away again.
    const portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3060a0' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('box-contact-photo')
      .setInputFiles({ name: 'giulia.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await expectNotification(page, 'success', 'The photo has been saved.');
    const photoUrl = (await pressBoxOf(company.id)).contacts[0].photo_url;
    expect(photoUrl).toMatch(/^\/api\/site\/press_box_contacts\/\d+\/photo\/1\/$/);
    await page.getByTestId('box-contact-row').locator(`img[src="${photoUrl}"]`).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Remove the photo of Giulia Bassi' }).click();
    await expectNotification(page, 'success', 'The photo has been removed.');
    await expect.poll(() => page.getByTestId('box-contact-remove-photo').count()).toBe(0);
    expect(await page.getByTestId('box-contact-row').locator('img').count()).toBe(0);
    expect((await pressBoxOf(company.id)).contacts[0].photo_url).toBeNull();

    const filled = await pressBoxOf(company.id);
    expect({
      description: filled.description,
      website: filled.website,
      logo: filled.logo_url !== null,
      contacts: filled.contacts.map(({ name, role, email, phone, languages }) => ({
        name,
        role,
        email,
        phone,
        languages,
      })),
    }).toEqual({
      description: {
        it: 'Piastrelle in gres porcellanato dal 1962.',
        en: 'Porcelain stoneware tiles since 1962.',
      },
      website: 'http://www.aurea.test',
      logo: true,
      contacts: [
        {
          name: 'Giulia Bassi',
          role: { it: 'Responsabile stampa', en: 'Press officer' },
          email: 'stampa@aurea.test',
          phone: '+39 0536 123456',
          languages: ['it', 'en'],
        },
      ],
    });

    // The agent's change is kept, and waits: the press box still says what it said.
    const proposal = await signedInPage(journey, agent, '/admin/press-box', {
      context: { viewport: desktop },
    });
    await proposal.page.getByTestId('press-box-waits').waitFor();
    expect(await proposal.page.getByTestId('press-box-waits').textContent()).toBe(
      'Your changes wait for the approval of your company’s administrator before they are shown.',
    );
    expect(await proposal.page.getByTestId('box-description-en').inputValue()).toBe(
      'Porcelain stoneware tiles since 1962.',
    );
    await proposal.page.getByTestId('box-description-en').fill('Porcelain stoneware and mosaics since 1962.');
    await proposal.page.getByTestId('save-box-fields').click();
    await proposal.page
      .getByTestId('notification-info')
      .filter({
        hasText: 'Your change has been kept: it waits for your company administrator or the press office.',
      })
      .waitFor();
    await proposal.page.getByTestId('pending-change').waitFor();
    expect(await proposal.page.getByTestId('pending-change').textContent()).toContain('Waits for approval.');
    expect(await proposal.page.getByTestId('approve-change').count()).toBe(0);
    await expectNoAxeViolations(proposal.page);
    expect((await pressBoxOf(company.id)).description.en).toBe('Porcelain stoneware tiles since 1962.');
    await proposal.context.close();

    await page.reload();
    await page.getByTestId('pending-change').waitFor();
    expect(await page.getByTestId('pending-change-kind').textContent()).toBe('Description and web site');
    expect(await page.getByTestId('pending-change').textContent()).toContain(`Proposed by ${agent.email}`);
    await expectNoAxeViolations(page);
    await page.getByTestId('approve-change').click();
    await expectNotification(page, 'success', 'The change has been approved and applied.');
    await expect.poll(() => page.getByTestId('pending-change').count()).toBe(0);
    await page.getByTestId('description-tab-en').click();
    expect(await page.getByTestId('box-description-en').inputValue()).toBe(
      'Porcelain stoneware and mosaics since 1962.',
    );
    const approved = await pressBoxOf(company.id);
    expect({ description: approved.description, pending: approved.pending }).toEqual({
      description: {
        it: 'Piastrelle in gres porcellanato dal 1962.',
        en: 'Porcelain stoneware and mosaics since 1962.',
      },
      pending: [],
    });
    await context.close();
  });
});

describe('the association’s staff keep the exhibitors of an edition', () => {
  it('adds an exhibitor with two stands, changes its category and removes it', async () => {
    const api = await apiAs(journey.server.url, staff);
    const company = await api<Company>('/api/back_office/companies/', {
      json: { business_name: 'Mosaici Laguna', city: 'Venezia' },
    });
    const { edition, count } = await demoEdition();

    const { context, page } = await signedInPage(journey, staff, '/home', { context: { viewport: desktop } });
    await page
      .getByRole('list', { name: 'Back office' })
      .getByRole('link', { name: 'Exhibitors and stands', exact: true })
      .click();
    await page.getByTestId('exhibitors-edition').click();
    await page.getByRole('option', { name: new RegExp(`^${edition.name} `) }).click();
    await page.getByTestId('exhibitor-table-row').first().waitFor();
    expect(await page.getByTestId('exhibitor-table-row').count()).toBe(count);
    await expectNoAxeViolations(page);

    // Nothing chosen: the contract's messages, nothing sent.
    await page.getByTestId('new-exhibitor').click();
    await page.getByTestId('save-exhibitor').click();
    await page.getByRole('dialog').getByText('Field required').first().waitFor();
    expect(await page.getByRole('dialog').getByText('Field required').count()).toBe(3);
    await expectNoAxeViolations(page);

    await page.getByTestId('exhibitor-company').locator('input').fill('Laguna');
    await page.getByRole('option', { name: 'Mosaici Laguna' }).click();
    await page.getByTestId('exhibitor-hall-0').fill('5');
    await page.getByTestId('exhibitor-stand-0').fill('A12');
    await page.getByTestId('add-stand').click();
    await page.getByTestId('exhibitor-hall-1').fill('6');
    await page.getByTestId('exhibitor-stand-1').fill('B03');
    await page.getByTestId('exhibitor-category').click();
    await page.getByRole('option', { name: 'Design' }).click();
    await page.getByTestId('save-exhibitor').click();
    await expectNotification(page, 'success', 'The exhibitor has been added.');

    await page.getByTestId('exhibitor-table-search').fill('laguna');
    await expect.poll(() => page.getByTestId('exhibitor-table-row').count()).toBe(1);
    expect(await page.getByTestId('exhibitor-table-row').textContent()).toContain(
      'Hall 5, stand A12 · Hall 6, stand B03',
    );
    const listed = await api<{ results: Exhibitor[] }>(
      `/api/back_office/exhibitors/?edition=${edition.id}&page_size=1000`,
    );
    const added = listed.results.find((exhibitor) => exhibitor.company.id === company.id)!;
    expect({ category: added.category, stands: added.stands }).toEqual({
      category: 'design',
      stands: [
        { hall: '5', stand: 'A12' },
        { hall: '6', stand: 'B03' },
      ],
    });

    // The same hall and stand twice: the contract's message under the stands.
    await page.getByTestId('edit-exhibitor').click();
    await page.getByTestId('exhibitor-hall-1').fill('5');
    await page.getByTestId('exhibitor-stand-1').fill('a12');
    await page.getByTestId('save-exhibitor').click();
    expect(await page.getByTestId('exhibitor-stands-error').textContent()).toBe(
      'The same hall and stand is given twice.',
    );
    await page.getByTestId('exhibitor-stand-1').fill('C07');
    await page.getByTestId('save-exhibitor').click();
    await expectNotification(page, 'success', 'The exhibitor has been saved.');
    expect((await api<Exhibitor>(`/api/back_office/exhibitors/${added.id}/`)).stands).toEqual([
      { hall: '5', stand: 'A12' },
      { hall: '5', stand: 'C07' },
    ]);

    await page.getByTestId('remove-exhibitor').click();
    await page.getByTestId('remove-exhibitor-dialog-confirm').waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('remove-exhibitor-dialog-confirm').click();
    await expectNotification(page, 'success', 'The exhibitor has been removed.');
    await expect.poll(() => page.getByTestId('exhibitor-table-row').count()).toBe(0);
    const after = await api<{ count: number }>(`/api/back_office/exhibitors/?edition=${edition.id}`);
    expect(after.count).toBe(count);
    await context.close();
  });
});

describe('the exhibitors’ screens in dark mode and in Arabic', () => {
  for (const look of ['dark', 'arabic'] as const) {
    it(`pass axe in ${look === 'dark' ? 'dark mode' : 'Arabic'}`, async () => {
      const language = look === 'arabic' ? 'ar' : 'en';
      const context = await journey.browser.newContext({
        locale: 'en-GB',
        viewport: desktop,
        colorScheme: look === 'dark' ? 'dark' : 'light',
      });
      await signInThroughApi(context, journey.server.url, global, language);
      if (look === 'dark') await presetDarkMode(context);
      const asStaff = { context, page: await context.newPage() };
      const { edition } = await demoEdition();
      await openScreen(asStaff.page, journey.server.url, `/admin/exhibitors?edition=${edition.id}`);
      await asStaff.page.getByTestId('exhibitor-table-row').first().waitFor();
      await expectNoAxeViolations(asStaff.page);
      await asStaff.page.getByTestId('new-exhibitor').click();
      await asStaff.page.getByTestId('save-exhibitor').waitFor();
      await expectNoAxeViolations(asStaff.page);
      await asStaff.page.keyboard.press('Escape');

      // A demo exhibitor's press box: its logo, descriptions and contact.
      const api = await apiAs(journey.server.url, staff);
      const [first] = (
        await api<{ results: Exhibitor[] }>(`/api/back_office/exhibitors/?edition=${edition.id}`)
      ).results;
      await asStaff.page.goto(`${journey.server.url}/#/admin/press-box?company=${first!.company.id}`);
      await asStaff.page.getByTestId('box-contact-row').first().waitFor();
      await expectNoAxeViolations(asStaff.page);
      await asStaff.context.close();
    });
  }
});
