import {
  apiPaths,
  captionLanguageLabels,
  type Language,
  pickLocalized,
  publicPages,
  type Video,
  type VideoContentType,
  type VideoForReader,
  type VideoPoster,
} from '@pressroom/contract';
import type { VideoCaptionRow, VideoRow } from './repository.ts';

/** Writes a file address as the reader may fetch it: plain for what is public, signed otherwise. */
export type Address = (pathAndQuery: string) => string;

// A poster or captions file may be replaced under the same address; the version in the query changes with the
// bytes, so the browser's immutable cache never shows the old one.
const versioned = (pathAndQuery: string, checksum: string) => `${pathAndQuery}?v=${checksum.slice(0, 16)}`;
const captionVersion = (caption: VideoCaptionRow) => caption.fileKey.split('/').pop()?.slice(0, 16) ?? '';

export function presentPoster(video: VideoRow, address: Address): VideoPoster | null {
  const facts = video.posterRenditions;
  if (!facts || !video.posterChecksum) return null;
  const web = address(versioned(apiPaths.videoPoster(video.id, 'web'), video.posterChecksum));
  const print = address(versioned(apiPaths.videoPoster(video.id, 'print'), video.posterChecksum));
  const srcset =
    facts.print.width > facts.web.width
      ? `${web} ${facts.web.width}w, ${print} ${facts.print.width}w`
      : `${web} ${facts.web.width}w`;
  return { src: web, srcset, width: facts.original.width, height: facts.original.height };
}

function facts(video: VideoRow, address: Address) {
  return {
    id: video.id,
    credit: video.credit,
    duration_ms: video.durationMs,
    size: video.fileSize,
    width: video.width,
    height: video.height,
    content_type: video.contentType as VideoContentType,
    video_codec: video.videoCodec,
    audio_codec: video.audioCodec,
    poster: presentPoster(video, address),
    src: address(apiPaths.videoStream(video.id)),
    download: address(apiPaths.videoDownload(video.id)),
  };
}

const captionsOf = (video: VideoRow, captions: VideoCaptionRow[], address: Address) =>
  captions
    .filter((caption) => caption.videoId === video.id)
    .map((caption) => ({
      caption,
      language: caption.language as Language,
      label: captionLanguageLabels[caption.language as Language] ?? caption.language,
      src: address(`${apiPaths.videoCaptions(video.id, caption.language)}?v=${captionVersion(caption)}`),
    }));

/** A video for a reader: the title in `language`, its captions as `<track>`s, the embed while it is public. */
export function presentVideoForReader(
  video: VideoRow,
  captions: VideoCaptionRow[],
  options: { language: string; address: Address; isPublic: boolean },
): VideoForReader {
  return {
    ...facts(video, options.address),
    title: pickLocalized(video.titles, options.language),
    captions: captionsOf(video, captions, options.address).map(({ language, label, src }) => ({
      language,
      label,
      src,
    })),
    embed: options.isPublic ? publicPages.videoEmbed(video.id) : null,
  };
}

/** A video as its editors see it (addresses signed for the editor). */
export function presentVideo(video: VideoRow, captions: VideoCaptionRow[], address: Address): Video {
  return {
    ...facts(video, address),
    press_release: video.pressReleaseId,
    gallery: video.galleryId,
    position: video.position,
    title: video.titles,
    file_name: video.fileName,
    captions: captionsOf(video, captions, address).map(({ caption, language, label, src }) => ({
      language,
      label,
      src,
      size: caption.size,
    })),
    created_at: video.createdAt.toISOString(),
  };
}
