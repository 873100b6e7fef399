import { describe, expect, it } from 'vitest';
import { coverImageSources, type ReleaseCover } from './press.ts';

const cover = (overrides: Partial<ReleaseCover> = {}): ReleaseCover => ({
  id: 5,
  title: 'Kiln',
  credit: null,
  width: 3000,
  height: 2000,
  thumbnail_url: '/thumb/5',
  web_url: '/web/5',
  renditions: null,
  ...overrides,
});
const facts = (width: number, height: number) => ({ width, height, size: 1000, mime: 'image/jpeg' });

describe("a cover's sources", () => {
  it('offer the preview for small boxes and the web rendition, with the width it was made at', () => {
    const renditions = { original: facts(3000, 2000), web: facts(1600, 1067), print: facts(3000, 2000) };
    expect(coverImageSources(cover({ renditions }))).toEqual({
      src: '/thumb/5',
      srcSet: '/thumb/5 480w, /web/5 1600w',
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
    });
  });
});
