import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  apiPaths,
  type PressBox,
  type PressBoxChangeWaiting,
  pressBoxContactsMax,
  type Role,
} from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatBytes } from '../../lib/zip-download.ts';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { multipart, sampleJpeg, samplePng, temporaryDataDir } from '../../test-support/press-content.ts';
import { logoMaxBytes } from './press-box.ts';
import { insertCompany, insertPressBoxContact } from './test-factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;
let companyId: number;
let otherCompanyId: number;
let as: Record<
  'admin' | 'agent' | 'otherAdmin' | 'staff' | 'pressOffice' | 'journalist',
  Record<string, string>
>;

async function headersOf(roles: Role[], company: number | null = null) {
  const user = await createUser(context.app, {
    roles,
    companyId: company,
    userType: company === null ? 'USER' : 'COMPANY',
  });
  return authHeader(await tokenFor(context.app, user));
}

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  context = await createTestApp({ config: { dataDir: dataDir.dir } });
});

afterAll(async () => {
  await context.close();
  await dataDir.remove();
});

beforeEach(async () => {
  await context.db.execute(sql`truncate companies, press_box_changes restart identity cascade`);
  companyId = (await insertCompany(context.db, { name: 'Ceramiche Emilia' })).id;
  otherCompanyId = (await insertCompany(context.db, { name: 'Lastra Tiles' })).id;
  as = {
    admin: await headersOf(['administrator_press_room_external_company'], companyId),
    agent: await headersOf(['agent_press_room_external_company'], companyId),
    otherAdmin: await headersOf(['administrator_press_room_external_company'], otherCompanyId),
    staff: await headersOf(['administrator_associated_companies']),
    pressOffice: await headersOf(['administrator_press_room']),
    journalist: await headersOf(['user_press_room']),
  };
});

const boxUrl = (company = companyId) => apiPaths.pressBox(company);

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
}

async function box(headers = as.admin): Promise<PressBox> {
  const response = await call('GET', boxUrl(), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PressBox;
}

function uploadLogo(
  headers: Record<string, string>,
  fileName: string,
  content: Buffer,
  extra: Record<string, string> = {},
) {
  const body = multipart({}, [{ field: 'logo', fileName, contentType: 'image/png', content }]);
  return context.app.inject({
    method: 'PUT',
    url: `${boxUrl()}logo/`,
    headers: { ...headers, ...body.headers, ...extra },
    payload: body.payload,
  });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir.dir, 'uploads', 'press-boxes');
  const found: string[] = [];
  for (const folder of await readdir(root).catch(() => [] as string[])) {
    for (const file of await readdir(path.join(root, folder))) found.push(`${folder}/${file}`);
  }
  return found;
}

