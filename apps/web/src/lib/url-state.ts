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
  // before the next render (two filters chosen quickly) kept only the second: each change starts from the
  // one before it.
  const latest = useRef(params);
  latest.current = params;
  const read = (key: string) => params.get(`${prefix}${key}`);
  const update = (changes: ParamChanges, replace = false) => {
    const next = withParams(latest.current, changes, prefix);
    latest.current = next;
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
