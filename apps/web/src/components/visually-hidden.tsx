import { styled } from '@mui/material/styles';

/**
 * Hidden from sight, read by screen readers: as `sx` on any element. Lengths are strings: in `sx` a number up
 * to 1 is a fraction of the parent's width and a margin a multiple of the theme's spacing.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Text for screen readers only. */
export const VisuallyHidden = styled('span')(visuallyHidden);
