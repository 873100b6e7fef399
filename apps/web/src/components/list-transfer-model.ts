/**
 * The rules of the list-transfer widget, apart from React so they can be tested alone: which items show on
 * each side (filter), what a key does to the focus and the selection of a multi-select listbox (WAI-ARIA
 * listbox pattern), and what a move leaves assigned.
 */

export interface TransferItem {
  id: string;
  label: string;
  /** Extra words the filter also matches (e.g. the technical name of a permission). */
  keywords?: string;
}

export type Side = 'available' | 'assigned';

/** Case- and accent-insensitive text for the filter. */
function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export function matchesFilter(item: TransferItem, filter: string): boolean {
  const wanted = foldText(filter.trim());
  if (!wanted) return true;
  return foldText(`${item.label} ${item.keywords ?? ''}`).includes(wanted);
}

/** The items of one side, in the order of `items`, that the side's filter lets through. */
export function sideItems(
  items: readonly TransferItem[],
  assigned: ReadonlySet<string>,
  side: Side,
  filter: string,
): TransferItem[] {
  return items.filter(
    (item) => (side === 'assigned') === assigned.has(item.id) && matchesFilter(item, filter),
  );
}

/** The assigned ids after moving `ids` to `target`, in the order of `items`. */
export function moveItems(
  items: readonly TransferItem[],
  assigned: readonly string[],
  ids: readonly string[],
  target: Side,
): string[] {
  const next = new Set(assigned);
  for (const id of ids) {
    if (target === 'assigned') next.add(id);
    else next.delete(id);
  }
  return items.filter((item) => next.has(item.id)).map((item) => item.id);
}

export interface ListboxState {
  /** The option holding the visual focus (aria-activedescendant), or null when the list is empty. */
  active: string | null;
  selected: ReadonlySet<string>;
  /** Where a Shift+click range starts. */
  anchor: string | null;
}

export interface KeyInput {
  key: string;
  shift: boolean;
  /** Ctrl or Cmd. */
  control: boolean;
}

/**
 * The multi-select listbox keys (WAI-ARIA APG, "recommended" model): arrows and Home/End move the focus
 * without selecting; Space toggles the focused option; Shift+arrows move and toggle the option reached (extend);
 * Ctrl+Shift+Home/End select from the focused option to the first/last; Ctrl+A selects all, or none when
 * all are selected. Answers null for a key the listbox does not handle.
 */
export function listboxKey(
  state: ListboxState,
  visibleIds: readonly string[],
  input: KeyInput,
): ListboxState | null {
  if (visibleIds.length === 0) return null;
  const index = state.active === null ? -1 : visibleIds.indexOf(state.active);
  const at = (position: number) => visibleIds[Math.max(0, Math.min(visibleIds.length - 1, position))];
  const withSelected = (ids: readonly string[], on: boolean) => {
    const next = new Set(state.selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  };
  switch (input.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      const step = input.key === 'ArrowDown' ? 1 : -1;
      const target = index === -1 ? visibleIds[0] : at(index + step);
      if (!input.shift) return { ...state, active: target, anchor: target };
      // Shift: the option moved to joins (or leaves) the selection.
      return { ...state, active: target, selected: withSelected([target], !state.selected.has(target)) };
    }
    case 'Home':
    case 'End': {
      const target = input.key === 'Home' ? visibleIds[0] : visibleIds[visibleIds.length - 1];
      if (input.shift && input.control) {
        const from = Math.max(0, index);
        const to = visibleIds.indexOf(target);
        const range = visibleIds.slice(Math.min(from, to), Math.max(from, to) + 1);
        return { ...state, active: target, selected: withSelected(range, true) };
      }
      return { ...state, active: target, anchor: target };
    }
    case ' ':
    case 'Spacebar': {
      const target = index === -1 ? visibleIds[0] : visibleIds[index];
      if (input.shift && state.anchor !== null && visibleIds.includes(state.anchor)) {
        const from = visibleIds.indexOf(state.anchor);
        const to = visibleIds.indexOf(target);
        const range = visibleIds.slice(Math.min(from, to), Math.max(from, to) + 1);
        return { ...state, active: target, selected: withSelected(range, true) };
      }
      return {
        active: target,
        anchor: target,
        selected: withSelected([target], !state.selected.has(target)),
      };
    }
    case 'a':
    case 'A': {
      if (!input.control) return null;
      const allSelected = visibleIds.every((id) => state.selected.has(id));
      return {
        ...state,
        active: state.active ?? visibleIds[0],
        selected: allSelected ? withSelected(visibleIds, false) : withSelected(visibleIds, true),
      };
    }
    default:
      return null;
  }
}

/** A click: toggles the option; Shift+click selects the range from the anchor. */
export function listboxClick(
  state: ListboxState,
  visibleIds: readonly string[],
  id: string,
  shift: boolean,
): ListboxState {
  if (shift && state.anchor !== null && visibleIds.includes(state.anchor)) {
    const from = visibleIds.indexOf(state.anchor);
    const to = visibleIds.indexOf(id);
    const next = new Set(state.selected);
    for (const rangeId of visibleIds.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(rangeId);
    return { ...state, active: id, selected: next };
  }
  const next = new Set(state.selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { active: id, anchor: id, selected: next };
}

/**
 * Keeps a side's state consistent with what it shows: selection limited to visible options, the focus on a
 * visible option (the nearest one to where it was when its option left).
 */
export function reconcile(
  state: ListboxState,
  visibleIds: readonly string[],
  previousIds: readonly string[] = visibleIds,
): ListboxState {
  const selected = new Set([...state.selected].filter((id) => visibleIds.includes(id)));
  let active = state.active;
  if (active !== null && !visibleIds.includes(active)) {
    const formerIndex = previousIds.indexOf(active);
    active =
      visibleIds.length === 0 ? null : visibleIds[Math.min(Math.max(0, formerIndex), visibleIds.length - 1)];
  }
  if (active === null && visibleIds.length > 0 && state.active !== null) active = visibleIds[0];
  const anchor = state.anchor !== null && visibleIds.includes(state.anchor) ? state.anchor : active;
  const unchanged =
    active === state.active && anchor === state.anchor && selected.size === state.selected.size;
  return unchanged ? state : { active, anchor, selected };
}
