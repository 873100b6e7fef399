import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, type Role } from '@pressroom/contract';
import { companies } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { multipart } from '../imports/test-helpers.ts';

// Every back-office call, for each kind of caller (PRODUCT.md section 3). A refused caller gets 401 (signed
// out) or 403; an admitted one gets past the permission check (ids that do not exist then answer 404).

type Caller =
  | 'anonymous'
  | 'journalist'
  | 'agent'
  | 'companyAdministrator'
  | 'pressOffice'
  | 'associatedCompanies'
  | 'global';

const callers: Caller[] = [
  'anonymous',
  'journalist',
  'agent',
  'companyAdministrator',
  'pressOffice',
  'associatedCompanies',
  'global',
];

let context: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
const headers = {} as Record<Caller, Record<string, string>>;
let agentId = 0;
const missing = 999_999;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-authz-'));
  context = await createTestApp({ config: { dataDir } });
  const [tiles] = await context.db
    .insert(companies)
    .values({ businessName: 'Tiles', matchKey: 'tiles|' })
    .returning();
  const make = async (roles: Role[], company = false) => {
    const user = await createUser(context.app, {
      roles,
      userType: company ? 'COMPANY' : 'USER',
      companyId: company ? tiles.id : null,
    });
    return { user, header: authHeader(await tokenFor(context.app, user)) };
  };
  headers.anonymous = {};
  headers.journalist = (await make(['user_press_room'])).header;
  const agent = await make(['agent_press_room_external_company'], true);
  agentId = agent.user.id;
  headers.agent = agent.header;
  headers.companyAdministrator = (await make(['administrator_press_room_external_company'], true)).header;
  headers.pressOffice = (await make(['administrator_press_room'])).header;
  headers.associatedCompanies = (await make(['administrator_associated_companies'])).header;
  headers.global = (await make(['administrator_global'])).header;
});

afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => { body: unknown; headers?: Record<string, string> };
  allowed: Caller[];
}

const companyAdmins: Caller[] = ['associatedCompanies', 'global'];
const upload = () => {
  const body = multipart('members.csv', 'Name;City\nTiles;Modena\n');
  return { body: body.payload, headers: body.headers };
};
const mapping = () => ({ body: { mapping: { business_name: 'Name' } } });

const calls: Call[] = [
  { name: 'list companies', method: 'GET', url: () => apiPaths.companies, allowed: companyAdmins },
  {
    name: 'create a company',
    method: 'POST',
    url: () => apiPaths.companies,
    payload: () => ({ body: { business_name: '' } }),
    allowed: companyAdmins,
  },
  { name: 'read a company', method: 'GET', url: () => apiPaths.company(missing), allowed: companyAdmins },
  {
    name: 'edit a company',
    method: 'PATCH',
    url: () => apiPaths.company(missing),
    payload: () => ({ body: { note: 'x' } }),
    allowed: companyAdmins,
  },
  {
    name: 'delete a company',
    method: 'DELETE',
    url: () => apiPaths.company(missing),
    allowed: companyAdmins,
  },
  {
    name: "set a company's brands",
    method: 'PUT',
    url: () => apiPaths.companyBrands(missing),
    payload: () => ({ body: { brands: [] } }),
    allowed: companyAdmins,
  },
  { name: 'list brands', method: 'GET', url: () => apiPaths.brands, allowed: companyAdmins },
  {
    name: 'create a brand',
    method: 'POST',
    url: () => apiPaths.brands,
    payload: () => ({ body: { name: '' } }),
    allowed: companyAdmins,
  },
  { name: 'read a brand', method: 'GET', url: () => apiPaths.brand(missing), allowed: companyAdmins },
  {
    name: 'rename a brand',
    method: 'PATCH',
    url: () => apiPaths.brand(missing),
    payload: () => ({ body: { name: 'x' } }),
    allowed: companyAdmins,
  },
  { name: 'delete a brand', method: 'DELETE', url: () => apiPaths.brand(missing), allowed: companyAdmins },
  { name: 'import history', method: 'GET', url: () => apiPaths.imports, allowed: companyAdmins },
  {
    name: 'upload an import',
    method: 'POST',
    url: () => apiPaths.imports,
    payload: upload,
    allowed: companyAdmins,
  },
  { name: 'read an import', method: 'GET', url: () => apiPaths.import(missing), allowed: companyAdmins },
  {
    name: 'import columns',
    method: 'GET',
    url: () => apiPaths.importColumns(missing),
    allowed: companyAdmins,
  },
  {
    name: 'dry run',
    method: 'POST',
    url: () => apiPaths.importDryRun(missing),
    payload: mapping,
    allowed: companyAdmins,
  },
  {
    name: 'run',
    method: 'POST',
    url: () => apiPaths.importRun(missing),
    payload: mapping,
    allowed: companyAdmins,
  },
  {
    name: 'import progress',
    method: 'GET',
    url: () => apiPaths.importProgress(missing),
    allowed: companyAdmins,
  },
  {
    name: 'import report rows',
    method: 'GET',
    url: () => apiPaths.importRows(missing),
    allowed: companyAdmins,
  },
  {
    name: 'list users',
    method: 'GET',
    url: () => apiPaths.adminUsers,
    allowed: ['companyAdministrator', 'pressOffice', 'global'],
  },
  {
    name: "read an agent of the company 'Tiles'",
    method: 'GET',
    url: () => apiPaths.adminUser(agentId),
    allowed: ['companyAdministrator', 'global'],
  },
  {
    name: "edit an agent of the company 'Tiles'",
    method: 'PATCH',
    url: () => apiPaths.adminUser(agentId),
    payload: () => ({ body: { first_name: 'Agent' } }),
    allowed: ['companyAdministrator', 'global'],
  },
  {
    name: 'accreditation queue',
    method: 'GET',
    url: () => apiPaths.accreditations,
    allowed: ['pressOffice', 'global'],
  },
  {
    name: 'approve an accreditation',
    method: 'POST',
    url: () => apiPaths.accreditationApprove(missing),
    payload: () => ({ body: {} }),
    allowed: ['pressOffice', 'global'],
  },
  {
    name: 'reject an accreditation',
    method: 'POST',
    url: () => apiPaths.accreditationReject(missing),
    payload: () => ({ body: {} }),
    allowed: ['pressOffice', 'global'],
  },
  { name: 'list error reports', method: 'GET', url: () => apiPaths.errorReports, allowed: ['global'] },
  {
    name: 'send an error report',
    method: 'POST',
    url: () => apiPaths.errorReports,
    payload: () => ({ body: { message: 'TypeError: x is undefined' } }),
    allowed: callers,
  },
];

describe('back-office authorization', () => {
  for (const call of calls) {
    it(`${call.name}: ${call.allowed.join(', ')} only`, async () => {
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const caller of callers) {
        const payload = call.payload?.();
        const response = await context.app.inject({
          method: call.method,
          url: call.url(),
          headers: { ...headers[caller], ...payload?.headers },
          payload: payload?.body as never,
        });
        const admitted = response.statusCode !== 401 && response.statusCode !== 403;
        outcome[caller] = admitted ? 'admitted' : String(response.statusCode);
        expected[caller] = call.allowed.includes(caller)
          ? 'admitted'
          : caller === 'anonymous'
            ? '401'
            : '403';
      }
      expect(outcome).toEqual(expected);
    });
  }
});
