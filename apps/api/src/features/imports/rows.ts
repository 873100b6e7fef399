import {
  type AssociationStatus,
  type CompanyField,
  companyFieldsSchema,
  countryCodeOf,
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

/**
 * A row ready to import. Made by a class, not an object literal: V8 allocates the objects of a literal whose
 * objects mostly outlive a young-generation collection straight in the old generation (allocation-site
 * pretenuring), where they wait for a full collection, and a batch's rows live that long. Measured over
 * 3 x 100,000 rows, rows and values made by classes left about a quarter less there (170 -> 130 MB).
 */
class ValidRow {
  readonly kind = 'valid';
  constructor(
    readonly rowNumber: number,
    /** Only the fields with a value in the row: an empty cell never erases what the company already has. */
    readonly values: Partial<Record<CompanyField, string>>,
    readonly businessName: string,
    readonly city: string,
    readonly vat: string,
    /** Business name and city as companies are recognised without a VAT number. */
    readonly matchKey: string,
  ) {}
}

/** A row's checked values, by field (a class for the reason given on ValidRow). */
class RowValues {}

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
  | ValidRow;

const fieldSchemas = companyFieldsSchema.shape;
const countryFields = new Set<CompanyField>(['country', 'pubCountry']);

type Checked = { value: string; errors?: undefined } | { value?: undefined; errors: string[] };

/** Distinct values a field's check remembers; past that it checks every new value. */
const rememberedValues = 1000;

/**
 * A field's check that remembers its answers: columns such as city, province, country or status repeat a
 * few values on every row, and a zod check costs far more than a lookup (and makes most of a row's garbage).
 * A column whose values hardly repeat (names, telephones) stops looking after its first thousand values.
 */
function rememberingCheck(field: CompanyField): (value: string) => Checked {
  const schema = fieldSchemas[field];
  const known = new Map<string, Checked>();
  let looked = 0;
  let found = 0;
  // A country column holds names in any of the seven languages or codes: read as a code, and a value that
  // names no country is refused by the schema like any other invalid value.
  const read = countryFields.has(field)
    ? (value: string) => (value.trim() === '' ? '' : (countryCodeOf(value) ?? value))
    : (value: string) => value;
  const check = (value: string): Checked => {
    const parsed = schema.safeParse(read(value));
    return parsed.success
      ? { value: parsed.data as string }
      : { errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
  };
  return (value) => {
    if (looked === rememberedValues && found < rememberedValues / 10) return check(value);
    if (looked < rememberedValues) looked += 1;
    let checked = known.get(value);
    if (checked) {
      found += 1;
      return checked;
    }
    checked = check(value);
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
    const values: Partial<Record<CompanyField, string>> = new RowValues();
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
    return new ValidRow(
      row.rowNumber,
      values,
      values.business_name!,
      values.city ?? '',
      values.vat ? normalizeVat(values.vat) : '',
      companyMatchKey(values.business_name!, values.city ?? ''),
    );
  };
}
