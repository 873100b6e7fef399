import { type AdminUser, apiPaths } from '@pressroom/contract';
import { companies, mailQueue, users } from '@pressroom/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { findManagedUser } from './repository.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ config: { accreditationMode: 'manual' } });
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.execute(sql`truncate users, companies, mail_queue restart identity cascade`);
});

async function signedIn(options: Parameters<typeof createUser>[1]) {
  const user = await createUser(context.app, options);
  return { user, auth: authHeader(await tokenFor(context.app, user)) };
}

async function company(name: string) {
  const [row] = await context.db
    .insert(companies)
    .values({ businessName: name, matchKey: name.toLowerCase() })
    .returning();
  return row;
}

async function list(auth: Record<string, string>, query = '') {
  const response = await context.app.inject({
    method: 'GET',
    url: `${apiPaths.adminUsers}?${query}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as AdminUser[]).map((user) => user.email);
}

describe('users', () => {
  it('lists users, searched by name or e-mail and filtered by role and status', async () => {
    const { auth } = await signedIn({ email: 'admin@example.test', roles: ['administrator_global'] });
    await createUser(context.app, { email: 'anna.rossi@news.example', firstName: 'Anna', lastName: 'Rossi' });
    await createUser(context.app, { email: 'off@news.example', active: false });
    await createUser(context.app, { email: 'boss@tiles.example', roles: ['administrator_press_room'] });
    const search = new URLSearchParams({
      format: 'datatables',
      'search[value]': 'rossi',
      'columns[0][data]': 'name',
      'columns[0][searchable]': 'true',
      'columns[1][data]': 'email',
      'columns[1][searchable]': 'true',
    });
    const found = await context.app.inject({
      method: 'GET',
      url: `${apiPaths.adminUsers}?${search}`,
      headers: auth,
    });
    expect(found.json().data.map((user: AdminUser) => user.email)).toEqual(['anna.rossi@news.example']);
    expect(await list(auth, 'role=administrator_press_room')).toEqual(['boss@tiles.example']);
    expect(await list(auth, 'status=inactive')).toEqual(['off@news.example']);
  });

  it('edits roles, extra permissions, company and active state, and refuses to lock oneself out', async () => {
    const { user: admin, auth } = await signedIn({ roles: ['administrator_global'] });
    const tiles = await company('Tiles');
    const target = await createUser(context.app);
    const response = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(target.id),
      headers: auth,
      payload: {
        roles: ['agent_press_room_external_company'],
        extra_permissions: ['magazine.manage'],
        user_type: 'COMPANY',
        company_id: tiles.id,
        is_active: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      roles: ['agent_press_room_external_company'],
      extra_permissions: ['magazine.manage'],
      user_type: 'COMPANY',
      company: { id: tiles.id, business_name: 'Tiles' },
      is_active: false,
    });
    expect(response.json().permissions).toContain('magazine.manage');
    const noCompany = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(target.id),
      headers: auth,
      payload: { company_id: null },
    });
    expect(noCompany.json()).toEqual({ company_id: ['A company user must belong to a company.'] });
    const self = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(admin.id),
      headers: auth,
      payload: { roles: ['user_press_room'] },
    });
    expect(self.json()).toEqual({
      non_field_errors: ['You cannot remove your own administrator role or deactivate yourself.'],
    });
  });

  it("lets a company administrator manage only their own company's agents", async () => {
    const [tiles, other] = [await company('Tiles'), await company('Other')];
    const { auth } = await signedIn({
      email: 'chief@tiles.example',
      roles: ['administrator_press_room_external_company'],
      userType: 'COMPANY',
      companyId: tiles.id,
    });
    const agent = await createUser(context.app, {
      email: 'agent@tiles.example',
      roles: ['agent_press_room_external_company'],
      userType: 'COMPANY',
      companyId: tiles.id,
    });
    const stranger = await createUser(context.app, {
      email: 'agent@other.example',
      roles: ['agent_press_room_external_company'],
      userType: 'COMPANY',
      companyId: other.id,
    });
    expect((await list(auth)).sort()).toEqual(['agent@tiles.example', 'chief@tiles.example']);
    const off = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(agent.id),
      headers: auth,
      payload: { is_active: false, roles: [] },
    });
    expect(off.json()).toMatchObject({ is_active: false, roles: [] });
    const promote = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(agent.id),
      headers: auth,
      payload: { roles: ['administrator_global'] },
    });
    expect(promote.statusCode).toBe(403);
    const foreign = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(stranger.id),
      headers: auth,
      payload: { is_active: false },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: 'You can manage only the agents of your own company.' });
    const [unchanged] = await context.db.select().from(users).where(eq(users.id, stranger.id));
    expect(unchanged.isActive).toBe(true);
  });

  it('refuses a company administrator the other administrators of their company, global ones included', async () => {
    const tiles = await company('Tiles');
    const { auth } = await signedIn({
      roles: ['administrator_press_room_external_company'],
      userType: 'COMPANY',
      companyId: tiles.id,
    });
    const colleague = await createUser(context.app, {
      roles: ['administrator_press_room_external_company'],
      userType: 'COMPANY',
      companyId: tiles.id,
    });
    const companyBoundGlobal = await createUser(context.app, {
      roles: ['administrator_global'],
      userType: 'COMPANY',
      companyId: tiles.id,
    });
    for (const administrator of [colleague, companyBoundGlobal]) {
      const read = await context.app.inject({
        method: 'GET',
        url: apiPaths.adminUser(administrator.id),
        headers: auth,
      });
      expect(read.statusCode).toBe(403);
      const deactivate = await context.app.inject({
        method: 'PATCH',
        url: apiPaths.adminUser(administrator.id),
        headers: auth,
        payload: { is_active: false },
      });
      expect(deactivate.statusCode).toBe(403);
      expect(deactivate.json()).toEqual({ detail: 'You can manage only the agents of your own company.' });
    }
    const stillActive = await context.db.select({ isActive: users.isActive }).from(users);
    expect(stillActive).toEqual([{ isActive: true }, { isActive: true }, { isActive: true }]);
  });
});

describe('who may change access', () => {
  async function accessOf(id: number) {
    const user = await findManagedUser(context.db, id);
    return { roles: user?.roles, extras: user?.extraPermissions };
  }

  it('refuses a user manager without permission.manage who makes themself administrator_global', async () => {
    const { user, auth } = await signedIn({ roles: [], extraPermissions: ['user.manage'] });
    const response = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(user.id),
      headers: auth,
      payload: { roles: ['administrator_associated_companies', 'administrator_global'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Changing roles needs the permission to manage permissions.' });
    const other = await createUser(context.app, { roles: ['user_press_room'] });
    const italian = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(other.id),
      headers: { ...auth, 'accept-language': 'it' },
      payload: { roles: [] },
    });
    expect(italian.statusCode).toBe(403);
    expect(italian.json()).toEqual({
      detail: 'Per cambiare i ruoli serve il permesso di gestire i permessi.',
    });
    expect(await accessOf(user.id)).toEqual({ roles: [], extras: ['user.manage'] });
    expect(await accessOf(other.id)).toEqual({ roles: ['user_press_room'], extras: [] });
  });

  it('lets nobody give a role or a permission they do not hold, to others or to themself', async () => {
    const { user: manager, auth } = await signedIn({
      roles: ['administrator_associated_companies'],
      extraPermissions: ['user.manage', 'permission.manage'],
    });
    const target = await createUser(context.app, { roles: ['user_press_room'] });
    const refused = [
      { id: target.id, payload: { roles: ['user_press_room', 'administrator_global'] } },
      { id: target.id, payload: { extra_permissions: ['magazine.manage'] } },
      {
        id: manager.id,
        payload: { roles: ['administrator_associated_companies', 'administrator_press_room'] },
      },
      {
        id: manager.id,
        payload: { extra_permissions: ['user.manage', 'permission.manage', 'error_report.read'] },
      },
    ];
    for (const { id, payload } of refused) {
      const response = await context.app.inject({
        method: 'PATCH',
        url: apiPaths.adminUser(id),
        headers: auth,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toEqual({
        detail: 'You cannot give a role or permission you do not hold, nor raise your own access.',
      });
    }
    expect(await accessOf(target.id)).toEqual({ roles: ['user_press_room'], extras: [] });
    expect(await accessOf(manager.id)).toEqual({
      roles: ['administrator_associated_companies'],
      extras: ['permission.manage', 'user.manage'],
    });
    const held = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.adminUser(target.id),
      headers: auth,
      payload: { roles: ['administrator_associated_companies'], extra_permissions: ['company.import'] },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      roles: ['administrator_associated_companies'],
      extra_permissions: ['company.import'],
    });
  });
});

describe('accreditation queue', () => {
  async function pendingJournalist(email: string, language: 'en' | 'it' = 'en') {
    const journalist = await createUser(context.app, { email, roles: [], language });
    await context.db.update(users).set({ accreditation: 'pending' }).where(eq(users.id, journalist.id));
    return journalist;
  }

  it('lists journalists waiting, approves one into user_press_room and mails them', async () => {
    const { auth } = await signedIn({ roles: ['administrator_press_room'] });
    const waiting = await pendingJournalist('waiting@news.example', 'it');
    await createUser(context.app, { email: 'approved@news.example' });
    const queue = await context.app.inject({ method: 'GET', url: apiPaths.accreditations, headers: auth });
    expect(queue.json().results.map((user: AdminUser) => user.email)).toEqual(['waiting@news.example']);
    const approved = await context.app.inject({
      method: 'POST',
      url: apiPaths.accreditationApprove(waiting.id),
      headers: auth,
      payload: {},
    });
    expect(approved.json()).toMatchObject({ accreditation: 'approved', roles: ['user_press_room'] });
    const mails = await context.db.select().from(mailQueue);
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ['waiting@news.example', 'Il tuo accredito stampa è stato approvato - Tile Fair'],
    ]);
    expect(mails[0].textBody).toContain('Ora puoi accedere all’area stampa.');
    const again = await context.app.inject({
      method: 'POST',
      url: apiPaths.accreditationApprove(waiting.id),
      headers: auth,
      payload: {},
    });
    expect(again.json()).toEqual({ non_field_errors: ['This user is not waiting for accreditation.'] });
  });

  it('rejects with a reason the journalist reads in the mail', async () => {
    const { auth } = await signedIn({ roles: ['administrator_press_room'] });
    const waiting = await pendingJournalist('maybe@news.example');
    const rejected = await context.app.inject({
      method: 'POST',
      url: apiPaths.accreditationReject(waiting.id),
      headers: auth,
      payload: { reason: 'We could not verify the masthead.' },
    });
    expect(rejected.json()).toMatchObject({ accreditation: 'rejected', roles: [] });
    const [mail] = await context.db.select().from(mailQueue);
    expect(mail.subject).toBe('Your press accreditation request - Tile Fair');
    expect(mail.textBody).toContain('Reason: We could not verify the masthead.');
  });
});
