/**
 * The position changes that move one item a step up (-1) or down (+1) among its siblings: the siblings are
 * renumbered 0, 1, 2... in the new order, and only those whose position changes are listed.
 */
export function reorderSteps<Item extends { id: number; position: number }>(
  siblings: readonly Item[],
  id: number,
  step: -1 | 1,
): { id: number; position: number }[] {
  const order = [...siblings];
  const index = order.findIndex((item) => item.id === id);
  const target = index + step;
  if (index < 0 || target < 0 || target >= order.length) return [];
  [order[index], order[target]] = [order[target], order[index]];
  return order
    .map((item, position) => ({ id: item.id, position, before: item.position }))
    .filter((item) => item.position !== item.before)
    .map(({ id: itemId, position }) => ({ id: itemId, position }));
}
