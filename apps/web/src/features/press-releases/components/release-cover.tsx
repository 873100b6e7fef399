import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReleaseCover as Cover, coverImageSources } from '@pressroom/contract';

/**
 * A release's cover in a box of fixed ratio (nothing moves when it arrives), with the preview and the web
 * rendition in `srcset` for the box's `sizes`. Its `alt` is empty: it sits in a link named by the release's
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
  const { src, srcSet } = coverImageSources(cover);
  return (
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
}
