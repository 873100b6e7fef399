import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultUiSettings, parseUiSettings } from './settings.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('UI settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('start from the defaults: fadeIn animation, no background image, theme header, right-to-left by language', () => {
    expect(parseUiSettings({})).toEqual(defaultUiSettings);
    expect(defaultUiSettings).toMatchObject({
      routerAnimation: 'fadeIn',
      backgroundImage: false,
      headerFilter: 'theme',
      rtlLayout: null,
      tourSeen: false,
    });
  });

  it('keep every valid stored choice', () => {
    const stored = {
      collapseSidebar: true,
      darkMode: true,
      theme: 'plum',
      rtlLayout: true,
      backgroundImage: true,
      sidebarImage: 'terrazzo',
      sidebarFilter: 'wine',
      headerFilter: 'teal',
      routerAnimation: 'zoomIn',
      tourSeen: true,
    };
    expect(parseUiSettings(stored)).toEqual(stored);
  });

  it('replace each unknown or mistyped value by its default, keeping the others', () => {
    expect(
      parseUiSettings({
        darkMode: 'yes',
        rtlLayout: 'rtl',
        sidebarImage: 'unicorn',
        sidebarFilter: 'neon',
        headerFilter: 7,
        routerAnimation: 'bounce',
        tourSeen: true,
      }),
    ).toEqual({ ...defaultUiSettings, tourSeen: true });
  });

  it('are written under `settings` and read back by the next page load', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const first = await import('./settings.ts');
    first.uiSettings.update({ routerAnimation: 'slideInEnd', backgroundImage: true, sidebarImage: 'glaze' });
    expect(JSON.parse(storage.items.get('settings') ?? '{}')).toMatchObject({
      routerAnimation: 'slideInEnd',
      backgroundImage: true,
      sidebarImage: 'glaze',
    });

    vi.resetModules();
    const reloaded = await import('./settings.ts');
    expect(reloaded.uiSettings.get()).toMatchObject({
      routerAnimation: 'slideInEnd',
      backgroundImage: true,
      sidebarImage: 'glaze',
      headerFilter: 'theme',
    });
  });
});
