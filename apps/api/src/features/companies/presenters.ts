import { type BrandListRow, type Company, companyFieldNames } from '@pressroom/contract';
import { columnOf } from '../../lib/company-fields.ts';
import type { BrandRow, CompanyWithBrands } from './repository.ts';

export function presentCompany(row: CompanyWithBrands): Company {
  const fields = Object.fromEntries(
    companyFieldNames.map((field) => [field, String(row[columnOf(field)] ?? '')]),
  );
  return {
    id: row.id,
    ...(fields as Omit<
      Company,
      'id' | 'countryUnmapped' | 'pubCountryUnmapped' | 'brands' | 'created_at' | 'updated_at'
    >),
    countryUnmapped: row.countryUnmapped,
    pubCountryUnmapped: row.pubCountryUnmapped,
    brands: row.brands,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentBrand(row: BrandRow): BrandListRow {
  return { id: row.id, name: row.name, companies: Number(row.companies) };
}
