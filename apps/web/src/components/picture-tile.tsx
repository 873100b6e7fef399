import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';

// One tile for a picture in a grid (the press gallery's, the picture search's) and one for a video among
// them: a 4:3 thumbnail that opens it, its name and facts below, and what the screen adds before and after
// (a selection box, a basket toggle).

const thumbnailFrame = {
  display: 'block',
  width: '100%',
  aspectRatio: '4 / 3',
  bgcolor: 'action.hover',
  position: 'relative',
  // A ring drawn over the picture, inside the card's clipped corners, dark and light so it shows on any
  // picture.
  '&.Mui-focusVisible::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    boxShadow: (theme: Theme) =>
      `inset 0 0 0 3px ${theme.palette.primary.main}, inset 0 0 0 6px ${theme.palette.common.white}`,
  },
} as const;

function Thumbnail({ src }: { src: string | null }) {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading="lazy"
      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
    />
  );
}

/** The name and the facts under a thumbnail, between what the screen puts before and after them. */
function TileFooter({
  title,
  children,
  start,
  end,
}: {
  title: string;
  children?: ReactNode;
  start?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      sx={{ paddingInlineStart: start ? 0.5 : 1, paddingInlineEnd: 0.5, py: 0.5, alignItems: 'center' }}
    >
      {start}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </Box>
      {end}
    </Stack>
  );
}

/** A picture in a grid: its thumbnail opens it (in the screen's viewer). */
export function PictureTile({
  thumbnail,
  title,
  openLabel,
  onOpen,
  buttonRef,
  testId,
  start,
  end,
  children,
}: {
  thumbnail: string;
  /** Its caption, else its file's name. */
  title: string;
  /** What the thumbnail's button says to a screen reader: which picture it opens. */
  openLabel: string;
  onOpen: () => void;
  /** The thumbnail's button, to give focus back to when the viewer closes. */
  buttonRef?: Ref<HTMLButtonElement>;
  testId: string;
  /** Before the name (a selection box). */
  start?: ReactNode;
  /** After the name (a basket toggle). */
  end?: ReactNode;
  /** Lines under the name: its place, its sizes, its kind. */
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
      <ButtonBase
        ref={buttonRef}
        onClick={onOpen}
        aria-label={openLabel}
        data-testid={testId}
        sx={thumbnailFrame}
      >
        <Thumbnail src={thumbnail} />
      </ButtonBase>
      <TileFooter title={title} start={start} end={end}>
        {children}
      </TileFooter>
    </Paper>
  );
}

/**
 * A video in a grid of pictures: its poster with a play mark and its running time, a link to the page
 * where it plays.
 */
export function VideoTile({
  poster,
  title,
  duration,
  openLabel,
  page,
  children,
}: {
  poster: string | null;
  title: string;
  /** Its running time as the interface writes it. */
  duration: string;
  /** What the link says to a screen reader: which video it opens, and where. */
  openLabel: string;
  /** The web app's page where it plays. */
  page: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }} data-testid="video-result">
      <ButtonBase component={RouterLink} to={page} aria-label={openLabel} sx={thumbnailFrame}>
        <Thumbnail src={poster} />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: 48,
            height: 48,
            borderRadius: '50%',
            bgcolor: 'rgba(0, 0, 0, 0.6)',
            color: 'common.white',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <PlayArrow fontSize="large" />
        </Box>
        <Typography
          aria-hidden
          variant="caption"
          dir="ltr"
          data-testid="video-result-duration"
          sx={{
            position: 'absolute',
            bottom: 6,
            insetInlineEnd: 6,
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'rgba(0, 0, 0, 0.7)',
            color: 'common.white',
          }}
        >
          {duration}
        </Typography>
      </ButtonBase>
      <TileFooter title={title}>{children}</TileFooter>
    </Paper>
  );
}
