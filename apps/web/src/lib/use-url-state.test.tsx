// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUrlState } from './url-state.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the list screen under test hands out: its URL state, and a way to render it again. */
let screen: { urlState: ReturnType<typeof useUrlState>; renderAgain: () => void };

function ListScreen() {
  const urlState = useUrlState();
  const [, setRenders] = useState(0);
  screen = { urlState, renderAgain: () => setRenders((renders) => renders + 1) };
  return null;
}

describe('a list whose filters live in the address', () => {
  let container: HTMLElement;
  let root: Root;
  // The route's loader waits while `loading` is set, as the app's does for a token refresh or a prefetch.
  let loading: Promise<void> | null;
  let router: ReturnType<typeof createMemoryRouter>;

  beforeEach(async () => {
    loading = null;
    router = createMemoryRouter(
      [
        {
          path: '/in-the-press',
          loader: async () => {
            await loading;
            return null;
          },
          Component: ListScreen,
        },
      ],
      { initialEntries: ['/in-the-press'] },
    );
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(<RouterProvider router={router} />));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    router.dispose();
  });

  /** Runs `changes` while the route's loader is held, then lets the address catch up. */
  async function whileTheAddressCatchesUp(changes: () => void) {
    let arrive: () => void = () => undefined;
    loading = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    changes();
    await act(async () => {
      arrive();
      await loading;
    });
    await act(async () => undefined);
  }

  it('keeps two filters chosen before the address caught up, though the screen rendered in between', async () => {
    await whileTheAddressCatchesUp(() => {
      act(() => screen.urlState.update({ country: 'IE', page: null }));
      // The list arrives meanwhile: the screen renders with the address as it still is.
      act(() => screen.renderAgain());
      act(() => screen.urlState.update({ media_type: 'website', page: null }));
    });
    expect(router.state.location.search).toBe('?country=IE&media_type=website');
    expect(screen.urlState.read('country')).toBe('IE');
    expect(screen.urlState.read('media_type')).toBe('website');
  });

  it('starts from where the back button took the address, not from the changes made before', async () => {
    await whileTheAddressCatchesUp(() => {
      act(() => screen.urlState.update({ country: 'IE' }));
    });
    await whileTheAddressCatchesUp(() => {
      act(() => screen.urlState.update({ media_type: 'website' }));
    });
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe('?country=IE');
    await whileTheAddressCatchesUp(() => {
      act(() => screen.urlState.update({ language: 'it' }));
    });
    expect(router.state.location.search).toBe('?country=IE&language=it');
  });
});
