import { describe, expect, it } from 'vitest';
import {
  type ListboxState,
  listboxClick,
  listboxKey,
  matchesFilter,
  moveItems,
  reconcile,
  sideItems,
} from './list-transfer-model.ts';

const items = [
  { id: '1', label: 'Ceramiche Àurea' },
  { id: '2', label: 'Gres Porcellanato' },
  { id: '3', label: 'Marazzi' },
  { id: '4', label: 'Novabell' },
];
const ids = items.map((item) => item.id);
const start: ListboxState = { active: null, selected: new Set(), anchor: null };
const key = (state: ListboxState, name: string, modifiers: { shift?: boolean; control?: boolean } = {}) =>
  listboxKey(state, ids, { key: name, shift: !!modifiers.shift, control: !!modifiers.control });

describe('list-transfer rules', () => {
  it('splits the items between the sides and filters each without regard to case or accents', () => {
    const assigned = new Set(['2']);
    expect(sideItems(items, assigned, 'available', '').map((item) => item.id)).toEqual(['1', '3', '4']);
    expect(sideItems(items, assigned, 'assigned', '').map((item) => item.id)).toEqual(['2']);
    expect(sideItems(items, assigned, 'available', 'AUREA').map((item) => item.id)).toEqual(['1']);
    expect(matchesFilter({ id: 'x', label: 'Press', keywords: 'press_area.access' }, 'area.acc')).toBe(true);
  });

  it('moves ids either way and keeps the order of the items', () => {
    expect(moveItems(items, ['3'], ['4', '1'], 'assigned')).toEqual(['1', '3', '4']);
    expect(moveItems(items, ['1', '3', '4'], ['3'], 'available')).toEqual(['1', '4']);
  });

  it('moves the focus with the arrows, Home and End without selecting', () => {
    let state = key(start, 'ArrowDown')!;
    expect(state.active).toBe('1');
    state = key(state, 'ArrowDown')!;
    state = key(state, 'ArrowDown')!;
    expect(state.active).toBe('3');
    expect(key(state, 'End')!.active).toBe('4');
    expect(key(state, 'Home')!.active).toBe('1');
    expect(key(key(state, 'End')!, 'ArrowDown')!.active).toBe('4');
    expect(state.selected.size).toBe(0);
  });

  it('toggles with Space, extends with Shift+arrows, selects all (then none) with Ctrl+A', () => {
    let state = key(key(start, 'ArrowDown')!, ' ')!;
    expect([...state.selected]).toEqual(['1']);
    state = key(state, 'ArrowDown', { shift: true })!;
    expect([...state.selected].sort()).toEqual(['1', '2']);
    state = key(state, ' ')!;
    expect([...state.selected]).toEqual(['1']);
    state = key(state, 'a', { control: true })!;
    expect([...state.selected].sort()).toEqual(ids);
    state = key(state, 'a', { control: true })!;
    expect(state.selected.size).toBe(0);
    expect(key(state, 'a')).toBeNull();
    expect(key(state, 'x')).toBeNull();
  });

  it('selects up to the last option with Ctrl+Shift+End', () => {
    const second = key(key(start, 'ArrowDown')!, 'ArrowDown')!;
    expect([...key(second, 'End', { shift: true, control: true })!.selected].sort()).toEqual(['2', '3', '4']);
  });

  it('selects a range with Shift+click from the last clicked option', () => {
    const first = listboxClick(start, ids, '2', false);
    expect([...listboxClick(first, ids, '4', true).selected].sort()).toEqual(['2', '3', '4']);
    expect(listboxClick(first, ids, '2', false).selected.size).toBe(0);
  });

  it('keeps the focus on a shown option when its option moves to the other side', () => {
    const state: ListboxState = { active: '3', anchor: '3', selected: new Set(['3', '4']) };
    const next = reconcile(state, ['1', '2'], ids);
    expect(next.active).toBe('2');
    expect(next.selected.size).toBe(0);
    expect(reconcile({ active: '1', anchor: '1', selected: new Set() }, [], ['1']).active).toBeNull();
  });
});
