// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PictureTile, VideoTile } from './picture-tile.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('the tiles of a grid of pictures', () => {
  let container: HTMLElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('a picture: its thumbnail is a button naming it that opens it, with what the screen adds around it', () => {
    const onOpen = vi.fn();
    act(() =>
      root.render(
        <PictureTile
          thumbnail="/thumb.jpg"
          title="Kiln"
          openLabel="Open picture 1: Kiln"
          onOpen={onOpen}
          testId="picture-thumbnail"
          start={<input type="checkbox" aria-label="Select Kiln" />}
          end={<button type="button">Add Kiln to the basket</button>}
        >
          <span>1,600 × 900 px</span>
        </PictureTile>,
      ),
    );
    const thumbnail = container.querySelector<HTMLButtonElement>('[data-testid="picture-thumbnail"]');
    expect(thumbnail?.getAttribute('aria-label')).toBe('Open picture 1: Kiln');
    expect(thumbnail?.querySelector('img')?.getAttribute('src')).toBe('/thumb.jpg');
    act(() => thumbnail?.click());
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('Kiln1,600 × 900 pxAdd Kiln to the basket');
    expect(container.querySelector('[aria-label="Select Kiln"]')).not.toBeNull();
  });

  it('a video: its poster and running time link to the page where it plays', () => {
    act(() =>
      root.render(
        <MemoryRouter initialEntries={['/pictures']}>
          <Routes>
            <Route
              path="/pictures"
              element={
                <VideoTile
                  poster="/poster.jpg"
                  title="The fair in six seconds"
                  duration="0:06"
                  openLabel="Watch The fair in six seconds (0:06) on its page"
                  page="/press-gallery?gallery=4"
                >
                  <span>Hall 1</span>
                </VideoTile>
              }
            />
            <Route path="/press-gallery" element={<Where />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const link = container.querySelector<HTMLAnchorElement>('a');
    expect(link?.getAttribute('aria-label')).toBe('Watch The fair in six seconds (0:06) on its page');
    expect(link?.querySelector('img')?.getAttribute('src')).toBe('/poster.jpg');
    expect(container.querySelector('[data-testid="video-result-duration"]')?.textContent).toBe('0:06');
    expect(container.textContent).toContain('The fair in six secondsHall 1');
    act(() => link?.click());
    expect(container.querySelector('[data-testid="where"]')?.textContent).toBe('/press-gallery?gallery=4');
  });
});
