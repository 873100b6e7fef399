/**
 * The page's first module (index.html). When the server wrote Home's first screen into the page and the
 * page's script kept it (html[data-first-screen], decision 15), the app itself (main.tsx: React, MUI, the
 * router and the catalogs, some 250 KB of gzipped script) is not fetched with the page: a reader on a phone
 * has the list at once, and the network and the processor to scroll it. The app starts at the reader's first
 * act (a touch, a key, a pointer moving, a wheel turned, focus entering the page, a link followed) or once the
 * page has been idle for a while, and replaces the first screen with the same screen. Every other visit (another
 * address, a session, another language or look, a page without a first screen) starts it at once.
 */

/** After the load event: the reader has had the first screen to themselves; the app follows. */
const idleStartMs = 5000;
const acts = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

let started = false;

function start() {
  if (started) return;
  started = true;
  for (const type of acts) window.removeEventListener(type, act, true);
  window.removeEventListener('hashchange', startForNavigation);
  void import('./main.tsx');
}

/** A link or the search of the first screen: the served screen shows it is on its way. */
function startForNavigation() {
  document.documentElement.setAttribute('data-app-starting', '');
  start();
}

/**
 * A pointer event that did not move is the browser's, not the reader's: Blink sends one as a page lays out, to
 * update what the pointer hovers, wherever the pointer rests (headless, at the window's corner). The reader's
 * hand moves it, and the events that follow have movement.
 */
function act(event: Event) {
  const stillPointer =
    event.type === 'pointermove' && event instanceof PointerEvent && !event.movementX && !event.movementY;
  if (!stillPointer) start();
}

function startWhenIdle() {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1000 });
  else start();
}

if (document.documentElement.hasAttribute('data-first-screen') && document.getElementById('first-screen')) {
  for (const type of acts) window.addEventListener(type, act, { capture: true, passive: true });
  window.addEventListener('hashchange', startForNavigation);
  // Enter in the served search: main.tsx carries its text into the address (the app searches it).
  document.addEventListener('submit', (event) => {
    if (!(event.target instanceof HTMLFormElement) || !event.target.closest('#first-screen')) return;
    event.preventDefault();
    startForNavigation();
  });
  const afterLoad = () => window.setTimeout(startWhenIdle, idleStartMs);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
} else {
  start();
}
