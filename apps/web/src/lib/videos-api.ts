import {
  apiPaths,
  type LocalizedText,
  type Video,
  type VideoUpdate,
  type VideoUpload,
} from '@pressroom/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, queryString } from './api-client.ts';
import { sendBytes, sendMultipart } from './multipart-upload.ts';
import type { PartTransport } from './video-upload.ts';

/** Whose videos: one release's or one gallery's (the office edits them in the release editor and the gallery). */
export type VideoOwner = { press_release: number } | { gallery: number };

const officeVideosQuery = (owner: VideoOwner) =>
  queryOptions({
    queryKey: ['office-videos', owner],
    queryFn: ({ signal }) =>
      apiRequest<{ results: Video[] }>(`${apiPaths.videosAdmin}${queryString(owner)}`, { signal }).then(
        (answer) => answer.results,
      ),
  });

/** The owner's videos as the office sees them, and a way to fetch them again after a change. */
export function useOfficeVideos(owner: VideoOwner) {
  const queryClient = useQueryClient();
  const videos = useQuery(officeVideosQuery(owner));
  const refresh = () => queryClient.invalidateQueries({ queryKey: officeVideosQuery(owner).queryKey });
  return { videos, refresh };
}

/** The calls of an upload in parts; the finished upload becomes the owner's video with the given texts. */
export function videoUploadTransport(
  owner: VideoOwner,
  texts: { title?: LocalizedText; credit?: string },
  language: string,
): PartTransport<Video> {
  return {
    start: (file) => apiRequest<VideoUpload>(apiPaths.videoUploads, { method: 'POST', body: file }),
    sendPart: (id, number, part, onProgress) =>
      sendBytes({
        method: 'PUT',
        path: apiPaths.videoUploadPart(id, number),
        body: part,
        language,
        onProgress,
      }),
    complete: (id) =>
      apiRequest<Video>(apiPaths.videoUploadComplete(id), { method: 'POST', body: { ...owner, ...texts } }),
    cancel: (id) => apiRequest<null>(apiPaths.videoUpload(id), { method: 'DELETE' }),
  };
}

export const videosAdminApi = {
  update: (id: number, body: VideoUpdate) =>
    apiRequest<Video>(apiPaths.videoAdmin(id), { method: 'PATCH', body }),
  /** Two videos change places: each takes the other's position. */
  swapPositions: async (video: Video, other: Video) => {
    await videosAdminApi.update(video.id, { position: other.position });
    await videosAdminApi.update(other.id, { position: video.position });
  },
  remove: (id: number) => apiRequest<null>(apiPaths.videoAdmin(id), { method: 'DELETE' }),
  setPoster: (id: number, picture: File, language: string) =>
    sendMultipart<Video>({
      method: 'PUT',
      path: apiPaths.videoAdminPoster(id),
      files: { file: picture },
      language,
    }).done,
  setCaptions: (id: number, captionLanguage: string, file: File, language: string) =>
    sendMultipart<Video>({
      method: 'PUT',
      path: apiPaths.videoAdminCaptions(id, captionLanguage),
      files: { file },
      language,
    }).done,
  removeCaptions: (id: number, captionLanguage: string) =>
    apiRequest<null>(apiPaths.videoAdminCaptions(id, captionLanguage), { method: 'DELETE' }),
};
