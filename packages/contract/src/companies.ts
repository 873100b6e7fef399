import { z } from 'zod';
import { optionalCountrySchema } from './countries.ts';
import { idSchema, textSchema } from './input-fields.ts';

// Member companies and their brands (spec section 3). Field names are the specification's own
// (business_name, shortName, pubBusinessName ...), so an existing client keeps working.

export const associationStatuses = ['member', 'non_member', 'former_member'] as const;
export type AssociationStatus = (typeof associationStatuses)[number];

/** Upper-case, without spaces, dots, dashes or slashes: the form VAT numbers are compared and stored in. */
export function normalizeVat(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** The check digit of an Italian partita IVA (11 digits, Luhn-like). */
function italianVatChecksumOk(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < 11; index++) {
    let digit = Number(digits[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A VAT number is well formed when it is an Italian partita IVA (11 digits with a valid check digit, with or
 * without the IT prefix) or another EU-style number: a two-letter country prefix and 2-13 letters or digits.
 */
function isWellFormedVat(normalized: string): boolean {
  const italian = /^(?:IT)?(\d{11})$/.exec(normalized);
  if (italian) return italianVatChecksumOk(italian[1]);
  if (normalized.startsWith('IT')) return false;
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(normalized);
}

/**
 * The same key for "ACME  srl" and "acme SRL": trimmed, spaces collapsed, lower case, NFC. Italian has no
 * case rules of its own (Unicode's special casing has them for Lithuanian, Turkish and Azeri only), so the
 * plain lower case is the Italian one, without a locale lookup on every call (an import makes two per row).
 */
export function matchText(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const optionalText = (max: number) =>
  textSchema({ error: 'fieldInvalid' }).trim().max(max, { error: 'tooLong' });

const requiredText = (max: number) =>
  textSchema({ error: 'fieldRequired' })
    .trim()
    .min(1, { error: 'fieldRequired' })
    .max(max, { error: 'tooLong' });

const phoneSchema = optionalText(50).refine((value) => value === '' || /^[0-9+()./\s-]{3,50}$/.test(value), {
  error: 'fieldInvalid',
});

// Built once: a zod schema costs far more to build than to run, and imports check every row of a file.
const emailFormat = z.email();
const httpUrlFormat = z.url({ protocol: /^https?$/ });

const emailField = optionalText(254).refine((value) => value === '' || emailFormat.safeParse(value).success, {
  error: 'emailInvalid',
});

/** Accepts "www.example.com" as "http://www.example.com"; anything else must be an http(s) URL. */
function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return /^[\w-]+(\.[\w-]+)+(\/.*)?$/.test(trimmed) ? `http://${trimmed}` : trimmed;
}

// `.overwrite`, not `.transform`: the same rewrite without a pipe of two schemas, whose extra objects an
// import of 100,000 rows made for every web address and VAT number, and kept long enough to fill the old
// generation (decision 13).
/** A web address: "www.example.com" is read as "http://www.example.com"; empty is allowed. */
export const websiteField = optionalText(300)
  .overwrite(normalizeWebsite)
  .refine((value) => value === '' || httpUrlFormat.safeParse(value).success, {
    error: 'urlInvalid',
  });

const vatField = optionalText(30)
  .overwrite(normalizeVat)
  .refine((value) => value === '' || isWellFormedVat(value), { error: 'fieldInvalid' });

/** Every editable field of a company, as the API and the web forms share them. */
export const companyFieldsSchema = z.object({
  business_name: requiredText(200),
  shortName: optionalText(100),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalCountrySchema,
  postalCode: optionalText(20),
  telephone: phoneSchema,
  fax: phoneSchema,
  vat: vatField,
  email: emailField,
  website: websiteField,
  note: optionalText(4000),
  typology: optionalText(80),
  associationStatus: z.enum(associationStatuses, { error: 'fieldInvalid' }),
  pubBusinessName: optionalText(200),
  pubAddress: optionalText(200),
  pubPostalCode: optionalText(20),
  pubCity: optionalText(100),
  pubState: optionalText(100),
  pubCountry: optionalCountrySchema,
  pubTelephone: phoneSchema,
  pubFax: phoneSchema,
  pubWebsite: websiteField,
  pubEmail: emailField,
});
type CompanyFields = z.output<typeof companyFieldsSchema>;
export type CompanyField = keyof CompanyFields;
export const companyFieldNames = Object.keys(companyFieldsSchema.shape) as CompanyField[];

/** The registered field each public variant copies with "same as registered". */
export const publicVariantOf = {
  pubBusinessName: 'business_name',
  pubAddress: 'address',
  pubPostalCode: 'postalCode',
  pubCity: 'city',
  pubState: 'state',
  pubCountry: 'country',
  pubTelephone: 'telephone',
  pubFax: 'fax',
  pubWebsite: 'website',
  pubEmail: 'email',
} as const satisfies Partial<Record<CompanyField, CompanyField>>;

const brandIds = z.array(idSchema, { error: 'fieldInvalid' });

/** Create: only the business name is required; missing fields are empty, status defaults to non_member. */
export const companyCreateRequest = companyFieldsSchema.partial().extend({
  business_name: requiredText(200),
  brands: brandIds.optional(),
});
export type CompanyCreateRequest = z.input<typeof companyCreateRequest>;

export const companyUpdateRequest = companyFieldsSchema.partial().extend({ brands: brandIds.optional() });

const brandSchema = z.object({ id: z.number().int(), name: z.string() });

const companyStringFields = Object.fromEntries(companyFieldNames.map((name) => [name, z.string()])) as {
  [K in CompanyField]: z.ZodString;
};

export const companySchema = z.object({
  id: z.number().int(),
  ...companyStringFields,
  /** What was typed before countries were codes and named none, for the office to fix; else empty. */
  countryUnmapped: z.string(),
  pubCountryUnmapped: z.string(),
  brands: z.array(brandSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyBrandsRequest = z.object({ brands: brandIds });

export const brandRequest = z.object({ name: requiredText(120) });

export const brandListRowSchema = brandSchema.extend({ companies: z.number().int() });
export type BrandListRow = z.infer<typeof brandListRowSchema>;

export const companiesListQuery = z.object({
  associationStatus: z.enum(associationStatuses, { error: 'fieldInvalid' }).optional(),
  typology: textSchema().max(80, { error: 'tooLong' }).optional(),
});
