import type { Stand } from '@pressroom/contract';
import type { TFunction } from 'i18next';

/** An exhibitor's stands in one line, in the interface language ("Hall 5, stand A12 · Hall 6, stand B3"). */
export function standsText(stands: readonly Stand[], t: TFunction): string {
  return stands.map((stand) => t('backOffice.exhibitors.standText', stand)).join(' · ');
}
