import { apiPaths } from '@pressroom/contract';
import { pressReleaseFiles } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fair, type PressContentApp, startPressContentApp } from '../../test-support/press-content.ts';
import { insertRelease, insertReleaseFile } from './test-factories.ts';

describe("a release's cover picture", () => {
  let content: PressContentApp;
  let site: number;
  const app = () => content.harness.app;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().inject({ method: 'GET', url, headers: { ...fair, ...headers } });
  const office = () => ({ ...fair, ...content.as.administrator_press_room });

  /** A public release of the fair with pictures in this order (by position), and a PDF before them. */
  async function releaseWithPictures(title: string, pictures: string[], number: number) {
    const release = await insertRelease(content.harness.db, {
      publicationDate: '2026-05-20',
      number,
      groups: [site],
      translations: [{ language: 'en', title }],
    });
    await insertReleaseFile(content.harness.db, app().storage, {
      releaseId: release.id,
      kind: 'attachment',
      name: 'facts.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from(`%PDF-1.4 ${title}`),
    });
    const ids: number[] = [];
    for (const [position, name] of pictures.entries()) {
      const file = await insertReleaseFile(content.harness.db, app().storage, {
        releaseId: release.id,
        kind: 'image',
        name: `${name}.jpg`,
        contentType: 'image/jpeg',
        bytes: Buffer.from(`${title} ${name}`),
        thumbnail: Buffer.from(`${name} thumbnail`),
        credit: `${name} credit`,
      });
      await content.harness.db
        .update(pressReleaseFiles)
        .set({ position, title: name, width: 1600, height: 900 })
        .where(eq(pressReleaseFiles.id, file.id));
      ids.push(file.id);
    }
    return { id: release.id, pictures: ids };
  }

  const coverInList = async (id: number) =>
    (await get(`${apiPaths.pressReleases}?length=50`))
      .json()
      .results.find((row: { id: number }) => row.id === id)?.cover;

  beforeAll(async () => {
    content = await startPressContentApp();
    site = app().sites.forHostname(fair.host).id;
  });
  afterAll(() => content.stop());

  it('is the first picture when none was chosen, with what a srcset and a fixed box need', async () => {
    const { id, pictures } = await releaseWithPictures('Kiln open day', ['kiln', 'glaze'], 901);
    const expected = {
      id: pictures[0],
      title: 'kiln',
      credit: 'kiln credit',
      width: 1600,
      height: 900,
      thumbnail_url: `/api/press_room/press_release_file/${pictures[0]}/thumbnail/`,
      web_url: apiPaths.pressReleaseFileRendition(pictures[0], 'web'),
      renditions: null,
      sources: [480, 960, 1440].map((width) => ({
        width,
        webp_url: apiPaths.pressReleaseFileCover(pictures[0], width, 'webp'),
        jpeg_url: apiPaths.pressReleaseFileCover(pictures[0], width, 'jpeg'),
      })),
    };
    expect(await coverInList(id)).toEqual(expected);
    expect((await get(`${apiPaths.pressReleases}${id}/`)).json().cover).toEqual(expected);
    expect((await get(`${apiPaths.pressReleases}${id}/`, content.as.user_press_room)).json().cover).toEqual(
      expected,
    );
  });

  it('is the picture the editors chose, on lists, the release, its page and its social card', async () => {
    const { id, pictures } = await releaseWithPictures('Glaze awards', ['hall', 'winner'], 902);
    const chosen = await app().inject({
      method: 'PATCH',
      url: `${apiPaths.pressReleaseAdmin}${id}/`,
      headers: office(),
      payload: { cover_file_id: pictures[1] },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().cover_file_id).toBe(pictures[1]);
    expect((await coverInList(id))?.id).toBe(pictures[1]);
    expect((await get(`${apiPaths.pressReleases}${id}/`)).json().cover).toMatchObject({
      id: pictures[1],
      title: 'winner',
      credit: 'winner credit',
    });
    const feed = (await get(`${apiPaths.pressReleaseFeed}?language=en`)).body;
    expect(feed).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
    expect(feed).toMatch(
      new RegExp(
        `<link rel="enclosure" type="image/jpeg" href="http://[^"]+/api/press_room/press_release_file/${pictures[1]}/web/" title="winner"/>\\n    <media:thumbnail url="http://[^"]+/api/press_room/press_release_file/${pictures[1]}/thumbnail/"/>`,
      ),
    );
    const page = (await get('/releases/2026-902-glaze-awards?lang=en')).body;
    expect(page).toContain('<meta property="og:image:alt" content="winner">');
    expect(page).toContain('<meta name="twitter:image" content="');

    // Removing the chosen picture leaves the first one standing for the release.
    await app().inject({
      method: 'DELETE',
      url: apiPaths.pressReleaseAdminFile(id, pictures[1]),
      headers: office(),
    });
    expect((await coverInList(id))?.id).toBe(pictures[0]);
    expect((await get(`${apiPaths.pressReleaseAdmin}${id}/`, office())).json().cover_file_id).toBeNull();
  });

  it('has none without pictures, and refuses in words a cover that is not a picture of the release', async () => {
    const bare = await releaseWithPictures('Assembly minutes', [], 903);
    expect(await coverInList(bare.id)).toBeNull();
    const other = await releaseWithPictures('Trade figures', ['chart'], 904);
    const [attachment] = await content.harness.db
      .select({ id: pressReleaseFiles.id })
      .from(pressReleaseFiles)
      .where(eq(pressReleaseFiles.pressReleaseId, other.id))
      .orderBy(pressReleaseFiles.id);
    for (const wrong of [other.pictures[0], attachment.id, 999_999]) {
      const refused = await app().inject({
        method: 'PATCH',
        url: `${apiPaths.pressReleaseAdmin}${bare.id}/`,
        headers: { ...office(), 'accept-language': 'it' },
        payload: { cover_file_id: wrong },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        cover_file_id: ['La copertina deve essere una delle immagini di questo comunicato.'],
      });
    }
    expect((await get(`${apiPaths.pressReleaseAdmin}${bare.id}/`, office())).json().cover_file_id).toBeNull();
  });
});
