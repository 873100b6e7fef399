import type { VideoForReader } from '@pressroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { videosAr } from './i18n/ar.ts';
import { videosEn } from './i18n/en.ts';
import { videosIt } from './i18n/it.ts';
import { defaultCaptionLanguage, embedCode, VideoList, VideoPlayer } from './video-player.tsx';

// The basket toggle's words, as the gallery feature's catalogs give them to the app (a component's test may not
// import a feature).
const basketEn = { add: 'Add {{name}} to the basket', remove: 'Remove {{name}} from the basket' };
const basketAr = { add: 'إضافة {{name}} إلى السلة', remove: 'إزالة {{name}} من السلة' };

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'en',
  resources: {
    en: { translation: { videos: videosEn, basket: basketEn } },
    it: { translation: { videos: videosIt } },
    ar: { translation: { videos: videosAr, basket: basketAr } },
  },
  interpolation: { escapeValue: false },
});

/** The fair's six-second demo video, with English and Italian captions, as a release's detail gives it. */
function fairVideo(changes: Partial<VideoForReader> = {}): VideoForReader {
  return {
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
    embed: '/embed/videos/7',
    ...changes,
  };
}

async function render(language: string, video: VideoForReader) {
  await translator.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={translator}>
      <VideoPlayer video={video} />
    </I18nextProvider>,
  );
}

const tracks = (markup: string) => [...markup.matchAll(/<track [^>]*>/g)].map((match) => match[0]);

describe('the video player of readers', () => {
  it("uses the browser's own controls, loading only the metadata, with the poster and the stream", async () => {
    const markup = await render('en', fairVideo());
    const video = markup.match(/<video [^>]*>/)?.[0] ?? '';
    expect(video).toContain('controls=""');
    expect(video).toContain('preload="metadata"');
    expect(video).toContain('poster="/api/videos/7/poster/web"');
    expect(video).toContain('aria-label="Tile fair, opening day"');
    expect(markup).toContain('<source src="/api/videos/7/stream" type="video/mp4"/>');
  });

  it('gives one captions track per language, the Italian reader getting Italian by default', async () => {
    expect(tracks(await render('it', fairVideo()))).toEqual([
      '<track kind="captions" srcLang="en" label="English" src="/api/videos/7/captions/en.vtt"/>',
      '<track kind="captions" srcLang="it" label="Italiano" src="/api/videos/7/captions/it.vtt" default=""/>',
    ]);
  });

  it('turns no captions on for a reader whose language the video has none in', async () => {
    const markup = await render('ar', fairVideo());
    expect(tracks(markup).filter((track) => track.includes('default'))).toEqual([]);
    expect(defaultCaptionLanguage(fairVideo().captions, 'ar')).toBeNull();
  });

  it('says the duration and size before any download, and links the original', async () => {
    const markup = await render('en', fairVideo());
    expect(markup).toContain('<span dir="ltr">0:06</span> · 1.2 MB · captions: English and Italiano');
    expect(markup).toMatch(
      /href="\/api\/videos\/7\/download"[^>]*aria-label="Download the video Tile fair, opening day \(1.2 MB\)"/,
    );
    expect(markup).toContain('Video: Fair press office');
  });

  it('offers the embed code only for a public video', async () => {
    expect(await render('en', fairVideo())).toContain('data-testid="video-embed"');
    expect(await render('en', fairVideo({ embed: null }))).not.toContain('data-testid="video-embed"');
    expect(embedCode(fairVideo({ title: 'Tiles & "stone"' }), 'https://press.fair.example')).toBe(
      '<iframe src="https://press.fair.example/embed/videos/7" width="640" height="360" title="Tiles &amp; &quot;stone&quot;" allow="fullscreen" allowfullscreen loading="lazy" style="border:0"></iframe>',
    );
    expect(embedCode(fairVideo({ embed: null }), 'https://press.fair.example')).toBeNull();
  });

  it('lists the videos of a release under a heading that counts them', async () => {
    await translator.changeLanguage('en');
    const markup = renderToStaticMarkup(
      <I18nextProvider i18n={translator}>
        <VideoList
          videos={[fairVideo(), fairVideo({ id: 8, captions: [], embed: null })]}
          headingId="videos"
        />
      </I18nextProvider>,
    );
    expect(markup).toContain('<h2 class="MuiTypography-root MuiTypography-h2');
    expect(markup).toMatch(/id="videos"[^>]*>2 videos<\/h2>/);
    expect(markup.match(/<video /g)).toHaveLength(2);
  });
});

describe("the video player's basket toggle", () => {
  async function renderWithBasket(language: string, inBasket: boolean | undefined) {
    await translator.changeLanguage(language);
    return renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={translator}>
          <VideoPlayer video={fairVideo()} inBasket={inBasket} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
  }
  const toggleOf = (markup: string) =>
    markup.match(/<button[^>]*data-testid="basket-toggle-video-7"[^>]*>/)?.[0];

  it('offers a journalist to add the video to the basket, saying which video', async () => {
    const toggle = toggleOf(await renderWithBasket('en', false));
    expect(toggle).toContain('aria-label="Add Tile fair, opening day to the basket"');
    expect(toggle).toContain('aria-pressed="false"');
  });

  it('offers to take out a video already in the basket, pressed, in Arabic too', async () => {
    expect(toggleOf(await renderWithBasket('en', true))).toContain(
      'aria-label="Remove Tile fair, opening day from the basket"',
    );
    const arabic = toggleOf(await renderWithBasket('ar', true));
    expect(arabic).toContain('aria-label="إزالة Tile fair, opening day من السلة"');
    expect(arabic).toContain('aria-pressed="true"');
  });

  it('shows no toggle to a reader without a basket (outside the press area)', async () => {
    expect(toggleOf(await renderWithBasket('en', undefined))).toBeUndefined();
  });

  it("gives each video of a list its own toggle from the screen's basket", async () => {
    await translator.changeLanguage('en');
    const markup = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={translator}>
          <VideoList
            videos={[fairVideo(), fairVideo({ id: 8, title: 'Kilns' })]}
            headingId="videos"
            inBasket={(id) => id === 8}
          />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(markup.match(/data-testid="basket-toggle-video-7"[^>]*/)?.[0]).not.toContain(
      'aria-pressed="true"',
    );
    expect(markup).toMatch(/aria-label="Remove Kilns from the basket" aria-pressed="true"/);
  });
});
