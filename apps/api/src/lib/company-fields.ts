import { type CompanyField, matchText } from '@pressroom/contract';
import type { companies } from '@pressroom/db';

// Shared by the companies and imports features: how API field names meet columns, and how a company is
// recognised without its VAT number.

type CompanyColumn = keyof typeof companies.$inferInsert;

/** The API names the business name as the specification does; every other field keeps its column's name. */
export function columnOf(field: CompanyField): CompanyColumn {
  return field === 'business_name' ? 'businessName' : field;
}

/** Business name and city, ignoring case and spacing: how imports recognise a company without VAT. */
export function companyMatchKey(businessName: string, city: string): string {
  return `${matchText(businessName)}|${matchText(city)}`.slice(0, 310);
}
