import type { GalleryTreeNode } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import {
  canEditGallery,
  canPublishGallery,
  canUseGalleryAdmin,
  findCategory,
  findGallery,
  flattenCategories,
  subtreeIds,
} from './gallery-admin-rules.ts';

const node = (id: number, childs: GalleryTreeNode[] = [], galleryIds: number[] = []): GalleryTreeNode => ({
  id,
  name: { en: `Category ${id}` },
  position: id,
  groups: [1],
  childs,
  galleries: galleryIds.map((galleryId) => ({
    id: galleryId,
    name: { en: `Gallery ${galleryId}` },
    position: 0,
    status: 'draft',
    company_id: null,
    image_count: 0,
  })),
});

const tree = [node(1, [node(2, [node(3, [], [30])]), node(4)]), node(5, [], [50])];

const pressOffice = { permissions: ['gallery.manage_all', 'gallery.write_own_company'], company_id: null };
const companyAgent = { permissions: ['gallery.write_own_company'], company_id: 7 };
const companyAdministrator = {
  permissions: ['gallery.write_own_company', 'gallery.publish_own_company'],
  company_id: 7,
};
const journalist = { permissions: ['press_area.access'], company_id: null };

describe('gallery back-office rules', () => {
  it('opens the back office to the press office and to company agents, not to journalists', () => {
    expect([pressOffice, companyAgent, journalist, null].map(canUseGalleryAdmin)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('lets a company agent edit only the draft galleries of their own company', () => {
    expect(canEditGallery(companyAgent, { company_id: 7, status: 'draft' })).toBe(true);
    expect(canEditGallery(companyAgent, { company_id: 7, status: 'published' })).toBe(false);
    expect(canEditGallery(companyAgent, { company_id: 8, status: 'draft' })).toBe(false);
    expect(canEditGallery(companyAgent, { company_id: null, status: 'draft' })).toBe(false);
    expect(canEditGallery(pressOffice, { company_id: 8, status: 'published' })).toBe(true);
  });

  it("lets a company administrator publish their own company's galleries, as the press office does", () => {
    expect(canPublishGallery(companyAdministrator, { company_id: 7 })).toBe(true);
    expect(canEditGallery(companyAdministrator, { company_id: 7, status: 'published' })).toBe(true);
    expect(canPublishGallery(companyAdministrator, { company_id: 8 })).toBe(false);
    expect(canPublishGallery(companyAgent, { company_id: 7 })).toBe(false);
    expect(canPublishGallery(pressOffice, { company_id: null })).toBe(true);
  });

  it('finds a category with its parent, siblings and trail', () => {
    const place = findCategory(tree, 3);
    expect(place?.parent?.id).toBe(2);
    expect(place?.siblings.map((item) => item.id)).toEqual([3]);
    expect(place?.trail.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(findCategory(tree, 99)).toBeNull();
  });

  it('finds the category that holds a gallery', () => {
    expect(findGallery(tree, 30)?.trail.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(findGallery(tree, 50)?.category.id).toBe(5);
    expect(findGallery(tree, 99)).toBeNull();
  });

  it('lists the categories in tree order with their depth', () => {
    expect(flattenCategories(tree).map(({ node: item, depth }) => [item.id, depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 0],
    ]);
  });

  it('knows a category and everything under it', () => {
    expect([...subtreeIds(tree[0])].sort()).toEqual([1, 2, 3, 4]);
  });
});
