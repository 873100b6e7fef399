import {
  brands,
  companies,
  companyBrands,
  type Executor,
  galleries,
  galleryCategories,
  galleryImageBrands,
  galleryImageCompanies,
  galleryImages,
} from '@pressroom/db';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { galleryOpenOnSite } from '../../access/index.ts';
import { containsIgnoringAccents } from '../../lib/datatables.ts';
import type { ImageRow } from './repository.ts';

export interface ImageTags {
  companies: { id: number; name: string }[];
  brands: { id: number; name: string }[];
}

export const noTags: ImageTags = { companies: [], brands: [] };

export const companyName = sql<string>`coalesce(nullif(${companies.pubBusinessName}, ''), ${companies.businessName})`;

/** The companies and brands each image is tagged with, by name. */
export async function tagsOfImages(db: Executor, imageIds: number[]): Promise<Map<number, ImageTags>> {
  const tags = new Map<number, ImageTags>(imageIds.map((id) => [id, { companies: [], brands: [] }]));
  if (imageIds.length === 0) return tags;
  const [companyRows, brandRows] = await Promise.all([
    db
      .select({ imageId: galleryImageCompanies.imageId, id: companies.id, name: companyName })
      .from(galleryImageCompanies)
      .innerJoin(companies, eq(companies.id, galleryImageCompanies.companyId))
      .where(inArray(galleryImageCompanies.imageId, imageIds))
      .orderBy(sql`lower(${companyName})`),
    db
      .select({ imageId: galleryImageBrands.imageId, id: brands.id, name: brands.name })
      .from(galleryImageBrands)
      .innerJoin(brands, eq(brands.id, galleryImageBrands.brandId))
      .where(inArray(galleryImageBrands.imageId, imageIds))
      .orderBy(sql`lower(${brands.name})`),
  ]);
  for (const row of companyRows) tags.get(row.imageId)?.companies.push({ id: row.id, name: row.name });
  for (const row of brandRows) tags.get(row.imageId)?.brands.push({ id: row.id, name: row.name });
  return tags;
}

