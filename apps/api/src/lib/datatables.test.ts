import type { DatabaseHandle } from '@pressroom/db';
import { openTestDatabase } from '@pressroom/db/testing';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePlugin } from '../plugins/database.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { i18nPlugin } from '../plugins/i18n.ts';
import {
  type ListColumns,
  type ListSource,
  listResponse,
  parseDataTablesQuery,
  parsePlainQuery,
} from './datatables.ts';

interface Album {
  id: number;
  name: string;
  artist: string;
  year: number;
}

// Fifteen albums, like the library's own test fixture; names chosen so searches have known answers.
const albums: Omit<Album, 'id'>[] = [
  { name: 'Blue Glaze', artist: 'Anna Rossi', year: 2001 },
  { name: 'Red Clay', artist: 'Bruno Bianchi', year: 2002 },
  { name: 'Kiln Songs', artist: 'Anna Rossi', year: 2003 },
  { name: 'Porcelain 100%', artist: 'Carla Verdi', year: 2004 },
  { name: 'Under_score', artist: 'Dario Neri', year: 2005 },
  { name: 'Terracotta', artist: 'Elena Gialli', year: 2006 },
  { name: 'Majolica', artist: 'Franco Blu', year: 2007 },
  { name: 'Stoneware', artist: 'Giulia Rosa', year: 2008 },
  { name: 'Faience', artist: 'Hugo Marrone', year: 2009 },
  { name: 'Raku Nights', artist: 'Irene Viola', year: 2010 },
  { name: 'Celadon', artist: 'Luca Grigio', year: 2011 },
  { name: 'Slip and Slide', artist: 'Marta Oro', year: 2012 },
  { name: 'Glaze Again', artist: 'Nino Argento', year: 2013 },
  { name: 'Bisque', artist: 'Olga Bronzo', year: 2014 },
  { name: "Potter's Wheel", artist: 'Paolo Rame', year: 2015 },
];

const columns: ListColumns = {
  id: { expression: sql`id` },
  name: { expression: sql`name` },
  artist: { expression: sql`artist` },
  // The route lets nobody search or order by year, whatever the request says.
  year: { expression: sql`year`, searchable: false, orderable: false },
};

