// @vitest-environment happy-dom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FoldingFilters } from './folding-filters.tsx';

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { app: { filters: 'Filters', filtersActive: 'Filters ({{number}})' } } } },
  interpolation: { escapeValue: false },
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A screen as wide as `width` CSS pixels, as the browser's media queries read it. */
function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (media: string) => {
    const limit = Number(/max-width:\s*([\d.]+)px/.exec(media)?.[1] ?? Number.POSITIVE_INFINITY);
    return {
      matches: width <= limit,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    };
  });
}

describe("a list's filters", () => {
  let container: HTMLElement;
  let root: Root;
  const render = (active: number) =>
    act(() =>
      root.render(
        <I18nextProvider i18n={translator}>
          <FoldingFilters active={active} testId="filters-toggle">
            <label>
              Hall <select data-testid="hall" />
            </label>
          </FoldingFilters>
        </I18nextProvider>,
      ),
    );
  const toggle = () => container.querySelector<HTMLButtonElement>('[data-testid="filters-toggle"]');

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('fold away on a phone behind one button saying how many are active, opened and closed by it', () => {
    screenOf(360);
    render(2);
    const button = toggle();
    expect([button?.textContent, button?.getAttribute('aria-expanded')]).toEqual(['Filters (2)', 'false']);
    const panel = document.getElementById(button?.getAttribute('aria-controls') ?? '');
    expect(panel?.contains(container.querySelector('[data-testid="hall"]'))).toBe(true);

    act(() => button?.click());
    expect(button?.getAttribute('aria-expanded')).toBe('true');
    act(() => button?.click());
    expect(button?.getAttribute('aria-expanded')).toBe('false');
  });

  it('say only "Filters" on a phone when none is active', () => {
    screenOf(360);
    render(0);
    expect(toggle()?.textContent).toBe('Filters');
  });

  it('stay in place on a desktop, with no button', () => {
    screenOf(1280);
    render(2);
    expect([toggle(), container.querySelector('[data-testid="hall"]') !== null]).toEqual([null, true]);
  });
});
