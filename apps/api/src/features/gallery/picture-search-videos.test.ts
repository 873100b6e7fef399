import { apiPaths, type PictureResult, type PictureSearch } from '@pressroom/contract';
import { pressReleases, videos } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  fair,
  type PressContentApp,
  startPressContentApp,
  testCompanyId,
} from '../../test-support/press-content.ts';
import { insertRelease } from '../press-releases/test-factories.ts';
import { insertGallery, insertImage, insertReleasePicture, insertVideoRow } from './test-factories.ts';

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
const site = { fair: 0, association: 0 };
const ids: Record<string, number> = {};
const association = { host: 'association.localhost' };

const search = (query: string, caller: Caller = 'user_press_room', host = fair) =>
  harness.app.inject({
    method: 'GET',
    url: `${apiPaths.pictureSearch}${query ? `?${query}` : ''}`,
    headers: { ...host, ...as[caller] },
  });

/** A result by what names it: a picture by its file's name, a video by its id. */
const nameOf = (result: PictureResult) =>
  result.kind === 'video' ? `video ${result.id}` : result.original_name;

async function answer(query: string, caller: Caller = 'user_press_room', host = fair) {
  const response = await search(query, caller, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PictureSearch;
}

async function found(query: string, caller: Caller = 'user_press_room', host = fair) {
  return (await answer(query, caller, host)).results.map(nameOf);
}

const release = (options: Partial<Parameters<typeof insertRelease>[1]> = {}) =>
  insertRelease(harness.db, {
    groups: [site.fair],
    translations: [{ language: 'en', title: 'Glass tiles of the year' }],
    ...options,
  });

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  site.fair = harness.app.sites.forHostname(fair.host).id;
  site.association = harness.app.sites.forHostname(association.host).id;

  const hall = await insertGallery(harness.db, { groups: [site.fair], name: 'Hall of glass' });
  ids.mosaic = await insertImage(harness.db, hall, 'mosaic.jpg', { caption: 'Mosaico in vetro' });
  ids.hallVideo = await insertVideoRow(
    harness.db,
    { galleryId: hall },
    {
      titles: { en: 'Glass mosaic in the making', it: 'Mosaico in vetro: la posa' },
      width: 720,
      height: 1280,
    },
  );
  const published = await release();
  ids.release = published.id;
  ids.slab = await insertReleasePicture(harness.db, published.id, 'glass-slab.jpg', {
    title: 'Vetro e gres',
  });
  ids.releaseVideo = await insertVideoRow(
    harness.db,
    { pressReleaseId: published.id },
    { titles: { fr: 'Le verre à la foire', ar: 'الزجاج في المعرض' }, credit: 'Vetrò Studio' },
  );

  const draftRelease = await release({
    status: 'draft',
    translations: [{ language: 'en', title: 'A draft about glass' }],
  });
  ids.draftReleaseVideo = await insertVideoRow(
    harness.db,
    { pressReleaseId: draftRelease.id },
    { titles: { en: 'Glass draft video' } },
  );
  ids.draftRelease = draftRelease.id;
  const draftGallery = await insertGallery(harness.db, {
    groups: [site.fair],
    status: 'draft',
    companyId: testCompanyId,
  });
  ids.draftGalleryVideo = await insertVideoRow(
    harness.db,
    { galleryId: draftGallery },
    { titles: { en: 'Glass of a draft gallery' } },
  );
  const membersOnly = await release({
    groups: [site.association],
    translations: [{ language: 'en', title: 'Glass for the members' }],
  });
  ids.membersVideo = await insertVideoRow(
    harness.db,
    { pressReleaseId: membersOnly.id },
    { titles: { en: 'Glass for members' } },
  );
});
afterAll(() => stop());

