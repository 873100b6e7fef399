import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { brands, companies } from './companies.ts';
import { galleryImages } from './gallery.ts';

/**
 * Member companies and brands an image shows (a stand, a product line): journalists find a company's pictures
 * across galleries. An image of a company's own gallery belongs to that company without a tag.
 */
export const galleryImageCompanies = pgTable(
  'gallery_image_companies',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => galleryImages.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.companyId] }),
    index('gallery_image_companies_company_idx').on(table.companyId),
  ],
);

export const galleryImageBrands = pgTable(
  'gallery_image_brands',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => galleryImages.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.brandId] }),
    index('gallery_image_brands_brand_idx').on(table.brandId),
  ],
);
