import { type FirstScreenData, firstScreenIds } from '@pressroom/contract';
import { keepFirstScreenAnswers } from '../features/press-releases/home-data.ts';
import { currentLanguage } from '../lib/i18n/index.ts';
import { knownGroup } from '../lib/site.ts';

/**
 * The app taking over Home's first screen, which the server rendered into index.html and the page's script
 * kept (html[data-first-screen], decision 15). Before the router starts (main.tsx): the answers the screen
 * shows go into the query cache, so the app's first render is the same screen without asking again; what
 * the reader typed or chose in its search meanwhile moves into the address, as the app's own fields would have
 * put it. Returns what to do as the app's first render replaces the screen: a reader typing in its search goes on
 * typing in the app's, with what they typed meanwhile.
 */
export function takeOverFirstScreen(): () => void {
  const nothing = () => undefined;
  const screen = document.getElementById(firstScreenIds.screen);
  if (!screen || !document.documentElement.hasAttribute('data-first-screen')) return nothing;

  const data = servedAnswers();
  if (data && data.site === knownGroup()?.id && data.language === currentLanguage()) {
    keepFirstScreenAnswers(data);
  }

  const search = screen.querySelector<HTMLInputElement>('input[name="q"]');
  const filter = screen.querySelector<HTMLSelectElement>('select[name="filter"]');
  const params = new URLSearchParams(filter?.value ?? '');
  const text = search?.value.trim() ?? '';
  if (text) params.set('q', text);
  // Only while the address is still the served one: a followed link has said where the reader goes.
  const query = params.toString();
  if (query && window.location.hash === '#/home') {
    window.history.replaceState(window.history.state, '', `#/home?${query}`);
  }
  if (!search || document.activeElement !== search) return nothing;
  return () => continueSearch(screen, search, text);
}

function servedAnswers(): FirstScreenData | null {
  try {
    const value = JSON.parse(document.getElementById(firstScreenIds.data)?.textContent ?? 'null');
    return typeof value?.site === 'number' && typeof value.language === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * When React has replaced the served screen (in the same task as its commit, before any key is lost): the text
 * typed since the address took it goes into the app's search field as typing would put it (its own change
 * handler, which searches once typing pauses), and the caret to its end. A navigation instead re-rendered the
 * field from the address after the reader's next key, which it then lost ("fai" for "fair").
 */
function continueSearch(served: HTMLElement, search: HTMLInputElement, carried: string) {
  const root = served.parentElement;
  if (!root) return;
  const observer = new MutationObserver(() => {
    if (served.isConnected) return;
    const input = root.querySelector<HTMLInputElement>('main [role="search"] input');
    if (!input) return;
    observer.disconnect();
    const text = search.value.trim();
    if (text !== carried && window.location.hash.startsWith('#/home')) typeInto(input, text);
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  });
  observer.observe(root, { childList: true, subtree: true });
  // Should the app show something else (an error), stop looking.
  window.setTimeout(() => observer.disconnect(), 10_000);
}

/** Sets a React-controlled field's value the way a keystroke does: the native setter, then an input event. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