describe('the picture search finds videos', () => {
  it('by their title in every language, newest first among the pictures, with a card’s facts', async () => {
    const [hallVideo, releaseVideo] = [`video ${ids.hallVideo}`, `video ${ids.releaseVideo}`];
    expect(await found('search=vetro')).toEqual([releaseVideo, 'glass-slab.jpg', hallVideo, 'mosaic.jpg']);
    expect(await found('search=verre%20foire')).toEqual([releaseVideo]);
    expect(await found(`search=${encodeURIComponent('الزجاج')}`)).toEqual([releaseVideo]);
    expect(await found('search=posa')).toEqual([hallVideo]);
    const body = await answer('search=mosaic&kind=video');
    expect(body.results).toEqual([
      {
        kind: 'video',
        id: ids.hallVideo,
        title: { en: 'Glass mosaic in the making', it: 'Mosaico in vetro: la posa' },
        credit: '',
        duration_ms: 83_000,
        width: 720,
        height: 1280,
        orientation: 'portrait',
        poster: null,
        folder: { id: expect.any(Number), name: { en: 'Hall of glass' } },
        page: `/press-gallery?gallery=${body.results[0]?.folder.id}`,
      },
    ]);
    const fromRelease = await answer('search=vetro%20studio');
    expect(fromRelease.results).toMatchObject([
      {
        kind: 'video',
        id: ids.releaseVideo,
        credit: 'Vetrò Studio',
        orientation: 'landscape',
        folder: { id: ids.release, name: { en: 'Glass tiles of the year' } },
        page: `/press-release/${ids.release}`,
      },
    ]);
  });

  it('with the kind filter "video", and counts every kind whatever kind is asked', async () => {
    const counts = { gallery_image: 1, release_image: 1, video: 2 };
    expect(await answer('search=vetro&kind=video')).toMatchObject({
      count: 2,
      counts,
      results: [
        { kind: 'video', id: ids.releaseVideo },
        { kind: 'video', id: ids.hallVideo },
      ],
    });
    expect(await answer('search=vetro')).toMatchObject({ count: 4, counts });
    expect(await answer('search=vetro&kind=gallery_image')).toMatchObject({
      count: 1,
      counts,
      results: [{ kind: 'gallery_image', id: ids.mosaic }],
    });
    expect(await answer('search=vetro&kind=video&page=2&page_size=2')).toMatchObject({
      count: 2,
      counts,
      results: [],
    });
    expect(await found('search=vetro&orientation=portrait')).toEqual([`video ${ids.hallVideo}`]);
    expect(await found(`search=vetro&kind=video&site=${site.association}`)).toEqual([]);
  });

  it('never a video of a draft release or gallery for the press; its own company’s editors find theirs', async () => {
    expect(await found('search=draft')).toEqual([]);
    expect(await found('search=draft', 'administrator_press_room_external_company')).toEqual([
      `video ${ids.draftGalleryVideo}`,
    ]);
  });

  it('finds a video of a release on another site only for that site’s readers', async () => {
    expect(await found('search=members')).toEqual([]);
    expect(await found('search=members', 'user_press_room', association)).toEqual([
      `video ${ids.membersVideo}`,
    ]);
  });

  it('finds a video at once when its release is published or it is added, and no more once deleted', async () => {
    // Counted and kept before each change: the change must be seen through what is kept.
    expect(await answer('search=draft%20video&kind=video')).toMatchObject({ count: 0, results: [] });
    await harness.db
      .update(pressReleases)
      .set({ status: 'published' })
      .where(eq(pressReleases.id, ids.draftRelease));
    expect(await found('search=draft%20video')).toEqual([`video ${ids.draftReleaseVideo}`]);

    expect(await answer('search=brennofen')).toMatchObject({ count: 0 });
    const added = await insertVideoRow(
      harness.db,
      { pressReleaseId: ids.release },
      { titles: { de: 'Der Brennofen' }, createdAt: new Date('2026-06-01T00:00:00Z') },
    );
    expect(await answer('search=brennofen')).toMatchObject({ count: 1, counts: { video: 1 } });
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: apiPaths.videoAdmin(added),
      headers: { ...fair, ...as.administrator_press_room },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await answer('search=brennofen')).toMatchObject({ count: 0, counts: { video: 0 }, results: [] });
  });

  it('keeps finding a video by what it says now: a new title', async () => {
    expect(await found('search=fornace')).toEqual([]);
    await harness.db
      .update(videos)
      .set({ titles: { it: 'La fornace' } })
      .where(eq(videos.id, ids.hallVideo));
    expect(await found('search=fornace')).toEqual([`video ${ids.hallVideo}`]);
  });
});
