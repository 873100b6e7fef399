import Code from '@mui/icons-material/Code';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiPaths, type VideoCaption, type VideoForReader } from '@pressroom/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { notify } from '../../lib/notifications.ts';
import { BasketToggle } from '../basket-toggle.tsx';

/** The captions a reader sees first: those in the reader's language, when the video has them; else none. */
export function defaultCaptionLanguage(captions: readonly VideoCaption[], language: string): string | null {
  return captions.some((caption) => caption.language === language) ? language : null;
}

/** The code another site pastes to show a public video: its minimal page in a frame of the video's shape. */
export function embedCode(
  video: Pick<VideoForReader, 'embed' | 'title' | 'width' | 'height'>,
  origin: string,
) {
  if (!video.embed) return null;
  const width = 640;
  const height = video.width > 0 ? Math.round((width * video.height) / video.width) : 360;
  const title = video.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}${video.embed}" width="${width}" height="${height}" title="${title}" allow="fullscreen" allowfullscreen loading="lazy" style="border:0"></iframe>`;
}

/**
 * A video for readers with the browser's own controls (keyboard-operable, fullscreen, captions menu): only
 * its metadata loads until the reader plays it; captions per language as `<track>`s, the reader's language on
 * by default. Duration and size are shown before any download; the first playback is counted once.
 */
export function VideoPlayer({
  video,
  headingLevel = 3,
  inBasket,
  labelledBy,
}: {
  video: VideoForReader;
  headingLevel?: 2 | 3 | 4;
  /** Whether it is in the journalist's basket; not given (a reader without a basket): no basket toggle. */
  inBasket?: boolean;
  /** The id of a heading around it that already names the video (a viewer's title): then it shows none of its own. */
  labelledBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const id = useId();
  const counted = useRef(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const name = video.title || t('videos.untitled');
  const defaultLanguage = defaultCaptionLanguage(video.captions, i18n.language);
  const countPlay = () => {
    if (counted.current) return;
    counted.current = true;
    // A lost count is not worth bothering the reader with.
    apiRequest(apiPaths.videoPlays(video.id), { method: 'POST' }).catch(() => undefined);
  };
  const code = embedCode(video, typeof window === 'undefined' ? '' : window.location.origin);
  return (
    // In the interface's language and direction (the one its styles are built for), also inside a release
    // written in another: its controls and facts are the interface's words.
    <Box
      component="figure"
      sx={{ m: 0, maxWidth: 800 }}
      data-testid="video"
      aria-labelledby={labelledBy ?? `${id}-title`}
      lang={i18n.language}
      dir={theme.direction}
    >
      <Box
        component="video"
        controls
        preload="metadata"
        playsInline
        poster={video.poster?.src}
        width={video.width || undefined}
        height={video.height || undefined}
        aria-label={name}
        onPlay={countPlay}
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          maxHeight: '70vh',
          aspectRatio: video.width && video.height ? `${video.width} / ${video.height}` : '16 / 9',
          bgcolor: 'common.black',
          borderRadius: 1,
        }}
        data-testid="video-element"
      >
        <source src={video.src} type={video.content_type} />
        {video.captions.map((caption) => (
          <track
            key={caption.language}
            kind="captions"
            srcLang={caption.language}
            label={caption.label}
            src={caption.src}
            default={caption.language === defaultLanguage}
          />
        ))}
      </Box>
      <Box component="figcaption" sx={{ mt: 1 }}>
        {!labelledBy && (
          <Typography
            id={`${id}-title`}
            component={`h${headingLevel}`}
            sx={{ fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}
            dir="auto"
          >
            {name}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="video-facts">
          <span dir="ltr">{formatDuration(video.duration_ms, i18n.language)}</span>
          {' · '}
          {formatBytes(video.size, i18n.language)}
          {video.captions.length > 0 &&
            ` · ${t('videos.captionsIn', {
              languages: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                video.captions.map((caption) => caption.label),
              ),
            })}`}
        </Typography>
        {video.credit && (
          <Typography variant="body2" color="text.secondary" data-testid="video-credit">
            {t('videos.credit', { credit: video.credit })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }} data-no-print>
          <Button
            href={video.download}
            startIcon={<Download />}
            aria-label={t('videos.downloadNamed', { name, size: formatBytes(video.size, i18n.language) })}
            data-testid="video-download"
          >
            {t('videos.download')}
          </Button>
          {inBasket !== undefined && (
            <BasketToggle kind="video" imageId={video.id} inBasket={inBasket} name={name} />
          )}
          {code && (
            <Button
              startIcon={<Code />}
              aria-expanded={embedOpen}
              aria-controls={`${id}-embed`}
              onClick={() => setEmbedOpen((open) => !open)}
              data-testid="video-embed"
            >
              {t('videos.embed')}
            </Button>
          )}
        </Stack>
        {code && embedOpen && <EmbedCode id={`${id}-embed`} code={code} />}
      </Box>
    </Box>
  );
}

function EmbedCode({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify.success(t('videos.embedCopied'));
    } catch {
      notify.error(t('videos.embedNotCopied'));
    }
  };
  return (
    <Stack
      id={id}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mt: 1, alignItems: { sm: 'start' } }}
    >
      <TextField
        label={t('videos.embedCode')}
        value={code}
        multiline
        minRows={2}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false, 'data-testid': 'video-embed-code' },
        }}
        onFocus={(event) => event.target.select()}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.85rem' } }}
      />
      <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy} sx={{ flexShrink: 0 }}>
        {t('videos.copy')}
      </Button>
    </Stack>
  );
}

/** A release's or a gallery's videos, under a heading with their count. */
export function VideoList({
  videos,
  headingId,
  inBasket,
}: {
  videos: readonly VideoForReader[];
  headingId: string;
  /** Which videos are in the journalist's basket; not given (a reader without a basket): no basket toggles. */
  inBasket?: (videoId: number) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  if (videos.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="videos"
      lang={i18n.language}
      dir={theme.direction}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        {t('videos.heading', { count: videos.length })}
      </Typography>
      <Stack component="ul" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {videos.map((video) => (
          <li key={video.id}>
            <VideoPlayer video={video} inBasket={inBasket?.(video.id)} />
          </li>
        ))}
      </Stack>
    </Box>
  );
}
