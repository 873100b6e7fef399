import { describe, expect, it } from 'vitest';
import { reorderSteps } from './reorder.ts';

describe('reorderSteps', () => {
  it('renumbers siblings to move one a step, listing only the positions that change', () => {
    const siblings = [
      { id: 10, position: 0 },
      { id: 11, position: 1 },
      { id: 12, position: 2 },
    ];
    expect(reorderSteps(siblings, 12, -1)).toEqual([
      { id: 12, position: 1 },
      { id: 11, position: 2 },
    ]);
    expect(reorderSteps(siblings, 10, -1)).toEqual([]);
    expect(reorderSteps(siblings, 12, 1)).toEqual([]);
    // Equal positions (older data) are renumbered so the move takes effect.
    expect(
      reorderSteps(
        [
          { id: 1, position: 5 },
          { id: 2, position: 5 },
        ],
        1,
        1,
      ),
    ).toEqual([
      { id: 2, position: 0 },
      { id: 1, position: 1 },
    ]);
  });
});