describe('who may edit a press box', () => {
  it("lets the company's administrator and the press office change it at once", async () => {
    for (const [who, website] of [
      ['admin', 'https://emilia.example'],
      ['pressOffice', 'https://office.example'],
    ] as const) {
      const response = await call('PATCH', boxUrl(), as[who], { website });
      expect(response.statusCode, who).toBe(200);
      expect((response.json() as PressBox).website).toBe(website);
    }
  });

  it("keeps an agent's change waiting, and refuses other companies, journalists and anonymous callers", async () => {
    expect((await call('PATCH', boxUrl(), as.agent, { website: 'https://agent.example' })).statusCode).toBe(
      202,
    );
    expect((await call('PATCH', boxUrl(), as.otherAdmin, { website: 'https://x.example' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', boxUrl(), as.otherAdmin)).statusCode).toBe(403);
    expect((await call('PATCH', boxUrl(), as.journalist, { website: 'https://x.example' })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', boxUrl(), {}, { website: 'https://x.example' })).statusCode).toBe(401);
    expect((await call('GET', boxUrl(9999), as.pressOffice)).statusCode).toBe(404);
    expect((await box()).website).toBe('');
  });

  it("refuses the association's staff every operation on a press box, reading included, and changes nothing", async () => {
    const added = await call('POST', `${boxUrl()}contacts/`, as.admin, {
      name: 'Giulia Neri',
      email: 'giulia@emilia.example',
      phone: '+39 0536 000000',
    });
    const [contact] = (added.json() as PressBox).contacts;
    await call('PATCH', boxUrl(), as.admin, { description: { en: 'Porcelain tiles' } });
    const proposed = await call('PATCH', boxUrl(), as.agent, { website: 'https://agent.example' });
    const { change } = proposed.json() as PressBoxChangeWaiting;
    const before = await box();

    const image = await samplePng();
    const form = (field: string) =>
      multipart({}, [{ field, fileName: 'logo.png', contentType: 'image/png', content: image }]);
    const attempts: [string, () => ReturnType<typeof call>][] = [
      ['read', () => call('GET', boxUrl(), as.staff)],
      ['fields', () => call('PATCH', boxUrl(), as.staff, { website: 'https://staff.example' })],
      [
        'logo',
        () => {
          const body = form('logo');
          return context.app.inject({
            method: 'PUT',
            url: `${boxUrl()}logo/`,
            headers: { ...as.staff, ...body.headers },
            payload: body.payload,
          });
        },
      ],
      ['logo removed', () => call('DELETE', `${boxUrl()}logo/`, as.staff)],
      ['contact added', () => call('POST', `${boxUrl()}contacts/`, as.staff, { name: 'Staff' })],
      ['order', () => call('PUT', `${boxUrl()}contacts/order/`, as.staff, { contacts: [contact.id] })],
      [
        'contact changed',
        () => call('PATCH', `${boxUrl()}contacts/${contact.id}/`, as.staff, { phone: '1' }),
      ],
      ['contact removed', () => call('DELETE', `${boxUrl()}contacts/${contact.id}/`, as.staff)],
      [
        'photo',
        () => {
          const body = form('photo');
          return context.app.inject({
            method: 'PUT',
            url: `${boxUrl()}contacts/${contact.id}/photo/`,
            headers: { ...as.staff, ...body.headers },
            payload: body.payload,
          });
        },
      ],
      ['photo removed', () => call('DELETE', `${boxUrl()}contacts/${contact.id}/photo/`, as.staff)],
      ['approve', () => call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.staff)],
      ['reject', () => call('POST', `${boxUrl()}changes/${change.id}/reject/`, as.staff)],
      ['proposed file', () => call('GET', `${boxUrl()}changes/${change.id}/file/`, as.staff)],
    ];
    const files = await storedFiles();
    for (const [what, attempt] of attempts) {
      const response = await attempt();
      expect({ what, status: response.statusCode, body: response.json() }).toEqual({
        what,
        status: 403,
        body: { detail: 'You do not have permission to perform this action.' },
      });
    }
    expect(await box()).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it("keeps no change of an agent's that names no field", async () => {
    const nothing = await call('PATCH', boxUrl(), as.agent, {});
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect((nothing.json() as PressBox).pending).toEqual([]);
  });
});

describe("an agent's change", () => {
  it('waits for the company administrator and applies when approved', async () => {
    const proposed = await call('PATCH', boxUrl(), as.agent, {
      description: { en: 'Porcelain tiles since 1962', it: 'Gres porcellanato dal 1962' },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const waiting = proposed.json() as PressBoxChangeWaiting;
    expect(waiting.detail).toBe(
      'Your change has been kept: it waits for your company administrator or the press office.',
    );
    expect(waiting.change).toMatchObject({
      kind: 'fields',
      status: 'pending',
      payload: { description: { en: 'Porcelain tiles since 1962', it: 'Gres porcellanato dal 1962' } },
    });

    const before = await box();
    expect(before.description).toEqual({});
    expect(before.pending.map((change) => change.id)).toEqual([waiting.change.id]);
    expect((await box(as.agent)).applies_directly).toBe(false);

    const approveUrl = `${boxUrl()}changes/${waiting.change.id}/approve/`;
    expect((await call('POST', approveUrl, as.agent)).statusCode).toBe(403);
    const approved = await call('POST', approveUrl, as.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      description: { en: 'Porcelain tiles since 1962', it: 'Gres porcellanato dal 1962' },
      pending: [],
    });

    const again = await call('POST', approveUrl, as.pressOffice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This change has already been approved or rejected.' });
  });

  it('holds at most so many contacts: one more is refused in words, directly or when its proposal is approved', async () => {
    for (let index = 0; index < pressBoxContactsMax - 1; index += 1) {
      await insertPressBoxContact(context.db, { companyId, name: `Contact ${index}` });
    }
    const proposed = await call('POST', `${boxUrl()}contacts/`, as.agent, { name: 'Giulia Neri' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const last = await call('POST', `${boxUrl()}contacts/`, as.admin, { name: 'Marco Verdi' });
    expect(last.statusCode, last.body).toBe(200);
    const full = {
      detail: `A press box holds at most ${pressBoxContactsMax} contacts: remove one before adding another.`,
    };
    const refused = await call('POST', `${boxUrl()}contacts/`, as.admin, { name: 'One too many' });
    expect([refused.statusCode, refused.json()]).toEqual([409, full]);
    const { change } = proposed.json() as PressBoxChangeWaiting;
    const approval = await call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.pressOffice);
    expect([approval.statusCode, approval.json()]).toEqual([409, full]);
    expect((await box()).contacts).toHaveLength(pressBoxContactsMax);
  });

  it('changes nothing when rejected', async () => {
    const proposed = await call('POST', `${boxUrl()}contacts/`, as.agent, { name: 'Giulia Neri' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { change } = proposed.json() as PressBoxChangeWaiting;
    const rejected = await call('POST', `${boxUrl()}changes/${change.id}/reject/`, as.pressOffice);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ contacts: [], pending: [] });
  });

  it("waits for a contact's change too, and applies only the fields it named", async () => {
    const added = await call('POST', `${boxUrl()}contacts/`, as.admin, {
      name: 'Giulia Neri',
      role: { en: 'Press officer', it: 'Addetta stampa', fr: '' },
      email: 'giulia@emilia.example',
      phone: '+39 0536 000000',
      languages: ['it', 'en', 'it'],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [contact] = (added.json() as PressBox).contacts;
    expect(contact).toMatchObject({
      name: 'Giulia Neri',
      role: { en: 'Press officer', it: 'Addetta stampa' },
      email: 'giulia@emilia.example',
      phone: '+39 0536 000000',
      languages: ['it', 'en'],
      photo_url: null,
    });

    const proposed = await call('PATCH', `${boxUrl()}contacts/${contact.id}/`, as.agent, {
      phone: '+39 0536 111111',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { change } = proposed.json() as PressBoxChangeWaiting;
    expect(change).toMatchObject({
      kind: 'contact_changed',
      contact: contact.id,
      payload: { phone: '+39 0536 111111' },
    });
    expect((await box()).contacts[0].phone).toBe('+39 0536 000000');

    const approved = await call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.admin);
    expect((approved.json() as PressBox).contacts).toEqual([{ ...contact, phone: '+39 0536 111111' }]);

    const elsewhere = await call(
      'PATCH',
      `${apiPaths.pressBox(otherCompanyId)}contacts/${contact.id}/`,
      as.pressOffice,
      {
        phone: '1',
      },
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('the press box fields', () => {
  it('writes only the fields a PATCH names', async () => {
    await call('PATCH', boxUrl(), as.admin, {
      website: 'www.emilia.example',
      description: { en: 'Tiles', de: 'Fliesen' },
    });
    const description = await call('PATCH', boxUrl(), as.admin, { description: { it: 'Piastrelle' } });
    expect(description.json()).toMatchObject({
      website: 'http://www.emilia.example',
      description: { it: 'Piastrelle' },
    });
    const website = await call('PATCH', boxUrl(), as.admin, { website: 'https://emilia.example' });
    expect(website.json()).toMatchObject({
      website: 'https://emilia.example',
      description: { it: 'Piastrelle' },
    });
  });

  it('refuses a bad web address or language with translated messages', async () => {
    const response = await context.app.inject({
      method: 'PATCH',
      url: boxUrl(),
      headers: { ...as.admin, 'accept-language': 'it' },
      payload: { website: 'ftp://emilia.example', description: { xx: 'Tiles' } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['description', 'website']);
    expect(response.json().website).toEqual(['Url non valido']);
    expect((await box()).website).toBe('');
  });
});

describe('the logo', () => {
  it('keeps a raster image re-encoded as a PNG and serves it', async () => {
    const response = await uploadLogo(as.admin, 'logo.jpg', await samplePng(1600, 400));
    expect(response.statusCode, response.body).toBe(200);
    const logoUrl = (response.json() as PressBox).logo_url;
    expect(logoUrl).toBe(`/api/site/press_boxes/${companyId}/logo/1/`);
    const served = await context.app.inject({ method: 'GET', url: logoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 800,
      height: 200,
    });
  });

  it('refuses bytes that are no image, whatever their name, with a translated message, and keeps nothing', async () => {
    const filesBefore = await storedFiles();
    for (const [language, message] of [
      ['en', 'The logo logo.png must be a JPEG, PNG or WebP image.'],
      ['fr', 'Le logo logo.png doit être une image JPEG, PNG ou WebP.'],
    ]) {
      const response = await uploadLogo(as.admin, 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'), {
        'accept-language': language,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ logo: [message] });
    }
    expect((await box()).logo_url).toBeNull();
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a logo over its size while it arrives, keeping nothing', async () => {
    const filesBefore = await storedFiles();
    const limit = Math.min(context.config.uploadMaxBytes, logoMaxBytes);
    const big = Buffer.concat([await samplePng(10, 10), Buffer.alloc(limit)]);
    const response = await uploadLogo(as.admin, 'big.png', big);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      logo: [`The file big.png is larger than the limit of ${formatBytes(limit)}.`],
    });
    expect((await box()).logo_url).toBeNull();
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("keeps an agent's logo waiting until approved", async () => {
    const response = await uploadLogo(as.agent, 'logo.png', await samplePng(200, 200));
    expect(response.statusCode, response.body).toBe(202);
    const { change } = response.json() as PressBoxChangeWaiting;
    expect(change.file_url).toBe(`${boxUrl()}changes/${change.id}/file/`);
    expect((await call('GET', change.file_url!, as.admin)).statusCode).toBe(200);
    expect((await box()).logo_url).toBeNull();
    await call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.admin);
    expect((await box()).logo_url).toBe(`/api/site/press_boxes/${companyId}/logo/1/`);
  });
});

describe("a contact's photo and removal", () => {
  async function contactOf(): Promise<PressBox['contacts'][number]> {
    const added = await call('POST', `${boxUrl()}contacts/`, as.admin, { name: 'Giulia Neri' });
    return (added.json() as PressBox).contacts[0];
  }

  function uploadPhoto(headers: Record<string, string>, contactId: number, content: Buffer) {
    const body = multipart({}, [
      { field: 'photo', fileName: 'giulia.jpg', contentType: 'image/jpeg', content },
    ]);
    return context.app.inject({
      method: 'PUT',
      url: `${boxUrl()}contacts/${contactId}/photo/`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it("keeps an agent's photo waiting, then shows it as a square JPEG once approved", async () => {
    const contact = await contactOf();
    const proposed = await uploadPhoto(as.agent, contact.id, await sampleJpeg(900, 600));
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { change } = proposed.json() as PressBoxChangeWaiting;
    expect(change).toMatchObject({ kind: 'contact_photo', contact: contact.id });
    expect((await box()).contacts[0].photo_url).toBeNull();

    const approved = await call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.admin);
    const photoUrl = (approved.json() as PressBox).contacts[0].photo_url;
    expect(photoUrl).toBe(`/api/site/press_box_contacts/${contact.id}/photo/1/`);
    const served = await context.app.inject({ method: 'GET', url: photoUrl! });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 400,
      height: 400,
    });
  });

  it("removes a contact once an agent's removal is approved, and a logo at once for its administrator", async () => {
    const contact = await contactOf();
    const proposed = await call('DELETE', `${boxUrl()}contacts/${contact.id}/`, as.agent);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await box()).contacts.map((row) => row.id)).toEqual([contact.id]);
    const { change } = proposed.json() as PressBoxChangeWaiting;
    const approved = await call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.pressOffice);
    expect(approved.json()).toMatchObject({ contacts: [], pending: [] });

    await uploadLogo(as.admin, 'logo.png', await samplePng(200, 100));
    const removed = await call('DELETE', `${boxUrl()}logo/`, as.admin);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as PressBox).logo_url).toBeNull();
  });

  it("removes a contact's photo at once for its administrator, and after approval for an agent", async () => {
    const contact = await contactOf();
    expect((await uploadPhoto(as.admin, contact.id, await sampleJpeg(600, 600))).statusCode).toBe(200);
    expect((await box()).contacts[0].photo_url).toBe(`/api/site/press_box_contacts/${contact.id}/photo/1/`);

    const proposed = await call('DELETE', `${boxUrl()}contacts/${contact.id}/photo/`, as.agent);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((proposed.json() as PressBoxChangeWaiting).change).toMatchObject({
      kind: 'photo_removed',
      contact: contact.id,
    });
    expect((await box()).contacts[0].photo_url).not.toBeNull();
    await call(
      'POST',
      `${boxUrl()}changes/${(proposed.json() as PressBoxChangeWaiting).change.id}/reject/`,
      as.admin,
    );

    const removed = await call('DELETE', `${boxUrl()}contacts/${contact.id}/photo/`, as.admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as PressBox).contacts[0]).toMatchObject({ name: 'Giulia Neri', photo_url: null });
    // The photo's former address shows nothing any more.
    const former = await context.app.inject({
      method: 'GET',
      url: `/api/site/press_box_contacts/${contact.id}/photo/1/`,
    });
    expect(former.statusCode).toBe(404);
  });

  it("refuses another company's contact's photo as absent", async () => {
    const contact = await contactOf();
    const response = await call('DELETE', `${boxUrl()}contacts/${contact.id}/photo/`, as.otherAdmin);
    expect(response.statusCode).toBe(403);
    const elsewhere = await call(
      'DELETE',
      `${boxUrl(otherCompanyId)}contacts/${contact.id}/photo/`,
      as.pressOffice,
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe("the contacts' order", () => {
  async function threeContacts() {
    for (const name of ['Anna', 'Bruno', 'Carla']) {
      await call('POST', `${boxUrl()}contacts/`, as.admin, { name });
    }
    return (await box()).contacts.map((contact) => contact.id);
  }
  const names = (answer: PressBox) => answer.contacts.map((contact) => contact.name);

  it('puts the contacts in the order given, at once for the administrator, and in the public press box', async () => {
    const [anna, bruno, carla] = await threeContacts();
    const response = await call('PUT', `${boxUrl()}contacts/order/`, as.admin, {
      contacts: [carla, anna, bruno],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(names(response.json() as PressBox)).toEqual(['Carla', 'Anna', 'Bruno']);
    expect(names(await box(as.pressOffice))).toEqual(['Carla', 'Anna', 'Bruno']);
  });

  it("keeps an agent's order waiting; approved later, a contact added meanwhile comes after", async () => {
    const [anna, bruno, carla] = await threeContacts();
    const proposed = await call('PUT', `${boxUrl()}contacts/order/`, as.agent, {
      contacts: [bruno, carla, anna],
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { change } = proposed.json() as PressBoxChangeWaiting;
    expect(change).toMatchObject({ kind: 'contacts_reordered', payload: { contacts: [bruno, carla, anna] } });
    expect(names(await box())).toEqual(['Anna', 'Bruno', 'Carla']);

    await call('POST', `${boxUrl()}contacts/`, as.admin, { name: 'Dario' });
    const approved = await call('POST', `${boxUrl()}changes/${change.id}/approve/`, as.admin);
    expect(names(approved.json() as PressBox)).toEqual(['Bruno', 'Carla', 'Anna', 'Dario']);
  });

  it('refuses an order that leaves out, repeats or adds a contact, and changes nothing', async () => {
    const [anna, bruno, carla] = await threeContacts();
    const foreign = (
      (
        await call('POST', `${boxUrl(otherCompanyId)}contacts/`, as.otherAdmin, { name: 'Xeno' })
      ).json() as PressBox
    ).contacts[0].id;
    for (const contacts of [[anna, bruno], [anna, anna, bruno, carla], [anna, bruno, carla, foreign], []]) {
      const response = await call(
        'PUT',
        `${boxUrl()}contacts/order/`,
        { ...as.admin, 'accept-language': 'en' },
        {
          contacts,
        },
      );
      expect(response.statusCode, JSON.stringify(contacts)).toBe(400);
      expect(response.json()).toEqual({
        contacts: ["List each of the press box's contacts once, in their new order."],
      });
    }
    expect(names(await box())).toEqual(['Anna', 'Bruno', 'Carla']);
  });
});
