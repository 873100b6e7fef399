// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseUiSettings, uiSettings, useDarkMode } from './settings.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The system's dark setting as the browser reports it, switched by the test as a reader's system would. */
function systemSetting(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    switchTo(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

function Shown() {
  return <p>{useDarkMode() ? 'dark' : 'light'}</p>;
}

describe('dark mode', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(() => {
    uiSettings.update({ darkMode: null });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('follows the system until the reader chooses, and follows it live when it changes', () => {
    const system = systemSetting(true);
    act(() => root.render(<Shown />));
    expect(container.textContent).toBe('dark');

    act(() => system.switchTo(false));
    expect(container.textContent).toBe('light');
    act(() => system.switchTo(true));
    expect(container.textContent).toBe('dark');
  });

  it("keeps the reader's choice whatever the system says", () => {
    const system = systemSetting(true);
    act(() => root.render(<Shown />));
    act(() => uiSettings.update({ darkMode: false }));
    expect(container.textContent).toBe('light');

    act(() => system.switchTo(false));
    act(() => uiSettings.update({ darkMode: true }));
    expect(container.textContent).toBe('dark');
  });

  it('reads no stored choice as following the system, a stored one as chosen', () => {
    expect(parseUiSettings({}).darkMode).toBeNull();
    expect(parseUiSettings({ darkMode: false }).darkMode).toBe(false);
    expect(parseUiSettings({ darkMode: true }).darkMode).toBe(true);
  });
});
