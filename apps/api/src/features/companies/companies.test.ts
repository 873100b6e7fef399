import { apiPaths, type Company } from '@pressroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  context = await createTestApp();
  const administrator = await createUser(context.app, { roles: ['administrator_associated_companies'] });
  auth = authHeader(await tokenFor(context.app, administrator));
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.db.execute(sql`truncate companies, brands restart identity cascade`);
});

async function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'POST',
    url: apiPaths.companies,
    headers: { ...auth, ...headers },
    payload: body,
  });
}

async function createBrand(name: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: apiPaths.brands,
    headers: auth,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

describe('companies', () => {
  it('creates a company with its registered and public fields and its brands', async () => {
    const brand = await createBrand('Lastra');
    const response = await create({
      business_name: '  Ceramiche Emilia S.p.A. ',
      shortName: 'Emilia',
      city: 'Sassuolo',
      vat: 'IT 0074 3110 157',
      website: 'www.emilia.example',
      associationStatus: 'member',
      pubBusinessName: 'Emilia Ceramiche',
      pubEmail: 'press@emilia.example',
      brands: [brand.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const company = response.json() as Company;
    expect(company).toMatchObject({
      business_name: 'Ceramiche Emilia S.p.A.',
      shortName: 'Emilia',
      city: 'Sassuolo',
      vat: 'IT00743110157',
      website: 'http://www.emilia.example',
      associationStatus: 'member',
      pubBusinessName: 'Emilia Ceramiche',
      pubEmail: 'press@emilia.example',
      pubCity: '',
      note: '',
      brands: [{ id: brand.id, name: 'Lastra' }],
    });
  });

  it("answers each invalid field with the specification's message, translated", async () => {
    const response = await create(
      {
        business_name: '',
        vat: '123',
        email: 'nope',
        website: 'not a url',
        pubEmail: 'x@',
        telephone: 'call me',
      },
      { 'accept-language': 'it' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      business_name: ['Campo richiesto'],
      vat: ['Campo non valido'],
      email: ['E-mail non valida'],
      website: ['Url non valido'],
      pubEmail: ['E-mail non valida'],
      telephone: ['Campo non valido'],
    });
    const english = await create({ vat: 'IT12345678901' });
    expect(english.json()).toEqual({ business_name: ['Field required'], vat: ['Field not valid'] });
  });

  it('keeps countries as codes: takes one in any case, refuses a name, and settles text kept from before codes', async () => {
    const created = (
      await create({ business_name: 'Azulejos', country: 'es', pubCountry: '' })
    ).json() as Company;
    expect([created.country, created.pubCountry, created.countryUnmapped]).toEqual(['ES', '', '']);
    const named = await create({ business_name: 'Named', country: 'Spain' }, { 'accept-language': 'de' });
    expect([named.statusCode, named.json()]).toEqual([
      400,
      { country: ['Unbekanntes Land (ISO-3166-1-Code angeben, z. B. IT)'] },
    ]);
    // What the migration could not map stays beside the code until the office chooses a country.
    await context.db.execute(
      sql`update companies set country = '', country_unmapped = 'Castilla', pub_country_unmapped = 'Iberia' where id = ${created.id}`,
    );
    const patch = (payload: Record<string, string>) =>
      context.app.inject({ method: 'PATCH', url: apiPaths.company(created.id), headers: auth, payload });
    const unrelated = (await patch({ city: 'Castellón' })).json() as Company;
    expect([unrelated.country, unrelated.countryUnmapped, unrelated.pubCountryUnmapped]).toEqual([
      '',
      'Castilla',
      'Iberia',
    ]);
    const refused = await patch({ country: 'XX' });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { country: ['Not a known country (give its ISO 3166-1 code, e.g. IT)'] },
    ]);
    const chosen = (await patch({ country: 'ES' })).json() as Company;
    expect([chosen.country, chosen.countryUnmapped, chosen.pubCountryUnmapped]).toEqual(['ES', '', 'Iberia']);
  });

  it('refuses a second company with the same VAT number', async () => {
    expect((await create({ business_name: 'First', vat: 'GB123456789' })).statusCode).toBe(201);
    const second = await create({ business_name: 'Second', vat: 'gb 123 456 789' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ vat: ['A company with this VAT number already exists.'] });
  });

  it('edits only the fields sent and replaces the brands', async () => {
    const [lastra, gres] = [await createBrand('Lastra'), await createBrand('Gres')];
    const created = (
      await create({ business_name: 'Tiles', city: 'Modena', brands: [lastra.id] })
    ).json() as Company;
    const response = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.company(created.id),
      headers: auth,
      payload: { pubCity: 'Modena', note: 'Exhibitor since 1990' },
    });
    expect(response.json()).toMatchObject({
      city: 'Modena',
      pubCity: 'Modena',
      note: 'Exhibitor since 1990',
    });
    const brands = await context.app.inject({
      method: 'PUT',
      url: apiPaths.companyBrands(created.id),
      headers: auth,
      payload: { brands: [gres.id, lastra.id] },
    });
    expect((brands.json() as Company).brands.map((brand) => brand.name)).toEqual(['Gres', 'Lastra']);
    const unknown = await context.app.inject({
      method: 'PUT',
      url: apiPaths.companyBrands(created.id),
      headers: auth,
      payload: { brands: [9999] },
    });
    expect(unknown.json()).toEqual({ brands: ['Field not valid'] });
  });

  it('deletes a company without users and keeps one that still has users', async () => {
    const empty = (await create({ business_name: 'Empty' })).json() as Company;
    const staffed = (await create({ business_name: 'Staffed' })).json() as Company;
    await createUser(context.app, {
      roles: ['agent_press_room_external_company'],
      userType: 'COMPANY',
      companyId: staffed.id,
    });
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: apiPaths.company(empty.id),
      headers: auth,
    });
    expect(deleted.statusCode).toBe(204);
    const kept = await context.app.inject({
      method: 'DELETE',
      url: apiPaths.company(staffed.id),
      headers: auth,
    });
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toEqual({
      non_field_errors: ['This company still has users. Move them to another company first.'],
    });
    const missing = await context.app.inject({
      method: 'DELETE',
      url: apiPaths.company(empty.id),
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists companies in the DataTables protocol with search, ordering and paging', async () => {
    for (const [name, city] of [
      ['Alfa Tiles', 'Modena'],
      ['Beta Ceramics', 'Sassuolo'],
      ['Gamma Tiles', 'Sassuolo'],
    ]) {
      await create({ business_name: name, city });
    }
    const query = new URLSearchParams({
      format: 'datatables',
      draw: '3',
      start: '0',
      length: '1',
      'search[value]': 'sassuolo',
      'columns[0][data]': 'business_name',
      'columns[0][searchable]': 'true',
      'columns[0][orderable]': 'true',
      'columns[1][data]': 'city',
      'columns[1][searchable]': 'true',
      'columns[1][orderable]': 'true',
      'order[0][column]': '0',
      'order[0][dir]': 'desc',
    });
    const response = await context.app.inject({
      method: 'GET',
      url: `${apiPaths.companies}?${query}`,
      headers: auth,
    });
    const body = response.json();
    expect(body).toMatchObject({ draw: 3, recordsTotal: 3, recordsFiltered: 2 });
    expect(body.data.map((row: Company) => row.business_name)).toEqual(['Gamma Tiles']);
    const plain = await context.app.inject({ method: 'GET', url: apiPaths.companies, headers: auth });
    expect(plain.json().results.map((row: Company) => row.business_name)).toEqual([
      'Alfa Tiles',
      'Beta Ceramics',
      'Gamma Tiles',
    ]);
  });

  it('searches companies whatever the accents and the case', async () => {
    for (const [name, city] of [
      ['Cerámica Ñandú', 'Castellón'],
      ['Ceramiche Àrgilla', 'Faenza'],
      ['Gamma Tiles', 'Sassuolo'],
    ]) {
      await create({ business_name: name, city });
    }
    const namesFound = async (search: Record<string, string>) => {
      const query = new URLSearchParams({
        format: 'datatables',
        'columns[0][data]': 'business_name',
        'columns[0][searchable]': 'true',
        'columns[1][data]': 'city',
        'columns[1][searchable]': 'true',
        ...search,
      });
      const response = await context.app.inject({
        method: 'GET',
        url: `${apiPaths.companies}?${query}`,
        headers: auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: Company) => row.business_name);
    };
    expect(await namesFound({ 'search[value]': 'argilla' })).toEqual(['Ceramiche Àrgilla']);
    expect(await namesFound({ 'search[value]': 'CERAMICA NANDU' })).toEqual(['Cerámica Ñandú']);
    expect(await namesFound({ 'search[value]': 'castellon' })).toEqual(['Cerámica Ñandú']);
    expect(await namesFound({ 'columns[0][search][value]': 'ÀRGÌLLA' })).toEqual(['Ceramiche Àrgilla']);
  });
});

describe('brands', () => {
  it('creates, renames, counts and deletes brands; names are unique whatever the case', async () => {
    const brand = await createBrand('Lastra');
    const duplicate = await context.app.inject({
      method: 'POST',
      url: apiPaths.brands,
      headers: auth,
      payload: { name: 'LASTRA' },
    });
    expect(duplicate.json()).toEqual({ name: ['A brand with this name already exists.'] });
    await create({ business_name: 'Holder', brands: [brand.id] });
    const renamed = await context.app.inject({
      method: 'PATCH',
      url: apiPaths.brand(brand.id),
      headers: auth,
      payload: { name: 'Lastra XL' },
    });
    expect(renamed.json()).toEqual({ id: brand.id, name: 'Lastra XL', companies: 1 });
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: apiPaths.brand(brand.id),
      headers: auth,
    });
    expect(deleted.statusCode).toBe(204);
    const list = await context.app.inject({ method: 'GET', url: apiPaths.brands, headers: auth });
    expect(list.json().count).toBe(0);
  });
});
