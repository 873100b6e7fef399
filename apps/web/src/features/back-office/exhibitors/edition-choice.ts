import type { Edition } from '@pressroom/contract';

/** The edition under way or next (the soonest to end of those not over), else the latest ended. */
export function currentEdition(editions: readonly Edition[], today: string): Edition | undefined {
  const open = editions.filter((edition) => edition.ends_on >= today);
  open.sort((a, b) => a.ends_on.localeCompare(b.ends_on));
  return open[0] ?? [...editions].sort((a, b) => b.ends_on.localeCompare(a.ends_on))[0];
}
