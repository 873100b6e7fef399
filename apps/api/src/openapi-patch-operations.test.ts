import { describe, expect, it } from 'vitest';
import { accountCompanyAndGalleryCases } from './openapi-patch-cases-accounts-companies-and-galleries.ts';
import { publicationAndFairCases } from './openapi-patch-cases-publications-and-the-fair.ts';
import {
  admin,
  call,
  type Json,
  operations,
  type PatchCase,
  upload,
  useOpenApiPatchTestApp,
} from './openapi-patch-test-setup.ts';

/**
 * A PATCH writes only the fields it names (a release patched with only its sites lost its embargo, a
 * press-kit document moved up lost its description). Every PATCH operation of the OpenAPI description has a
 * case (`openapi-patch-cases-*.ts`): a full object is created, then each field of the body is sent alone, and
 * after each call the object read back differs from the one before only in that field (and in what it is
 * documented to move).
 */

const cases: Record<string, PatchCase> = { ...accountCompanyAndGalleryCases, ...publicationAndFairCases };

useOpenApiPatchTestApp();

describe('every PATCH operation writes only the fields it is sent', () => {
  it('has a case for each PATCH operation of the OpenAPI description, changing each field of its body', () => {
    expect([...operations.keys()].sort()).toEqual(Object.keys(cases).sort());
    for (const [operation, { fields }] of operations) {
      if (cases[operation].multipart) continue;
      expect({ operation, fields: cases[operation].changes.map((change) => change.field).sort() }).toEqual({
        operation,
        fields: [...fields].sort(),
      });
    }
  });

  it.each(Object.keys(cases))('%s', async (operation) => {
    const patchCase = cases[operation];
    const readable = operations.get(operation)?.readable ?? false;
    const target = await patchCase.create();
    const headers = target.headers ?? admin();
    const read = target.read ?? (readable ? () => call('GET', target.url, undefined, headers) : undefined);
    let before = read ? await read() : target.created;
    for (const change of patchCase.changes) {
      const body = { [change.field]: change.value };
      const answer = patchCase.multipart
        ? await upload('PATCH', target.url, body as Record<string, string | string[]>)
        : await call('PATCH', target.url, body, headers);
      const after = read ? await read() : answer;
      const shown = change.shows ?? change.field;
      const moved = [shown, ...(change.moves ?? [])];
      const unchanged = (object: Json) =>
        Object.fromEntries(Object.entries(object).filter(([key]) => !moved.includes(key)));
      expect({ sent: body, fields: unchanged(after) }).toEqual({ sent: body, fields: unchanged(before) });
      expect({ sent: body, shown: after[shown] }).not.toEqual({ sent: body, shown: before[shown] });
      before = after;
    }
  });
});