/** Ids among `ids` that exist in the table (companies or brands). */
export async function existingIds(db: Executor, kind: 'companies' | 'brands', ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const table = kind === 'companies' ? companies : brands;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Replaces an image's tags (only the kinds given). */
export async function replaceImageTags(
  db: Executor,
  imageId: number,
  tags: { companies?: number[]; brands?: number[] },
) {
  await db.transaction(async (transaction) => {
    if (tags.companies) {
      await transaction.delete(galleryImageCompanies).where(eq(galleryImageCompanies.imageId, imageId));
      if (tags.companies.length > 0) {
        await transaction
          .insert(galleryImageCompanies)
          .values([...new Set(tags.companies)].map((companyId) => ({ imageId, companyId })));
      }
    }
    if (tags.brands) {
      await transaction.delete(galleryImageBrands).where(eq(galleryImageBrands.imageId, imageId));
      if (tags.brands.length > 0) {
        await transaction
          .insert(galleryImageBrands)
          .values([...new Set(tags.brands)].map((brandId) => ({ imageId, brandId })));
      }
    }
  });
}

/**
 * Images a journalist of the site may see that show a company (tagged with it, or in its own gallery) or a
 * brand (tagged with it, or tagged with / in a gallery of a company carrying it).
 */
export function showing(filter: { company?: number; brand?: number }): SQL | undefined {
  const taggedCompany = (companyId: SQL | number) =>
    sql`exists (select 1 from ${galleryImageCompanies} where ${galleryImageCompanies.imageId} = ${galleryImages.id} and ${galleryImageCompanies.companyId} = ${companyId})`;
  if (filter.company !== undefined) {
    return or(taggedCompany(filter.company), eq(galleries.companyId, filter.company));
  }
  if (filter.brand !== undefined) {
    const carriers = sql`(select ${companyBrands.companyId} from ${companyBrands} where ${companyBrands.brandId} = ${filter.brand})`;
    return or(
      sql`exists (select 1 from ${galleryImageBrands} where ${galleryImageBrands.imageId} = ${galleryImages.id} and ${galleryImageBrands.brandId} = ${filter.brand})`,
      sql`exists (select 1 from ${galleryImageCompanies} where ${galleryImageCompanies.imageId} = ${galleryImages.id} and ${galleryImageCompanies.companyId} in ${carriers})`,
      sql`${galleries.companyId} in ${carriers}`,
    );
  }
  return undefined;
}

/** Published, shown on the site and held by no event at `now` (the access rules' open gallery). */
const publishedOnSite = (siteId: number, now: Date) => galleryOpenOnSite(siteId, now);

export async function countShowing(
  db: Executor,
  siteId: number,
  filter: { company?: number; brand?: number },
  where: SQL | undefined,
  now: Date,
) {
  const [row] = await db
    .select({ total: count() })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(and(publishedOnSite(siteId, now), showing(filter), where));
  return row?.total ?? 0;
}

export async function pageShowing(
  db: Executor,
  siteId: number,
  filter: { company?: number; brand?: number },
  options: { where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number },
  now: Date,
): Promise<ImageRow[]> {
  const query = db
    .select({ image: galleryImages })
    .from(galleryImages)
    .innerJoin(galleries, eq(galleries.id, galleryImages.galleryId))
    .innerJoin(galleryCategories, eq(galleryCategories.id, galleries.categoryId))
    .where(and(publishedOnSite(siteId, now), showing(filter), options.where))
    .orderBy(...options.orderBy, asc(galleryImages.id))
    .offset(options.offset);
  const rows = await (options.limit === null ? query : query.limit(options.limit));
  return rows.map((row) => row.image);
}

/** Companies and brands with at least one image a journalist of the site may see (the gallery's filter). */
export async function tagsOnSite(db: Executor, siteId: number, now: Date): Promise<ImageTags> {
  const visible = sql`${galleryImages.galleryId} in (select ${galleries.id} from ${galleries} where ${galleryOpenOnSite(siteId, now)})`;
  const [companyRows, brandRows] = await Promise.all([
    db
      .selectDistinct({ id: companies.id, name: companyName })
      .from(companies)
      .where(
        sql`${companies.id} in (select ${galleryImageCompanies.companyId} from ${galleryImageCompanies} join ${galleryImages} on ${galleryImages.id} = ${galleryImageCompanies.imageId} where ${visible})
          or ${companies.id} in (select ${galleries.companyId} from ${galleries} where ${galleryOpenOnSite(siteId, now)} and exists (select 1 from ${galleryImages} where ${galleryImages.galleryId} = ${galleries.id}))`,
      )
      .orderBy(companyName),
    db
      .selectDistinct({ id: brands.id, name: brands.name })
      .from(brands)
      .where(
        sql`${brands.id} in (select ${galleryImageBrands.brandId} from ${galleryImageBrands} join ${galleryImages} on ${galleryImages.id} = ${galleryImageBrands.imageId} where ${visible})`,
      )
      .orderBy(brands.name),
  ]);
  return { companies: companyRows, brands: brandRows };
}

/** Companies or brands whose name contains `search` (any case and accents), by name: the tag pickers. */
export async function tagChoices(db: Executor, kind: 'companies' | 'brands', search: string, limit = 20) {
  const contains = containsIgnoringAccents(search);
  if (kind === 'companies') {
    return db
      .select({ id: companies.id, name: companyName })
      .from(companies)
      .where(
        search === '' ? undefined : or(contains(companies.businessName), contains(companies.pubBusinessName)),
      )
      .orderBy(sql`lower(${companyName})`, asc(companies.id))
      .limit(limit);
  }
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(search === '' ? undefined : contains(brands.name))
    .orderBy(sql`lower(${brands.name})`, asc(brands.id))
    .limit(limit);
}
