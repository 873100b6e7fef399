import {
  type CompanyField,
  type companyCreateRequest,
  companyFieldNames,
  type companyUpdateRequest,
} from '@pressroom/contract';
import type { Database, Executor } from '@pressroom/db';
import type { z } from 'zod';
import { notFound, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { columnOf } from '../../lib/company-fields.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import {
  type CompanyValues,
  countCompanyUsers,
  deleteBrand,
  deleteCompany,
  existingBrandIds,
  findBrand,
  findCompany,
  insertBrand,
  insertCompany,
  renameBrand,
  replaceCompanyBrands,
  updateCompany,
} from './repository.ts';

export interface CompaniesDeps {
  db: Database;
  clock: Clock;
}

type CreateInput = z.output<typeof companyCreateRequest>;
type UpdateInput = z.output<typeof companyUpdateRequest>;

function columnValues(input: Partial<Record<CompanyField, string>>): Partial<CompanyValues> {
  const values: Partial<CompanyValues> = {};
  for (const field of companyFieldNames) {
    const value = input[field];
    if (value !== undefined) Object.assign(values, { [columnOf(field)]: value });
  }
  // Choosing a country settles what was typed before countries were codes.
  if (values.country !== undefined) values.countryUnmapped = '';
  if (values.pubCountry !== undefined) values.pubCountryUnmapped = '';
  return values;
}

async function checkBrands(db: Executor, ids: number[] | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const existing = await existingBrandIds(db, unique);
  if (existing.size !== unique.length) throw validationError({ brands: ['fieldInvalid'] });
  return unique;
}

function vatTaken(error: unknown): never {
  if (isUniqueViolation(error, 'companies_vat_unique')) throw validationError({ vat: ['vatTaken'] });
  throw error;
}

export async function createCompany(deps: CompaniesDeps, input: CreateInput) {
  const { brands, ...fields } = input;
  const now = deps.clock.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const brandIds = await checkBrands(tx, brands);
      const company = await insertCompany(
        tx,
        { associationStatus: 'non_member', ...columnValues(fields), businessName: fields.business_name },
        now,
      );
      if (brandIds) await replaceCompanyBrands(tx, company.id, brandIds);
      return company.id;
    });
    return (await findCompany(deps.db, id))!;
  } catch (error) {
    vatTaken(error);
  }
}

export async function editCompany(deps: CompaniesDeps, id: number, input: UpdateInput) {
  const { brands, ...fields } = input;
  try {
    await deps.db.transaction(async (tx) => {
      const current = await findCompany(tx, id);
      if (!current) throw notFound();
      const brandIds = await checkBrands(tx, brands);
      await updateCompany(tx, current, columnValues(fields), deps.clock.now());
      if (brandIds) await replaceCompanyBrands(tx, id, brandIds);
    });
  } catch (error) {
    vatTaken(error);
  }
  return (await findCompany(deps.db, id))!;
}

export async function setCompanyBrands(deps: CompaniesDeps, id: number, brandIds: number[]) {
  return editCompany(deps, id, { brands: brandIds });
}

/** A company that still has users is kept: deleting it would leave them attached to nothing. */
export async function removeCompany(deps: CompaniesDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    if (!(await findCompany(tx, id))) throw notFound();
    if ((await countCompanyUsers(tx, id)) > 0)
      throw validationError({ non_field_errors: ['companyHasUsers'] });
    await deleteCompany(tx, id);
  });
}

export async function getCompany(deps: CompaniesDeps, id: number) {
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  return company;
}

// ------------------------------------------------------------------------------------------------- brands

function brandTaken(error: unknown): never {
  if (isUniqueViolation(error, 'brands_name_lower_unique')) throw validationError({ name: ['brandTaken'] });
  throw error;
}

export async function createBrand(deps: CompaniesDeps, name: string) {
  try {
    const brand = await insertBrand(deps.db, name, deps.clock.now());
    return { ...brand, companies: 0 };
  } catch (error) {
    brandTaken(error);
  }
}

export async function editBrand(deps: CompaniesDeps, id: number, name: string) {
  try {
    if (!(await renameBrand(deps.db, id, name))) throw notFound();
  } catch (error) {
    brandTaken(error);
  }
  return (await findBrand(deps.db, id))!;
}

export async function getBrand(deps: CompaniesDeps, id: number) {
  const brand = await findBrand(deps.db, id);
  if (!brand) throw notFound();
  return brand;
}

export async function removeBrand(deps: CompaniesDeps, id: number) {
  if (!(await deleteBrand(deps.db, id))) throw notFound();
}
