import { describe, expect, it } from 'vitest';
import { coverImageSources, coverRenditionsOf, type ReleaseCover } from './press.ts';

const cover = (overrides: Partial<ReleaseCover> = {}): ReleaseCover => ({
  id: 5,
  title: 'Kiln',
  credit: null,
  width: 3000,
  height: 2000,
  thumbnail_url: '/thumb/5',
  web_url: '/web/5',
  renditions: null,
  sources: [],
  ...overrides,
});
const facts = (width: number, height: number) => ({ width, height, size: 1000, mime: 'image/jpeg' });

describe("a cover's sources", () => {
  it('offer the preview for small boxes and the web rendition, with the width it was made at', () => {
    const renditions = { original: facts(3000, 2000), web: facts(1600, 1067), print: facts(3000, 2000) };
    expect(coverImageSources(cover({ renditions }))).toEqual({
      src: '/thumb/5',
      srcSet: '/thumb/5 480w, /web/5 1600w',
      webpSrcSet: null,
    });
  });

  it('reckon the web width from the picture until its renditions are made, never enlarging it', () => {
    expect(coverImageSources(cover({ width: 1000, height: 2000 })).srcSet).toBe('/thumb/5 480w, /web/5 800w');
    expect(coverImageSources(cover({ width: 300, height: 200 })).srcSet).toBe('/thumb/5 300w');
  });

  it('fall back to the web rendition alone without a preview', () => {
    expect(coverImageSources(cover({ thumbnail_url: null }))).toEqual({
      src: '/web/5',
      srcSet: '/web/5 1600w',
      webpSrcSet: null,
    });
  });

  it('offer its cover renditions, in WebP for the <source> and in JPEG for the <img>, narrowest first', () => {
    const sources = [480, 960, 1440].map((width) => ({
      width,
      webp_url: `/c/${width}.webp`,
      jpeg_url: `/c/${width}.jpg`,
    }));
    expect(coverImageSources(cover({ sources }))).toEqual({
      src: '/c/480.jpg',
      srcSet: '/c/480.jpg 480w, /c/960.jpg 960w, /c/1440.jpg 1440w',
      webpSrcSet: '/c/480.webp 480w, /c/960.webp 960w, /c/1440.webp 1440w',
    });
  });
});

describe("a picture's cover renditions", () => {
  it('are made at 480, 960 and 1440 px, never wider than the picture', () => {
    expect(coverRenditionsOf(3000)).toEqual([
      { step: 480, width: 480 },
      { step: 960, width: 960 },
      { step: 1440, width: 1440 },
    ]);
    expect(coverRenditionsOf(1000)).toEqual([
      { step: 480, width: 480 },
      { step: 960, width: 960 },
      { step: 1440, width: 1000 },
    ]);
    expect(coverRenditionsOf(960)).toEqual([
      { step: 480, width: 480 },
      { step: 960, width: 960 },
    ]);
    expect(coverRenditionsOf(300)).toEqual([{ step: 480, width: 300 }]);
  });
});
