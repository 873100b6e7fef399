// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToTopLater } from './layout-effects.ts';

describe('the scroll to the top after a navigation', () => {
  let main: HTMLElement;
  let windowScrolls: ReturnType<typeof vi.spyOn>;
  let mainScrolls: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    main = document.createElement('main');
    mainScrolls = vi.fn();
    main.scrollTo = mainScrolls as unknown as HTMLElement['scrollTo'];
    document.body.append(main);
    windowScrolls = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    main.remove();
    windowScrolls.mockRestore();
    vi.useRealTimers();
  });

  it('scrolls the window and the main landmark to the top 200 ms after the navigation', () => {
    scrollToTopLater(main);
    vi.advanceTimersByTime(199);
    expect(windowScrolls).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(windowScrolls.mock.calls).toEqual([[{ top: 0 }]]);
    expect(mainScrolls.mock.calls).toEqual([[{ top: 0 }]]);
  });

  it.each([
    ['a press', () => window.dispatchEvent(new Event('pointerdown'))],
    ['a key', () => main.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
    ['the wheel', () => main.dispatchEvent(new Event('wheel', { bubbles: true }))],
    ['a touch', () => main.dispatchEvent(new Event('touchstart', { bubbles: true }))],
  ])('keeps the page where the reader is when %s comes first', (_act, act) => {
    scrollToTopLater(main);
    vi.advanceTimersByTime(100);
    act();
    vi.advanceTimersByTime(1_000);
    expect(windowScrolls).not.toHaveBeenCalled();
    expect(mainScrolls).not.toHaveBeenCalled();
  });

  it('does nothing once cancelled, and a later press finds no listener left', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const cancel = scrollToTopLater(main);
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(windowScrolls).not.toHaveBeenCalled();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual([
      'keydown',
      'pointerdown',
      'touchstart',
      'wheel',
    ]);
    removed.mockRestore();
  });
});
