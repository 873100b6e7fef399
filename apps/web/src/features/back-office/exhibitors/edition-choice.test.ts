import type { Edition } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { currentEdition } from './edition-choice.ts';

let sequence = 0;
function edition(starts_on: string, ends_on: string): Edition {
  sequence += 1;
  return {
    id: sequence,
    site: 1,
    site_name: 'Tile Fair',
    name: `Tile Fair ${starts_on.slice(0, 4)}`,
    starts_on,
    ends_on,
    proof_required: true,
    time_zone: 'Europe/Rome',
    counts: {},
  };
}

describe('the edition the exhibitors screen opens on', () => {
  const spring = edition('2027-03-10', '2027-03-14');
  const autumn = edition('2026-09-22', '2026-09-26');
  const past = edition('2025-09-23', '2025-09-27');

  it('is the edition under way', () => {
    expect(currentEdition([spring, autumn, past], '2026-09-24')).toBe(autumn);
  });

  it('is the next edition between two fairs', () => {
    expect(currentEdition([spring, autumn, past], '2026-10-01')).toBe(spring);
  });

  it('is the latest ended edition when none is to come', () => {
    expect(currentEdition([past, autumn], '2027-01-15')).toBe(autumn);
  });

  it('is none without editions', () => {
    expect(currentEdition([], '2027-01-15')).toBeUndefined();
  });
});
