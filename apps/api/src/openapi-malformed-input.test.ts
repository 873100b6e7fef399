import { apiPaths, translateMessage } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import {
  admin,
  as,
  example,
  harness,
  isUpload,
  type JsonSchema,
  operations,
  pastInteger,
  pathIds,
  setUpProbedApp,
  spoiled,
  status,
  uploadForms,
  urlOf,
  withNul,
} from './openapi-malformed-input-test-setup.ts';
import { type FilePart, fair, multipart } from './test-support/press-content.ts';

/**
 * Bad input is the caller's mistake, never the server's: every operation of the OpenAPI description
 * gets ids past PostgreSQL's `integer` (in the path, the query and the body), text with a NUL character (which
 * PostgreSQL cannot store), and, for uploads, NUL in file names and fields and a body cut short. Each probe
 * changes one value of an otherwise valid request, so it reaches the code behind validation; none may be
 * answered with a 5xx. The operations are read from the description: a route added later is probed too.
 */

setUpProbedApp();

describe('malformed input is answered with a 4xx, never a 5xx', () => {
  it('reads the operations and a form for each upload from the OpenAPI description', () => {
    expect(operations.length).toBeGreaterThan(80);
    const uploads = operations.filter(isUpload).map((operation) => `${operation.method} ${operation.path}`);
    expect(uploads.sort()).toEqual(Object.keys(uploadForms).sort());
  });

  it('refuses ids past the integer range in every path', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const ids = operation.parameters.filter(
        (parameter) => parameter.in === 'path' && ['id', 'fileId'].includes(parameter.name),
      );
      for (const parameter of ids) {
        const url = urlOf(operation, { [parameter.name]: String(pastInteger) });
        const answer = await status(operation, url, operation.body ? { body: '{}' } : undefined);
        if (answer >= 500) failures.push(`${answer} ${operation.method} ${url}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses ids past the integer range and text with NUL in every query parameter', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
        const spoils = spoiled(parameter.schema, example(parameter.schema, parameter.name), parameter.name);
        for (const spoil of spoils) {
          const url = urlOf(operation, {}, { [parameter.name]: String(spoil.value) });
          const answer = await status(operation, url);
          if (answer >= 500) failures.push(`${answer} ${operation.method} ${url}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in the text of every path', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const parameter of operation.parameters.filter(
        (candidate) =>
          candidate.in === 'path' && candidate.schema.type === 'string' && !candidate.schema.enum,
      )) {
        const url = urlOf(operation, { [parameter.name]: withNul });
        const answer = await status(operation, url, operation.body ? { body: '{}' } : undefined);
        if (answer >= 500) failures.push(`${answer} ${operation.method} ${url}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses ids past the integer range and text with NUL in every field of every JSON body', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter(
      (candidate) => candidate.body && candidate.method !== 'DELETE',
    )) {
      const body = operation.body as JsonSchema;
      const valid = example(body, '');
      for (const spoil of spoiled(body, valid, '')) {
        const answer = await status(operation, urlOf(operation), { body: JSON.stringify(spoil.value) });
        if (answer >= 500) failures.push(`${answer} ${operation.method} ${operation.path} ${spoil.at}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL in the fields and file names of every upload, ids past the range, and bodies cut short', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter(isUpload)) {
      const name = `${operation.method} ${operation.path}`;
      const { fields, file } = await uploadForms[name]();
      const probes: { at: string; fields: Record<string, string>; file: FilePart }[] = [
        {
          at: 'file name',
          fields,
          file: { ...file, fileName: `a${withNul}.${file.fileName.split('.').pop()}` },
        },
        ...Object.entries(fields).map(([field, value]) => ({
          at: field,
          fields: { ...fields, [field]: /^\d+$/.test(value) ? String(pastInteger) : withNul },
          file,
        })),
      ];
      for (const probe of probes) {
        const form = multipart(probe.fields, [probe.file]);
        const answer = await status(operation, urlOf(operation), {
          body: form.payload,
          headers: form.headers,
        });
        if (answer >= 500) failures.push(`${answer} ${name} ${probe.at}`);
      }
      const whole = multipart(fields, [file]);
      const cut = whole.payload.subarray(0, whole.payload.length - 60);
      const answer = await status(operation, urlOf(operation), { body: cut, headers: whole.headers });
      if (answer >= 500) failures.push(`${answer} ${name} body cut short`);
    }
    expect(failures).toEqual([]);
  });

  it('answers the examples of the issue with a translated 400 naming the field', async () => {
    const journalist = { ...fair, ...as.user_press_room, 'accept-language': 'it' };
    const gallery = await harness.app.inject({
      method: 'GET',
      url: '/api/press_room/gallery/galleries/2147483648/',
      headers: journalist,
    });
    expect({ status: gallery.statusCode, body: gallery.json() }).toEqual({
      status: 400,
      body: { id: [translateMessage('it', 'fieldInvalid')] },
    });
    const company = await harness.app.inject({
      method: 'PATCH',
      url: apiPaths.company(pathIds.companies),
      headers: { ...admin(), 'accept-language': 'it' },
      payload: { country: 'Ita\u0000ly' },
    });
    expect({ status: company.statusCode, body: company.json() }).toEqual({
      status: 400,
      body: { country: [translateMessage('it', 'textNulCharacter')] },
    });
    const { fields, file } = await uploadForms['POST /api/back_office/imports/']();
    const whole = multipart(fields, [file]);
    const cut = await harness.app.inject({
      method: 'POST',
      url: apiPaths.imports,
      headers: { ...admin(), ...whole.headers, 'accept-language': 'it' },
      payload: whole.payload.subarray(0, whole.payload.length - 30),
    });
    expect({ status: cut.statusCode, body: cut.json() }).toEqual({
      status: 400,
      body: { non_field_errors: [translateMessage('it', 'malformedRequest')] },
    });
  });
});
