import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Changes to the address's parameters: null, '' and 0 remove one (each list's default: none, page 0). */
export type ParamChanges = Record<string, string | number | null>;

/** How long typing pauses before a search box changes the address. */
export const searchDelayMs = 300;

/** The parameters with the changes applied; the names get the prefix (a screen with two lists). */
export function withParams(current: URLSearchParams, changes: ParamChanges, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || value === 0) next.delete(`${prefix}${key}`);
    else next.set(`${prefix}${key}`, String(value));
  }
  return next;
}

/**
 * A screen's filters, page and search kept in the address, so that a list can be shared and the back button
 * returns to it. `read` and `update` name the parameters with the prefix; `update` adds a history entry
 * unless `replace` (what typing does, a keystroke at a time).
 */
export function useUrlState(prefix = '') {
  const [params, setParams] = useSearchParams();
  // React Router's functional update starts from the parameters of the last render, so two changes made
  // before the address has caught up (two filters chosen quickly) kept only the second: each change starts
  // from the one before it. The address moves only once the route's loader has run, and the screen may render
  // meanwhile (its list arriving, say) with the old parameters: those must not replace a change still on its
  // way, nor may one of our own changes arriving while a later one is still on its way.
  const latest = useRef(params);
  const seen = useRef(params);
  const sent = useRef<string[]>([]);
  if (seen.current !== params) {
    seen.current = params;
    const arrived = sent.current.indexOf(params.toString());
    // Not one of ours: the back button or a link moved the address, which is now the truth.
    sent.current = arrived === -1 ? [] : sent.current.slice(arrived + 1);
    if (sent.current.length === 0) latest.current = params;
  }
  const read = (key: string) => params.get(`${prefix}${key}`);
  const update = (changes: ParamChanges, replace = false) => {
    const next = withParams(latest.current, changes, prefix);
    latest.current = next;
    sent.current.push(next.toString());
    setParams(next, { replace });
  };
  return { params, read, update };
}

/**
 * The text of a search box whose committed value lives in the address: typing calls `commit` once it
 * pauses (`submit` at once); when the address changes by itself (back button, a link) the box follows it.
 * The address catching up with a commit leaves the box alone: what was typed meanwhile stays.
 */
export function useSearchText(search: string, commit: (text: string) => void) {
  const [text, setText] = useState(search);
  const committed = useRef(search);
  // Enter need not wait for the pause.
  const submit = () => {
    if (text.trim() === committed.current) return;
    committed.current = text.trim();
    commit(text.trim());
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts a search
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = window.setTimeout(submit, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (search === committed.current) return;
    committed.current = search;
    setText(search);
  }, [search]);
  return { text, setText, submit };
}
