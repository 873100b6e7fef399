/**
 * A picture of a video taken in the browser, to stand for it until it plays: the file is opened in a
 * `<video>`, moved to about one second in (the first frame is often black) and drawn on a canvas as a JPEG.
 * Answers null when the browser cannot show the video (its codec, say): the poster is then left to the user.
 */
export async function frameOfVideo(file: Blob, atSeconds = 1): Promise<Blob | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    await new Promise<void>((resolve, reject) => {
      video.onloadeddata = () => resolve();
      video.onerror = () => reject(new Error('unreadable'));
      video.src = url;
    });
    await new Promise<void>((resolve, reject) => {
      video.onseeked = () => resolve();
      video.onerror = () => reject(new Error('unreadable'));
      // A video shorter than the moment asked for: its middle.
      video.currentTime = Number.isFinite(video.duration)
        ? Math.min(atSeconds, video.duration / 2)
        : atSeconds;
    });
    if (!video.videoWidth || !video.videoHeight) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
