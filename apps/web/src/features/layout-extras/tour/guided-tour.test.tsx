// @vitest-environment happy-dom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uiSettings } from '../../../lib/settings.ts';
import { guidedTour } from '../../../lib/tour.ts';
import { layoutExtrasEn } from '../i18n/en.ts';
import GuidedTour from './guided-tour.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { layoutExtras: layoutExtrasEn } } },
  interpolation: { escapeValue: false },
});

/** The header's sidebar toggle, the tour's first step, with the size the layout has given it so far. */
function sidebarToggle(width: number, height: number) {
  const button = document.createElement('button');
  button.dataset.testid = 'sidebar-toggle';
  button.getBoundingClientRect = () => new DOMRect(8, 8, width, height);
  document.body.append(button);
  return button;
}

const tour = () => document.querySelector('[data-testid="guided-tour"]');

describe('the guided tour', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout'],
    });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    guidedTour.start();
  });

  afterEach(() => {
    act(() => root.unmount());
    document.body.replaceChildren();
    guidedTour.close();
    uiSettings.update({ tourSeen: false });
    vi.useRealTimers();
  });

  const openTour = () =>
    act(() =>
      root.render(
        <I18nextProvider i18n={translator}>
          <GuidedTour />
        </I18nextProvider>,
      ),
    );

  it('shows its first step at once when the part it points at is laid out', () => {
    sidebarToggle(40, 40);
    openTour();
    expect(tour()?.getAttribute('data-step')).toBe('sidebarToggle');
    expect(tour()?.textContent).toContain('Step 1 of 5');
  });

  it('waits for the part it points at to be laid out, then shows the step beside it', () => {
    const toggle = sidebarToggle(0, 0);
    openTour();
    expect(tour()).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(tour()).toBeNull();
    toggle.getBoundingClientRect = () => new DOMRect(8, 8, 40, 40);
    act(() => vi.advanceTimersByTime(50));
    expect(tour()?.getAttribute('data-step')).toBe('sidebarToggle');
    expect(guidedTour.isOpen()).toBe(true);
  });

  it('closes when nothing it points at appears, so that it can be started again', () => {
    sidebarToggle(0, 0);
    openTour();
    act(() => vi.advanceTimersByTime(2900));
    expect(guidedTour.isOpen()).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(guidedTour.isOpen()).toBe(false);
    expect(tour()).toBeNull();
    guidedTour.start();
    expect(guidedTour.isOpen()).toBe(true);
  });
});
