import type { StatisticsQuery } from '@pressroom/contract';

/**
 * The filter once the reader sets one end of the period: the other end stays the one shown (the current
 * edition's by default), so that moving one date never moves the other under the reader's eyes. Emptying a
 * date goes back to the default period's end.
 */
export function withPeriodEnd(
  filter: StatisticsQuery,
  shown: { from: string; to: string } | undefined,
  end: 'from' | 'to',
  value: string,
): StatisticsQuery {
  const other = end === 'from' ? 'to' : 'from';
  return { ...filter, [other]: filter[other] ?? shown?.[other], [end]: value || undefined };
}
