import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReleaseCover as Cover, coverImageSources } from '@pressroom/contract';

/**
 * A release's cover in a box of fixed ratio (nothing moves when it arrives), with its renditions in `srcset`
 * for the box's `sizes`: WebP in the `<source>`, JPEG in the `<img>` for browsers without it. Its `alt` is empty: it sits in a link named by the release's
 * title, which says what it would.
 */
export function ReleaseCover({
  cover,
  sizes,
  ratio,
  loading,
  sx,
}: {
  cover: Cover;
  sizes: string;
  ratio: '4 / 3' | '16 / 9';
  /** `first`: the page's largest picture, asked for before the others. */
  loading: 'eager' | 'lazy' | 'first';
  sx?: SxProps<Theme>;
}) {
  const { src, srcSet, webpSrcSet } = coverImageSources(cover);
  const image = (
    <Box
      component="img"
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={cover.width ?? undefined}
      height={cover.height ?? undefined}
      alt=""
      decoding="async"
      loading={loading === 'lazy' ? 'lazy' : undefined}
      fetchPriority={loading === 'first' ? 'high' : undefined}
      data-testid="release-cover"
      sx={[
        { display: 'block', height: 'auto', aspectRatio: ratio, objectFit: 'cover', bgcolor: 'divider' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
  if (!webpSrcSet) return image;
  // `display: contents`: the <picture> makes no box, so the <img> is laid out as if it stood alone.
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/webp" srcSet={webpSrcSet} sizes={sizes} />
      {image}
    </picture>
  );
}
