import type { GalleryTreeNode, Permission, SessionUser } from '@pressroom/contract';

/**
 * What the signed-in user may do in the gallery back office, mirroring the server's rules (PRODUCT.md section
 * 3) so the screen only offers what will succeed; the server decides anyway.
 */
type Editor = Pick<SessionUser, 'permissions' | 'company_id'>;

const holds = (user: Editor | null, permission: Permission) => !!user?.permissions.includes(permission);

/** The press office (and global administrators): the whole tree, publishing, categories. */
export const managesAllGalleries = (user: Editor | null) => holds(user, 'gallery.manage_all');

/** Company agents and administrators: draft galleries of their own company. */
export const writesCompanyGalleries = (user: Editor | null) =>
  holds(user, 'gallery.write_own_company') && user?.company_id !== null && user?.company_id !== undefined;

export const canUseGalleryAdmin = (user: Editor | null) =>
  managesAllGalleries(user) || writesCompanyGalleries(user);

/** The press office, and company administrators for their own company's galleries. */
export function canPublishGallery(user: Editor | null, gallery: { company_id: number | null }) {
  if (managesAllGalleries(user)) return true;
  return (
    holds(user, 'gallery.publish_own_company') &&
    gallery.company_id !== null &&
    gallery.company_id === user?.company_id
  );
}

/** Once published, a gallery is out of a company agent's hands. */
export function canEditGallery(
  user: Editor | null,
  gallery: { company_id: number | null; status: GalleryTreeNode['galleries'][number]['status'] },
) {
  if (canPublishGallery(user, gallery)) return true;
  return (
    writesCompanyGalleries(user) && gallery.company_id === user?.company_id && gallery.status !== 'published'
  );
}

export interface CategoryPlace {
  node: GalleryTreeNode;
  parent: GalleryTreeNode | null;
  /** The node and its siblings, in their order. */
  siblings: GalleryTreeNode[];
  /** Names from the root down to the node (itself included). */
  trail: GalleryTreeNode[];
}

export function findCategory(
  nodes: GalleryTreeNode[],
  id: number,
  parent: GalleryTreeNode | null = null,
  trail: GalleryTreeNode[] = [],
): CategoryPlace | null {
  for (const node of nodes) {
    if (node.id === id) return { node, parent, siblings: nodes, trail: [...trail, node] };
    const below = findCategory(node.childs, id, node, [...trail, node]);
    if (below) return below;
  }
  return null;
}

/** The category holding a gallery, with the gallery as the tree lists it. */
export function findGallery(
  nodes: GalleryTreeNode[],
  id: number,
): { category: GalleryTreeNode; trail: GalleryTreeNode[] } | null {
  const walk = (level: GalleryTreeNode[], trail: GalleryTreeNode[]): ReturnType<typeof findGallery> => {
    for (const node of level) {
      if (node.galleries.some((gallery) => gallery.id === id))
        return { category: node, trail: [...trail, node] };
      const below = walk(node.childs, [...trail, node]);
      if (below) return below;
    }
    return null;
  };
  return walk(nodes, []);
}

/** Every category in tree order with its depth (for "move to" lists). */
export function flattenCategories(
  nodes: GalleryTreeNode[],
  depth = 0,
): { node: GalleryTreeNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenCategories(node.childs, depth + 1)]);
}

/** A category and everything under it: none of these may become its new parent. */
export function subtreeIds(node: GalleryTreeNode): Set<number> {
  const ids = new Set<number>([node.id]);
  for (const child of node.childs) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}
