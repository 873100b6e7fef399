import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type Caller,
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  samplePng,
  startPressContentApp,
} from '../../test-support/press-content.ts';

/*
 * What the gallery's route tests share: the app, its callers, and a published gallery of the fair with two
 * pictures in a tree three categories deep. The bindings are live: each test file's `setUpGalleryApp` fills
 * them before its tests and stops the app after them.
 */
export let harness: PressContentApp['harness'];
export let dataDir: PressContentApp['dataDir'];
export let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
export let siteId: number;

export async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  caller: Caller,
  body?: unknown,
) {
  return harness.app.inject({
    method,
    url,
    headers: { ...fair, ...as[caller] },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export async function upload(
  galleryId: number,
  caller: Caller,
  files: { name: string; content: Buffer; type?: string }[],
  fields = {},
  extraHeaders: Record<string, string> = {},
) {
  const form = multipart(
    fields,
    files.map((file) => ({
      field: 'files',
      fileName: file.name,
      contentType: file.type ?? 'image/jpeg',
      content: file.content,
    })),
  );
  return harness.app.inject({
    method: 'POST',
    url: apiPaths.galleryImages(galleryId),
    headers: { ...fair, ...as[caller], ...form.headers, ...extraHeaders },
    payload: form.payload,
  });
}

export let root: { id: number };
export let child: { id: number };
export let grandchild: { id: number };
export let gallery: { id: number };
export let jpeg: Buffer;

/** The app of the file that calls it, its categories, gallery and pictures made before its tests. */
export function setUpGalleryApp() {
  beforeAll(async () => {
    ({ harness, as, dataDir, stop } = await startPressContentApp({ downloadMaxBytes: 50 * 1024 * 1024 }));
    siteId = harness.app.sites.forHostname('fair.localhost').id;
    root = (
      await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
        name: { en: 'Fair 2026', it: 'Fiera 2026' },
        parent: null,
      })
    ).json();
    child = (
      await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
        name: { en: 'Stands' },
        parent: root.id,
      })
    ).json();
    grandchild = (
      await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
        name: { en: 'Hall 1' },
        parent: child.id,
      })
    ).json();
    gallery = (
      await call('POST', apiPaths.galleries, 'administrator_press_room', {
        name: { en: 'September', it: 'Settembre' },
        category: grandchild.id,
      })
    ).json();
    jpeg = await sampleJpeg();
    const uploaded = await upload(
      gallery.id,
      'administrator_press_room',
      [
        { name: 'stand-a.jpg', content: jpeg },
        { name: 'logo.png', content: await samplePng(), type: 'image/png' },
      ],
      { credit: 'Photo: Studio Test', usage_terms: 'Editorial use only' },
    );
    expect(uploaded.statusCode).toBe(201);
  });

  afterAll(() => stop());
}
