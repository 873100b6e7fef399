import { describe, expect, it } from 'vitest';
import { rowPreparer } from './rows.ts';

const mapping = { business_name: 'Name', city: 'City', email: 'Email', website: 'Web' };
const row = (rowNumber: number, values: Record<string, string>) => ({
  rowNumber,
  values: { Name: '', City: '', Email: '', Web: '', ...values },
  width: 4,
});

describe('preparing rows', () => {
  it('gives a value met again on later rows the same outcome as the first time, valid or not', () => {
    const prepare = rowPreparer(mapping, 4);
    const rows = [2, 3, 4].map((rowNumber) =>
      prepare(
        row(rowNumber, {
          Name: `Tiles ${rowNumber}`,
          City: 'Sassuolo',
          Email: 'not-an-email',
          Web: 'www.tiles.example',
        }),
      ),
    );
    expect(rows).toEqual(
      [2, 3, 4].map((rowNumber) => ({
        kind: 'invalid',
        rowNumber,
        businessName: `Tiles ${rowNumber}`,
        errors: { email: ['emailInvalid'] },
        reason: 'importRowInvalid',
      })),
    );
    const valid = prepare(row(5, { Name: 'Tiles 5', City: 'Sassuolo', Web: 'www.tiles.example' }));
    expect(valid).toEqual({
      kind: 'valid',
      rowNumber: 5,
      values: { business_name: 'Tiles 5', city: 'Sassuolo', website: 'http://www.tiles.example' },
      businessName: 'Tiles 5',
      city: 'Sassuolo',
      vat: '',
      matchKey: 'tiles 5|sassuolo',
    });
  });

  it('tells an empty row, a row of the wrong width and a row without a business name apart', () => {
    const prepare = rowPreparer(mapping, 4);
    expect(prepare(row(2, { City: '  ' }))).toEqual({ kind: 'empty', rowNumber: 2 });
    expect(prepare({ ...row(3, { Name: 'Short Tiles' }), width: 2 })).toEqual({
      kind: 'invalid',
      rowNumber: 3,
      businessName: 'Short Tiles',
      errors: {},
      reason: 'importRowColumnCount',
      reasonParams: { found: 2, expected: 4 },
    });
    expect(prepare(row(4, { City: 'Modena' }))).toEqual({
      kind: 'invalid',
      rowNumber: 4,
      businessName: '',
      errors: { business_name: ['fieldRequired'] },
      reason: 'importRowInvalid',
    });
  });
});
