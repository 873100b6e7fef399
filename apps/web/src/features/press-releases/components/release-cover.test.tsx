import type { ReleaseCover as Cover } from '@pressroom/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReleaseCover } from './release-cover.tsx';

const cover = (overrides: Partial<Cover> = {}): Cover => ({
  id: 7,
  title: 'Kiln',
  credit: null,
  width: 2400,
  height: 1600,
  thumbnail_url: '/thumb/7',
  web_url: '/web/7',
  renditions: null,
  sources: [480, 960, 1440].map((width) => ({
    width,
    webp_url: `/cover/7/${width}/webp/`,
    jpeg_url: `/cover/7/${width}/jpeg/`,
  })),
  ...overrides,
});

const markup = (shown: Cover, loading: 'eager' | 'lazy' | 'first') =>
  renderToStaticMarkup(<ReleaseCover cover={shown} sizes="96px" ratio="4 / 3" loading={loading} />);

describe("a release's cover", () => {
  it('offers its WebP renditions to browsers that read WebP and its JPEG ones to the others', () => {
    const html = markup(cover(), 'lazy');
    expect(html).toMatch(
      /^<picture style="display:contents"><source type="image\/webp" srcSet="\/cover\/7\/480\/webp\/ 480w, \/cover\/7\/960\/webp\/ 960w, \/cover\/7\/1440\/webp\/ 1440w" sizes="96px"\/>/,
    );
    expect(html).toContain(
      'src="/cover/7/480/jpeg/" srcSet="/cover/7/480/jpeg/ 480w, /cover/7/960/jpeg/ 960w, /cover/7/1440/jpeg/ 1440w" sizes="96px" width="2400" height="1600" alt="" decoding="async" loading="lazy"',
    );
  });

  it("asks for the first screen's largest cover first, and stays a plain image without renditions", () => {
    expect(markup(cover(), 'first')).toContain('fetchPriority="high"');
    const html = markup(cover({ sources: [] }), 'eager');
    expect(html).not.toContain('<picture');
    expect(html).toContain('src="/thumb/7" srcSet="/thumb/7 480w, /web/7 1600w"');
  });
});
