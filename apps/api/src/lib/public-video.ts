import { translateMessage } from '@pressroom/contract';
import { escapeHtml } from './html.ts';
import { dirOf, formatSize, isolated } from './public-page.ts';

/** A video as the server-rendered pages show it: addresses relative to the site unless said otherwise. */
export interface PageVideo {
  src: string;
  download: string;
  fileName: string;
  contentType: string;
  title: string;
  credit: string;
  durationMs: number;
  size: number;
  width: number;
  height: number;
  poster: { src: string; srcset: string; width: number; height: number } | null;
  captions: { language: string; label: string; src: string }[];
}

/** A duration as players write it: 0:06, 12:40, 1:02:03 (digits in the reader's numbering). */
function formatDuration(milliseconds: number, language: string): string {
  const total = Math.round(milliseconds / 1000);
  const two = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(language, { useGrouping: false });
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  return hours > 0
    ? `${one.format(hours)}:${two.format(minutes)}:${two.format(seconds)}`
    : `${one.format(minutes)}:${two.format(seconds)}`;
}

/**
 * The `<video>` element: the browser's own controls (keyboard-operable), the poster, and one `<track>` per
 * captions file, the reader's language shown by default when there is one. Only the metadata is fetched before
 * the reader presses play.
 */
function videoElement(video: PageVideo, language: string, options: { fill?: boolean } = {}): string {
  const defaultTrack = video.captions.find((caption) => caption.language === language);
  const tracks = video.captions.map(
    (caption) =>
      `<track kind="captions" srclang="${escapeHtml(caption.language)}" label="${escapeHtml(caption.label)}" src="${escapeHtml(caption.src)}"${caption === defaultTrack ? ' default' : ''}>`,
  );
  const size = options.fill ? '' : ` width="${video.width}" height="${video.height}"`;
  return `<video controls preload="metadata" playsinline${size}${video.poster ? ` poster="${escapeHtml(video.poster.src)}"` : ''}${video.title ? ` aria-label="${escapeHtml(video.title)}"` : ''}><source src="${escapeHtml(video.src)}" type="${escapeHtml(video.contentType)}">${tracks.join('')}</video>`;
}

/** What a reader learns before downloading: the duration and the size. */
function videoDetails(video: PageVideo, language: string): string {
  return `${formatDuration(video.durationMs, language)}, ${formatSize(video.size, language)}`;
}

/** A video in a page's article: the player, its title, credit, duration and size, and the original to download. */
export function videoFigure(video: PageVideo, language: string): string {
  const t = (key: string, params?: Record<string, string>) => translateMessage(language, key, params);
  return `<figure class="video">${videoElement(video, language)}<figcaption>${video.title ? `${escapeHtml(video.title)} · ` : ''}<a href="${escapeHtml(video.download)}" download="${escapeHtml(video.fileName)}">${escapeHtml(t('pageDownloadVideo', { details: videoDetails(video, language) }))}</a>${video.credit ? `<span class="credit">${escapeHtml(t('pageVideoCredit', { credit: isolated(video.credit) }))}</span>` : ''}</figcaption></figure>`;
}

/** The OpenGraph words of a public video (absolute addresses: they are read apart from the page). */
export function videoOpenGraph(video: PageVideo, address: string): string[] {
  return [
    `<meta property="og:video" content="${escapeHtml(`${address}${video.src}`)}">`,
    `<meta property="og:video:type" content="${escapeHtml(video.contentType)}">`,
    `<meta property="og:video:width" content="${video.width}">`,
    `<meta property="og:video:height" content="${video.height}">`,
  ];
}

/**
 * The page an `<iframe>` embeds: the player and nothing else. No script, no cookie, no outside address; the
 * caller sends it with headers that let any site frame it.
 */
export function renderEmbedPage(video: PageVideo, language: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${dirOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(video.title || video.fileName)}</title>
<style>html,body{margin:0;height:100%;background:#000}video{display:block;width:100%;height:100%;object-fit:contain}</style>
</head>
<body>
${videoElement(video, language, { fill: true })}
</body>
</html>
`;
}
