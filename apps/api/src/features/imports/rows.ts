import {
  type AssociationStatus,
  type CompanyField,
  companyFieldsSchema,
  type ImportMapping,
  normalizeVat,
} from '@pressroom/contract';
import { companyMatchKey } from '../../lib/company-fields.ts';
import type { SourceRow } from './sources.ts';

// Turning one source row into company values, with the same rules (and messages) as the company form.

const statusWords: Record<string, AssociationStatus> = {
  member: 'member',
  associated: 'member',
  associato: 'member',
  associata: 'member',
  socio: 'member',
  si: 'member',
  sì: 'member',
  s: 'member',
  yes: 'member',
  y: 'member',
  true: 'member',
  '1': 'member',
  x: 'member',
  non_member: 'non_member',
  'non member': 'non_member',
  'not member': 'non_member',
  'non associato': 'non_member',
  'non associata': 'non_member',
  no: 'non_member',
  n: 'non_member',
  false: 'non_member',
  '0': 'non_member',
  former_member: 'former_member',
  'former member': 'former_member',
  former: 'former_member',
  ex: 'former_member',
  'ex socio': 'former_member',
  'ex associato': 'former_member',
  cessato: 'former_member',
};

export type PreparedRow =
  | { kind: 'empty'; rowNumber: number }
  | {
      kind: 'invalid';
      rowNumber: number;
      businessName: string;
      errors: Record<string, string[]>;
      reason: string;
      reasonParams?: Record<string, string | number>;
    }
  | {
      kind: 'valid';
      rowNumber: number;
      /** Only the fields with a value in the row: an empty cell never erases what the company already has. */
      values: Partial<Record<CompanyField, string>>;
      businessName: string;
      city: string;
      vat: string;
      /** Business name and city as companies are recognised without a VAT number. */
      matchKey: string;
    };

const fieldSchemas = companyFieldsSchema.shape;

type Checked = { value: string; errors?: undefined } | { value?: undefined; errors: string[] };

/** Distinct values a field's check remembers; past that it checks every value again. */
const rememberedValues = 1000;

/**
 * A field's check that remembers its answers: columns such as city, province, country or status repeat a
 * few values on every row, and a zod check costs far more than a lookup (and makes most of a row's garbage).
 */
function rememberingCheck(field: CompanyField): (value: string) => Checked {
  const schema = fieldSchemas[field];
  const known = new Map<string, Checked>();
  return (value) => {
    let checked = known.get(value);
    if (checked) return checked;
    const parsed = schema.safeParse(value);
    checked = parsed.success
      ? { value: parsed.data as string }
      : { errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
    if (known.size < rememberedValues) known.set(value, checked);
    return checked;
  };
}

/**
 * Turns source rows into company values for one run: the mapped columns and their checks are worked out
 * once, not for every row.
 */
export function rowPreparer(
  mapping: ImportMapping,
  expectedWidth: number | null,
): (row: SourceRow) => PreparedRow {
  const mapped = (Object.entries(mapping) as [CompanyField, string | undefined][])
    .filter((entry): entry is [CompanyField, string] => Boolean(entry[1]))
    .map(([field, column]) => ({ field, column, check: rememberingCheck(field) }));
  const businessNameColumn = mapping.business_name ?? '';
  return (row) => {
    let empty = true;
    for (const column in row.values) {
      if (row.values[column].trim() !== '') {
        empty = false;
        break;
      }
    }
    if (empty) return { kind: 'empty', rowNumber: row.rowNumber };
    // Made only for a row with a problem: most rows have none.
    let errors: Record<string, string[]> | null = null;
    const values: Partial<Record<CompanyField, string>> = {};
    for (const { field, column, check } of mapped) {
      let value = (row.values[column] ?? '').trim();
      if (value === '') continue;
      if (field === 'associationStatus') {
        const status = statusWords[value.toLocaleLowerCase('it')];
        if (!status) {
          errors ??= {};
          errors[field] = ['fieldInvalid'];
          continue;
        }
        value = status;
      }
      const checked = check(value);
      if (checked.errors) {
        errors ??= {};
        errors[field] = checked.errors;
      } else values[field] = checked.value;
    }
    const businessName = values.business_name ?? (row.values[businessNameColumn] ?? '').trim();
    if (!values.business_name && !errors?.business_name) {
      errors ??= {};
      errors.business_name = ['fieldRequired'];
    }
    if (expectedWidth !== null && row.width !== expectedWidth) {
      return {
        kind: 'invalid',
        rowNumber: row.rowNumber,
        businessName: businessName.slice(0, 200),
        errors: errors ?? {},
        reason: 'importRowColumnCount',
        reasonParams: { found: row.width, expected: expectedWidth },
      };
    }
    if (errors) {
      return {
        kind: 'invalid',
        rowNumber: row.rowNumber,
        businessName: businessName.slice(0, 200),
        errors,
        reason: 'importRowInvalid',
      };
    }
    return {
      kind: 'valid',
      rowNumber: row.rowNumber,
      values,
      businessName: values.business_name!,
      city: values.city ?? '',
      vat: values.vat ? normalizeVat(values.vat) : '',
      matchKey: companyMatchKey(values.business_name!, values.city ?? ''),
    };
  };
}