/** Rows of a raw query; both drivers answer `{rows}`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

function source(db: DatabaseHandle['db']): ListSource<Album> {
  return {
    async count(where) {
      const result = await db.execute(
        sql`select count(*)::int as count from dt_albums ${where ? sql`where ${where}` : sql``}`,
      );
      return Number(rowsOf<{ count: number }>(result)[0].count);
    },
    async rows({ where, orderBy, limit, offset }) {
      const result = await db.execute(
        sql`select id, name, artist, year from dt_albums ${where ? sql`where ${where}` : sql``}
            order by ${sql.join(orderBy, sql`, `)}
            ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`,
      );
      return rowsOf<Album>(result).map((row) => ({ ...row, id: Number(row.id), year: Number(row.year) }));
    },
  };
}

/** The DataTables query string a DataTables client sends for the four columns, plus extras. */
function dataTablesUrl(extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ format: 'datatables', draw: '1', start: '0', length: '10' });
  ['id', 'name', 'artist', 'year'].forEach((name, index) => {
    params.set(`columns[${index}][data]`, name);
    params.set(`columns[${index}][name]`, '');
    params.set(`columns[${index}][searchable]`, 'true');
    params.set(`columns[${index}][orderable]`, 'true');
    params.set(`columns[${index}][search][value]`, '');
    params.set(`columns[${index}][search][regex]`, 'false');
  });
  params.set('search[value]', '');
  params.set('search[regex]', 'false');
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/albums/?${params.toString()}`;
}

describe('the DataTables module', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table dt_albums (id serial primary key, name text not null, artist text not null, year int not null)`,
    );
    for (const album of albums) {
      await database.db.execute(
        sql`insert into dt_albums (name, artist, year) values (${album.name}, ${album.artist}, ${album.year})`,
      );
    }
    app = Fastify();
    await app.register(i18nPlugin);
    await app.register(errorsPlugin);
    await app.register(databasePlugin, { database });
    // Page links are written from the site's configured address (the sites plugin sets it on each request).
    app.decorateRequest('site', null as unknown as FastifyRequest['site']);
    app.addHook('onRequest', async (request) => {
      request.site = { id: 1, name: 'Albums', address: 'http://localhost:80' };
    });
    // A back-office list (regular expressions allowed, limited) and a public one (none).
    for (const [path, regexSearch] of [
      ['/albums/', true],
      ['/public-albums/', false],
    ] as const) {
      app.get(path, async (request) =>
        listResponse(request, {
          columns,
          defaultOrder: [sql`year desc`],
          tiebreaker: [sql`id asc`],
          source: source(database.db),
          regexSearch,
        }),
      );
    }
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function get(url: string) {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  }

  const names = (body: { data: Album[] }) => body.data.map((album) => album.name);

  it('answers the first page with both counts and the draw it was sent', async () => {
    const { status, body } = await get(dataTablesUrl({ draw: '7' }));
    expect(status).toBe(200);
    expect(body.draw).toBe(7);
    expect(body.recordsTotal).toBe(15);
    expect(body.recordsFiltered).toBe(15);
    expect(body.data).toHaveLength(10);
    // No ordering asked: the route's default (year descending).
    expect(body.data[0]).toEqual({ id: 15, name: "Potter's Wheel", artist: 'Paolo Rame', year: 2015 });
  });

  it('echoes draw as an integer, 1 when absent and 0 when not a number', async () => {
    expect((await get(dataTablesUrl({ draw: '0042' }))).body.draw).toBe(42);
    expect((await get('/albums/?format=datatables')).body.draw).toBe(1);
    const garbage = await get(dataTablesUrl({ draw: 'abc' }));
    expect(garbage.status).toBe(200);
    expect(garbage.body.draw).toBe(0);
  });

  it('returns every row for length=-1', async () => {
    const { body } = await get(dataTablesUrl({ length: '-1' }));
    expect(body.data).toHaveLength(15);
    expect(body.recordsFiltered).toBe(15);
  });

  it.each(['abc', '0', '-5', '2.5', ''])('uses the default page size for length=%j', async (length) => {
    const { status, body } = await get(dataTablesUrl({ length }));
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
  });

  it('uses the default page size when length is missing', async () => {
    const { body } = await get('/albums/?format=datatables');
    expect(body.data).toHaveLength(10);
  });

  it('treats start as an offset and returns the remainder of the last page', async () => {
    const { body } = await get(dataTablesUrl({ start: '12', length: '5', 'order[0][column]': '0' }));
    expect(body.data.map((album: Album) => album.id)).toEqual([13, 14, 15]);
  });

  it('returns an empty page when start lies past the end', async () => {
    const { status, body } = await get(dataTablesUrl({ start: '100' }));
    expect(status).toBe(200);
    expect(body).toEqual({ draw: 1, recordsTotal: 15, recordsFiltered: 15, data: [] });
  });

  it.each(['abc', '-3', '1e3', '99999999999999999999999'])('reads start=%j as 0', async (start) => {
    const { status, body } = await get(dataTablesUrl({ start, 'order[0][column]': '0' }));
    expect(status).toBe(200);
    expect(body.data[0].id).toBe(1);
  });

  it('ORs the global search over the searchable columns, case-insensitively', async () => {
    // "rossi" is in two artists; "glaze" in two names: four albums in all.
    const artists = await get(dataTablesUrl({ 'search[value]': 'ROSSI', 'order[0][column]': '0' }));
    expect(names(artists.body)).toEqual(['Blue Glaze', 'Kiln Songs']);
    expect(artists.body.recordsTotal).toBe(15);
    expect(artists.body.recordsFiltered).toBe(2);
    const both = await get(dataTablesUrl({ 'search[value]': 'gla', 'order[0][column]': '0' }));
    expect(names(both.body)).toEqual(['Blue Glaze', 'Glaze Again']);
  });

  it('does not search a column the route declares unsearchable, even when the request says searchable', async () => {
    const { body } = await get(dataTablesUrl({ 'search[value]': '2003' }));
    expect(body.recordsFiltered).toBe(0);
  });

  it('does not search a column the request marks unsearchable', async () => {
    const { body } = await get(
      dataTablesUrl({ 'search[value]': 'rossi', 'columns[2][searchable]': 'false' }),
    );
    expect(body.recordsFiltered).toBe(0);
  });

  it('ANDs several column searches', async () => {
    const { body } = await get(
      dataTablesUrl({ 'columns[1][search][value]': 'kiln', 'columns[2][search][value]': 'anna' }),
    );
    expect(names(body)).toEqual(['Kiln Songs']);
    const none = await get(
      dataTablesUrl({ 'columns[1][search][value]': 'red', 'columns[2][search][value]': 'anna' }),
    );
    expect(none.body.recordsFiltered).toBe(0);
  });

  it('ANDs the global search with the column searches', async () => {
    const { body } = await get(
      dataTablesUrl({ 'search[value]': 'glaze', 'columns[2][search][value]': 'argento' }),
    );
    expect(names(body)).toEqual(['Glaze Again']);
  });

  it('searches LIKE wildcards literally', async () => {
    expect(names((await get(dataTablesUrl({ 'search[value]': '100%' }))).body)).toEqual(['Porcelain 100%']);
    expect(names((await get(dataTablesUrl({ 'search[value]': '_' }))).body)).toEqual(['Under_score']);
    expect((await get(dataTablesUrl({ 'search[value]': '\\' }))).body.recordsFiltered).toBe(0);
  });

  it('treats the value "false" as no search, as the library does', async () => {
    expect((await get(dataTablesUrl({ 'search[value]': 'false' }))).body.recordsFiltered).toBe(15);
  });

  it('searches with a valid regular expression, case-insensitively', async () => {
    const { body } = await get(
      dataTablesUrl({ 'search[value]': '^(red|blue) ', 'search[regex]': 'true', 'order[0][column]': '0' }),
    );
    expect(names(body)).toEqual(['Blue Glaze', 'Red Clay']);
    const column = await get(
      dataTablesUrl({ 'columns[1][search][value]': 'e$', 'columns[1][search][regex]': 'true' }),
    );
    expect(column.body.recordsFiltered).toBe(6);
  });

  it.each(['(', '[a-', 'a**', '(?<x>a)', '\\'])(
    'ignores the invalid regular expression %j',
    async (pattern) => {
      const global = await get(dataTablesUrl({ 'search[value]': pattern, 'search[regex]': 'true' }));
      expect(global.status).toBe(200);
      expect(global.body.recordsFiltered).toBe(15);
      const column = await get(
        dataTablesUrl({
          'columns[1][search][value]': pattern,
          'columns[1][search][regex]': 'true',
          'columns[2][search][value]': 'rossi',
        }),
      );
      expect(column.status).toBe(200);
      // The invalid column search drops out; the valid one still applies.
      expect(column.body.recordsFiltered).toBe(2);
    },
  );

  it('refuses a regular expression, in words, on a list that allows none; a plain search still works there', async () => {
    for (const key of ['search', 'columns[1][search]']) {
      const refused = await app.inject({
        method: 'GET',
        url: dataTablesUrl({ [`${key}[value]`]: '^red', [`${key}[regex]`]: 'true' }).replace(
          '/albums/',
          '/public-albums/',
        ),
        headers: { 'accept-language': 'fr' },
      });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { detail: 'Cette liste ne peut pas être recherchée par expression régulière.' },
      ]);
    }
    const plain = await get(dataTablesUrl({ 'search[value]': 'red' }).replace('/albums/', '/public-albums/'));
    expect(names(plain.body)).toEqual(['Red Clay']);
  });

  it.each([
    '(.*)(.*)(.*)\\3\\2\\1R',
    '(a{1,100}){1,100}',
    '(((a|b){0,10}){0,10}){0,10}Q',
    `${'a'.repeat(101)}`,
    '(?b)\\(a\\)\\1',
    '***:(?b)a\\{2\\}',
  ])(
    'refuses the regular expression %j as too complex where regular expressions are allowed',
    async (pattern) => {
      const refused = await get(dataTablesUrl({ 'search[value]': pattern, 'search[regex]': 'true' }));
      expect([refused.status, refused.body]).toEqual([
        400,
        {
          detail:
            'The regular expression is too complex: at most 100 characters, without back-references (\\1) or counted repetitions ({2,5}).',
        },
      ]);
    },
  );

  it('accepts a brace in brackets or escaped, and an escaped backslash before a digit', async () => {
    for (const pattern of ['[{]', '\\{', '\\\\1']) {
      const { status } = await get(dataTablesUrl({ 'search[value]': pattern, 'search[regex]': 'true' }));
      expect([pattern, status]).toEqual([pattern, 200]);
    }
  });

  it('orders by the requested columns and directions', async () => {
    const { body } = await get(
      dataTablesUrl({
        'order[0][column]': '2',
        'order[0][dir]': 'asc',
        'order[1][column]': '1',
        'order[1][dir]': 'desc',
        length: '3',
      }),
    );
    expect(names(body)).toEqual(['Kiln Songs', 'Blue Glaze', 'Red Clay']);
  });

  it('ignores ordering on a non-orderable column, an index out of range or not a number', async () => {
    for (const column of ['3', '4', '-1', 'x', '99999999999999999999']) {
      const { status, body } = await get(
        dataTablesUrl({ 'order[0][column]': column, 'order[0][dir]': 'asc' }),
      );
      expect(status).toBe(200);
      expect(body.data[0].year).toBe(2015);
    }
    const requestSaysNo = await get(
      dataTablesUrl({ 'columns[0][orderable]': 'false', 'order[0][column]': '0', 'order[0][dir]': 'asc' }),
    );
    expect(requestSaysNo.body.data[0].year).toBe(2015);
  });

  it('keeps the usable orderings when some are ignored', async () => {
    const { body } = await get(
      dataTablesUrl({
        'order[0][column]': '9',
        'order[1][column]': '1',
        'order[1][dir]': 'asc',
        length: '2',
      }),
    );
    expect(names(body)).toEqual(['Bisque', 'Blue Glaze']);
  });

  it('ignores columns the route does not declare, in search and ordering', async () => {
    const url =
      '/albums/?format=datatables&columns[0][data]=password&columns[0][searchable]=true&columns[0][orderable]=true' +
      '&search[value]=x&order[0][column]=0';
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(body.recordsFiltered).toBe(15);
  });

  it('searches every part of a comma-separated column name and orders by the first', async () => {
    const url =
      '/albums/?format=datatables&columns[0][data]=who&columns[0][name]=artist, name' +
      '&columns[0][searchable]=true&columns[0][orderable]=true&columns[0][search][value]=bisque' +
      '&order[0][column]=0&order[0][dir]=desc';
    const { body } = await get(url);
    expect(names(body)).toEqual(['Bisque']);
    const ordered = await get(`${url.replace('bisque', 'o')}&length=1`);
    expect(ordered.body.data[0].artist).toBe('Paolo Rame');
  });

  it('keeps an empty data column in the index without searching it', async () => {
    const url =
      '/albums/?format=datatables&columns[0][data]=&columns[0][searchable]=true&columns[1][data]=name' +
      '&columns[1][searchable]=true&columns[1][orderable]=true&order[0][column]=1&search[value]=clay';
    const { body } = await get(url);
    expect(names(body)).toEqual(['Red Clay']);
  });

  it('never lets a value reach SQL unescaped', async () => {
    for (const value of ["'; drop table dt_albums; --", '\u0000', '%', "' or 1=1 --", 'ü€𝄞']) {
      const { status, body } = await get(
        dataTablesUrl({ 'search[value]': value, draw: value, start: value }),
      );
      expect(status).toBe(200);
      expect(body.recordsTotal).toBe(15);
    }
    const { body } = await get(dataTablesUrl());
    expect(body.recordsTotal).toBe(15);
  });

  it('answers without format=datatables in the plain page shape with absolute links', async () => {
    const first = await get('/albums/?page_size=4');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(15);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('http://localhost:80/albums/?page_size=4&page=2');
    expect(first.body.results.map((album: Album) => album.year)).toEqual([2015, 2014, 2013, 2012]);
    expect(first.body).not.toHaveProperty('draw');
    const second = await get('/albums/?page_size=4&page=2');
    expect(second.body.previous).toBe('http://localhost:80/albums/?page_size=4');
    const last = await get('/albums/?page_size=4&page=last');
    expect(last.body.next).toBeNull();
    expect(last.body.results).toHaveLength(3);
  });

  it('ignores DataTables parameters without format=datatables', async () => {
    const { body } = await get(dataTablesUrl({ format: 'json', 'search[value]': 'rossi' }));
    expect(body.count).toBe(15);
    expect(body.results).toHaveLength(10);
  });

  it('answers an invalid or out-of-range page with 404 "Invalid page." like DRF', async () => {
    for (const page of ['abc', '0', '-1', '5']) {
      const { status, body } = await get(`/albums/?page=${page}`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('uses the default page size for a page_size that is not a positive integer, and caps it', async () => {
    expect((await get('/albums/?page_size=abc')).body.results).toHaveLength(10);
    expect((await get('/albums/?page_size=0')).body.results).toHaveLength(10);
    expect((await get('/albums/?page_size=1000')).body.results).toHaveLength(15);
  });
});

describe('parsing the DataTables query', () => {
  it('reads the raw bracketed keys', () => {
    const query = parseDataTablesQuery(
      new URLSearchParams(
        'draw=3&start=20&length=25&columns[0][data]=name&columns[0][searchable]=true&columns[0][orderable]=false' +
          '&columns[0][search][value]=x&columns[0][search][regex]=true&order[0][column]=0&order[0][dir]=desc' +
          '&search[value]=y&search[regex]=false',
      ),
    );
    expect(query).toEqual({
      draw: 3,
      start: 20,
      length: 25,
      search: { value: 'y', regex: false },
      columns: [
        {
          data: 'name',
          names: ['name'],
          searchable: true,
          orderable: false,
          search: { value: 'x', regex: true },
        },
      ],
      order: [{ column: 0, dir: 'desc' }],
    });
  });

  it('reads length=-1 as every row and an unknown direction as ascending', () => {
    const query = parseDataTablesQuery(
      new URLSearchParams('length=-1&columns[0][data]=a&order[0][column]=0&order[0][dir]=sideways'),
    );
    expect(query.length).toBeNull();
    expect(query.order).toEqual([{ column: 0, dir: 'asc' }]);
  });

  it('reads a plain page and size', () => {
    expect(parsePlainQuery(new URLSearchParams('page=3&page_size=7'))).toEqual({ page: 3, pageSize: 7 });
    expect(parsePlainQuery(new URLSearchParams(''))).toEqual({ page: 1, pageSize: 10 });
    expect(parsePlainQuery(new URLSearchParams('page=x'))).toEqual({ page: null, pageSize: 10 });
  });
});
