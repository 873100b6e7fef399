// @vitest-environment happy-dom
import type { VideoForReader } from '@pressroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videosEn } from '../../components/video/i18n/en.ts';
import { basketEn } from './i18n/en.ts';
import { ImageViewer, type ViewerImage, type ViewerItem } from './image-viewer.tsx';

// The viewer's own words, as the app's catalog gives them under `gallery.` (a feature's test may not import the
// app's catalogs).
const galleryEn = {
  position: 'Picture {{index}} of {{total}}',
  videoPosition: 'Video {{index}} of {{total}}',
  keyboardHint: 'Use the arrow keys to move between pictures and videos and Escape to close.',
  previous: 'Previous',
  next: 'Next',
  credit: 'Photo: {{credit}}',
  noCredit: 'no credit',
};

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: { translation: { gallery: galleryEn, basket: basketEn, videos: videosEn, app: { close: 'Close' } } },
  },
  interpolation: { escapeValue: false },
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A gallery's picture of the stands. */
const stand: ViewerImage = {
  kind: 'gallery_image',
  id: 7,
  caption: { en: 'Stand of Ceramiche Faenza' },
  alt_text: { en: 'A stand with blue tiles' },
  credit: 'Marta Bassi',
  usage_terms: '',
  keywords: [],
  original_name: 'stand.jpg',
  size: 2_000_000,
  width: 4000,
  height: 3000,
  urls: {
    thumbnail: '/api/gallery/7/thumbnail',
    preview: '/api/gallery/7/preview',
    original: '/api/gallery/7/original',
    web: '/api/gallery/7/web',
    print: '/api/gallery/7/print',
  },
  renditions: null,
  in_basket: false,
};

/** The gallery's six-second video, with English and Italian captions, as the gallery's detail gives it. */
const fairVideo: VideoForReader = {
  id: 7,
  title: 'Tile fair, opening day',
  credit: 'Fair press office',
  duration_ms: 6_016,
  size: 1_234_567,
  width: 1280,
  height: 720,
  content_type: 'video/mp4',
  video_codec: 'AVC',
  audio_codec: 'AAC',
  poster: { src: '/api/videos/7/poster/web', srcset: '', width: 1280, height: 720 },
  src: '/api/videos/7/stream',
  download: '/api/videos/7/download',
  captions: [
    { language: 'en', label: 'English', src: '/api/videos/7/captions/en.vtt' },
    { language: 'it', label: 'Italiano', src: '/api/videos/7/captions/it.vtt' },
  ],
  embed: null,
};

const items: ViewerItem[] = [stand, { kind: 'video', video: fairVideo, in_basket: false }];

/** The gallery screen's use of the viewer: it keeps which item is shown and moves when the viewer asks. */
function Gallery({ start }: { start: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <ImageViewer items={items} index={index} total={2} onMove={setIndex} onClose={() => setIndex(null)} />
  );
}

let container: HTMLDivElement;
let root: Root;

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

async function openAt(start: number) {
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={translator}>
          <Gallery start={start} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
  });
  return document.querySelector('[role="dialog"]') as HTMLElement;
}

const press = (target: Element, key: string) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

describe("a gallery's video in the picture viewer", () => {
  it("plays with the browser's own controls, its captions (the reader's language on), duration, size, download and basket toggle", async () => {
    const dialog = await openAt(1);
    expect(dialog.querySelector('#viewer-title')?.textContent).toBe('Tile fair, opening dayVideo 2 of 2');
    const video = dialog.querySelector('video') as HTMLVideoElement;
    expect([video.hasAttribute('controls'), video.getAttribute('preload')]).toEqual([true, 'metadata']);
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/api/videos/7/stream');
    expect(
      [...video.querySelectorAll('track')].map((track) => [
        track.getAttribute('kind'),
        track.getAttribute('srclang'),
        track.getAttribute('src'),
        track.hasAttribute('default'),
      ]),
    ).toEqual([
      ['captions', 'en', '/api/videos/7/captions/en.vtt', true],
      ['captions', 'it', '/api/videos/7/captions/it.vtt', false],
    ]);
    expect(dialog.querySelector('[data-testid="video-facts"]')?.textContent).toBe(
      '0:06 · 1.2 MB · captions: English and Italiano',
    );
    expect(dialog.querySelector('[data-testid="video-download"]')?.getAttribute('href')).toBe(
      '/api/videos/7/download',
    );
    const toggle = dialog.querySelector('[data-testid="basket-toggle-video-7"]');
    expect([toggle?.getAttribute('aria-label'), toggle?.getAttribute('aria-pressed')]).toEqual([
      'Add Tile fair, opening day to the basket',
      'false',
    ]);
    // Named by the viewer's title, not by a second heading of its own; no picture is shown beside it.
    expect(dialog.querySelector('figure')?.getAttribute('aria-labelledby')).toBe('viewer-title');
    expect(dialog.querySelectorAll('h3')).toHaveLength(0);
    expect(dialog.querySelector('[data-testid="viewer-image"]')).toBeNull();
  });

  it('pauses the playing video when the reader pages back to the picture', async () => {
    // The server's side of the player: its first playback is counted (and nothing leaves the test).
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      requests.push(`${init.method} ${path}`);
      return new Response(null, { status: 204 });
    });
    const dialog = await openAt(1);
    const video = dialog.querySelector('video') as HTMLVideoElement;
    await act(() => video.play());
    expect(video.paused).toBe(false);
    expect(requests).toEqual(['POST /api/videos/7/plays/']);

    const previous = dialog.querySelector('button[aria-label="Previous"]') as HTMLButtonElement;
    await act(async () => previous.click());
    expect(video.paused).toBe(true);
    expect(dialog.querySelector('video')).toBeNull();
    expect(dialog.querySelector('[data-testid="viewer-image"]')?.getAttribute('src')).toBe(
      '/api/gallery/7/preview',
    );
    expect(dialog.querySelector('#viewer-title')?.textContent).toBe(
      'Stand of Ceramiche FaenzaPicture 1 of 2',
    );
  });

  it('leaves the arrow keys to the video while it has focus (seeking), and pages with them elsewhere', async () => {
    const dialog = await openAt(1);
    const video = dialog.querySelector('video') as HTMLVideoElement;
    await press(video, 'ArrowLeft');
    expect(dialog.querySelector('video')).toBe(video);

    const close = dialog.querySelector('button[aria-label="Close"]') as HTMLButtonElement;
    await press(close, 'ArrowLeft');
    expect(dialog.querySelector('video')).toBeNull();
    expect(dialog.querySelector('[data-testid="viewer-image"]')).not.toBeNull();
    // From the picture, forward again reaches the video: the videos come after the pictures.
    await press(close, 'ArrowRight');
    expect(dialog.querySelector('video source')?.getAttribute('src')).toBe('/api/videos/7/stream');
  });
});
