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

export function prepareRow(
  row: SourceRow,
  mapping: ImportMapping,
  expectedWidth: number | null,
): PreparedRow {
  const raw = Object.values(row.values);
  if (raw.every((value) => value.trim() === '')) return { kind: 'empty', rowNumber: row.rowNumber };
  const errors: Record<string, string[]> = {};
  const values: Partial<Record<CompanyField, string>> = {};
  for (const [field, column] of Object.entries(mapping) as [CompanyField, string][]) {
    let value = (row.values[column] ?? '').trim();
    if (value === '') continue;
    if (field === 'associationStatus') {
      const status = statusWords[value.toLocaleLowerCase('it')];
      if (!status) {
        errors[field] = ['fieldInvalid'];
        continue;
      }
      value = status;
    }
    const parsed = fieldSchemas[field].safeParse(value);
    if (parsed.success) values[field] = parsed.data as string;
    else errors[field] = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  }
  const businessName = values.business_name ?? (row.values[mapping.business_name ?? ''] ?? '').trim();
  if (!values.business_name && !errors.business_name) errors.business_name = ['fieldRequired'];
  if (expectedWidth !== null && row.width !== expectedWidth) {
    return {
      kind: 'invalid',
      rowNumber: row.rowNumber,
      businessName: businessName.slice(0, 200),
      errors,
      reason: 'importRowColumnCount',
      reasonParams: { found: row.width, expected: expectedWidth },
    };
  }
  if (Object.keys(errors).length > 0) {
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
}
