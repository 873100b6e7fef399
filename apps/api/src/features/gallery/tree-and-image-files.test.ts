import { apiPaths } from '@pressroom/contract';
import { users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import {
  callers,
  expectedStatus,
  fair,
  multipart,
  pressAreaCallers,
  pressOfficeCallers,
  readZip,
  sampleJpeg,
  testCompanyId,
} from '../../test-support/press-content.ts';
import {
  as,
  call,
  child,
  gallery,
  grandchild,
  harness,
  jpeg,
  root,
  setUpGalleryApp,
  siteId,
  upload,
} from './gallery-test-setup.ts';

setUpGalleryApp();

describe('gallery tree', () => {
  it.each(callers)('answers %s according to the press-area rule', async (caller) => {
    const response = await call('GET', apiPaths.galleryTree, caller);
    expect(response.statusCode).toBe(expectedStatus(caller, pressAreaCallers, 200));
  });

  it('nests categories three levels deep with their galleries, names per language', async () => {
    const tree = (await call('GET', apiPaths.galleryTree, 'user_press_room')).json();
    expect(tree).toEqual([
      {
        id: root.id,
        name: { en: 'Fair 2026', it: 'Fiera 2026' },
        position: 0,
        groups: [siteId],
        galleries: [],
        childs: [
          {
            id: child.id,
            name: { en: 'Stands' },
            position: 0,
            groups: [siteId],
            galleries: [],
            childs: [
              {
                id: grandchild.id,
                name: { en: 'Hall 1' },
                position: 0,
                groups: [siteId],
                childs: [],
                galleries: [
                  {
                    id: gallery.id,
                    name: { en: 'September', it: 'Settembre' },
                    position: 0,
                    status: 'published',
                    company_id: null,
                    image_count: 2,
                  },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('shows a category only on the sites it lists', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: apiPaths.galleryTree,
      headers: { host: 'association.localhost', ...as.user_press_room },
    });
    expect(response.json()).toEqual([]);
  });

  it("keeps a company's draft gallery from journalists and shows it to its company", async () => {
    const draft = await call('POST', apiPaths.galleries, 'agent_press_room_external_company', {
      name: { en: 'Our new collection' },
      category: child.id,
    });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', company_id: testCompanyId });
    const names = (tree: { childs: { galleries: { id: number }[] }[] }[]) =>
      tree[0].childs[0].galleries.map((entry) => entry.id);
    expect(names((await call('GET', apiPaths.galleryTree, 'user_press_room')).json())).toEqual([]);
    expect(
      names((await call('GET', apiPaths.galleryTree, 'administrator_press_room_external_company')).json()),
    ).toEqual([draft.json().id]);
    expect((await call('GET', apiPaths.gallery(draft.json().id), 'user_press_room')).statusCode).toBe(404);
    // An agent cannot publish; the press office can.
    expect(
      (
        await call('PATCH', apiPaths.gallery(draft.json().id), 'agent_press_room_external_company', {
          status: 'published',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PATCH', apiPaths.gallery(draft.json().id), 'administrator_press_room', {
          status: 'published',
        })
      ).json().status,
    ).toBe('published');
    expect(
      (await call('DELETE', apiPaths.gallery(draft.json().id), 'administrator_press_room')).statusCode,
    ).toBe(204);
  });

  it("lets a company administrator publish and withdraw their company's gallery, as with releases", async () => {
    const draft = (
      await call('POST', apiPaths.galleries, 'agent_press_room_external_company', {
        name: { en: 'Ready for the fair' },
        category: child.id,
      })
    ).json();
    const published = await call(
      'PATCH',
      apiPaths.gallery(draft.id),
      'administrator_press_room_external_company',
      {
        status: 'published',
      },
    );
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('published');
    const withdrawn = await call(
      'PATCH',
      apiPaths.gallery(draft.id),
      'administrator_press_room_external_company',
      {
        status: 'draft',
      },
    );
    expect(withdrawn.json().status).toBe('draft');
    const createdPublished = await call(
      'POST',
      apiPaths.galleries,
      'administrator_press_room_external_company',
      {
        name: { en: 'Straight out' },
        category: child.id,
        status: 'published',
      },
    );
    expect(createdPublished.json()).toMatchObject({ status: 'published', company_id: testCompanyId });
    for (const id of [draft.id, createdPublished.json().id]) {
      expect(
        (await call('DELETE', apiPaths.gallery(id), 'administrator_press_room_external_company')).statusCode,
      ).toBe(204);
    }
  });

  it("keeps a published gallery out of its company agent's hands", async () => {
    const draft = (
      await call('POST', apiPaths.galleries, 'agent_press_room_external_company', {
        name: { en: 'Launched' },
        category: child.id,
      })
    ).json();
    await upload(draft.id, 'agent_press_room_external_company', [
      { name: 'launch.jpg', content: await sampleJpeg(50, 50, '#334455') },
    ]);
    await call('PATCH', apiPaths.gallery(draft.id), 'administrator_press_room', { status: 'published' });
    const [image] = (
      await call('GET', apiPaths.galleryImages(draft.id), 'agent_press_room_external_company')
    ).json().results;
    const agent = 'agent_press_room_external_company';
    const attempts = {
      withdraw: (await call('PATCH', apiPaths.gallery(draft.id), agent, { status: 'draft' })).statusCode,
      rename: (await call('PATCH', apiPaths.gallery(draft.id), agent, { name: { en: 'Changed' } }))
        .statusCode,
      upload: (await upload(draft.id, agent, [{ name: 'more.jpg', content: await sampleJpeg(20, 20) }]))
        .statusCode,
      editImage: (await call('PATCH', apiPaths.galleryImage(image.id), agent, { credit: 'x' })).statusCode,
      deleteImage: (await call('DELETE', apiPaths.galleryImage(image.id), agent)).statusCode,
      delete: (await call('DELETE', apiPaths.gallery(draft.id), agent)).statusCode,
    };
    expect(attempts).toEqual({
      withdraw: 403,
      rename: 403,
      upload: 403,
      editImage: 403,
      deleteImage: 403,
      delete: 403,
    });
    const unchanged = (await call('GET', apiPaths.gallery(draft.id), 'user_press_room')).json();
    expect(unchanged).toMatchObject({ status: 'published', name: { en: 'Launched' }, image_count: 1 });
    expect((await call('DELETE', apiPaths.gallery(draft.id), 'administrator_press_room')).statusCode).toBe(
      204,
    );
  });
});

describe('gallery detail and images', () => {
  it.each(callers)('lets %s read a gallery only with press-area access', async (caller) => {
    expect((await call('GET', apiPaths.gallery(gallery.id), caller)).statusCode).toBe(
      expectedStatus(caller, pressAreaCallers, 200),
    );
    expect((await call('GET', apiPaths.galleryImages(gallery.id), caller)).statusCode).toBe(
      expectedStatus(caller, pressAreaCallers, 200),
    );
  });

  it('describes a gallery with its place in the tree and its size', async () => {
    const body = (await call('GET', apiPaths.gallery(gallery.id), 'user_press_room')).json();
    expect(body).toMatchObject({
      id: gallery.id,
      name: { en: 'September', it: 'Settembre' },
      category_id: grandchild.id,
      image_count: 2,
      path: [
        { id: root.id, name: { en: 'Fair 2026', it: 'Fiera 2026' } },
        { id: child.id, name: { en: 'Stands' } },
        { id: grandchild.id, name: { en: 'Hall 1' } },
      ],
    });
    expect(body.total_size).toBeGreaterThan(jpeg.length);
  });

  it('pages the images in the plain shape and in the DataTables shape', async () => {
    const plain = (
      await call('GET', `${apiPaths.galleryImages(gallery.id)}?page_size=1`, 'user_press_room')
    ).json();
    expect(plain.count).toBe(2);
    expect(plain.results).toHaveLength(1);
    expect(plain.results[0]).toMatchObject({
      original_name: 'stand-a.jpg',
      credit: 'Photo: Studio Test',
      usage_terms: 'Editorial use only',
      width: 1200,
      height: 800,
      mime: 'image/jpeg',
      size: jpeg.length,
    });
    expect(plain.next).toContain('page=2');
    const tables = (
      await call(
        'GET',
        `${apiPaths.galleryImages(gallery.id)}?format=datatables&draw=3&start=0&length=10&columns[0][data]=original_name&columns[0][searchable]=true&search[value]=logo`,
        'user_press_room',
      )
    ).json();
    expect(tables).toMatchObject({ draw: 3, recordsTotal: 2, recordsFiltered: 1 });
    expect(tables.data.map((row: { original_name: string }) => row.original_name)).toEqual(['logo.png']);
  });
});

describe('image files', () => {
  let image: { id: number; checksum: string; urls: { original: string; preview: string; thumbnail: string } };
  beforeAll(async () => {
    image = (await call('GET', apiPaths.galleryImages(gallery.id), 'user_press_room')).json().results[0];
  });

  it('serves a signed URL without a token, with a strong ETag and immutable caching', async () => {
    const response = await harness.app.inject({ method: 'GET', url: image.urls.thumbnail, headers: fair });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.etag).toBe(`"${image.checksum}-thumbnail"`);
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const again = await harness.app.inject({
      method: 'GET',
      url: image.urls.thumbnail,
      headers: { ...fair, 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers byte ranges of the original', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: image.urls.original,
      headers: { ...fair, range: 'bytes=0-99' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${jpeg.length}`);
    expect(response.rawPayload.equals(jpeg.subarray(0, 100))).toBe(true);
    const suffix = await harness.app.inject({
      method: 'GET',
      url: image.urls.original,
      headers: { ...fair, range: 'bytes=-10' },
    });
    expect(suffix.rawPayload.equals(jpeg.subarray(jpeg.length - 10))).toBe(true);
    const outside = await harness.app.inject({
      method: 'GET',
      url: image.urls.original,
      headers: { ...fair, range: `bytes=${jpeg.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${jpeg.length}`);
    const stale = await harness.app.inject({
      method: 'GET',
      url: image.urls.original,
      headers: { ...fair, range: 'bytes=0-9', 'if-range': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-disposition']).toContain('attachment; filename="stand-a.jpg"');
  });

  it('refuses a tampered or expired signature, and a URL of other bytes', async () => {
    const tampered = image.urls.preview.replace(/signature=./, 'signature=x');
    expect((await harness.app.inject({ method: 'GET', url: tampered, headers: fair })).statusCode).toBe(401);
    const otherFile = `/api/press_room/gallery/images/${image.id}/preview/${'0'.repeat(64)}.webp`;
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: otherFile,
          headers: { ...fair, ...as.user_press_room },
        })
      ).statusCode,
    ).toBe(404);
    harness.clock.advance(3 * 86_400);
    try {
      expect(
        (await harness.app.inject({ method: 'GET', url: image.urls.preview, headers: fair })).statusCode,
      ).toBe(401);
    } finally {
      harness.clock.advance(-3 * 86_400);
    }
  });

  it.each(callers)('serves an unsigned file URL to %s only with press-area access', async (caller) => {
    const url = image.urls.preview.split('?')[0];
    expect((await call('GET', url, caller)).statusCode).toBe(expectedStatus(caller, pressAreaCallers, 200));
  });
});

describe('signed links, checked again when they are fetched', () => {
  const association = { host: 'association.localhost' };
  const italian = { 'accept-language': 'it' };
  const fetch = (url: string, headers: Record<string, string> = fair) =>
    harness.app.inject({ method: 'GET', url, headers });
  /** Each file link of a picture, as the image answers give them. */
  const fileLinks = (image: { urls: Record<string, string> }) => Object.values(image.urls);
  const statuses = async (urls: string[], headers: Record<string, string> = fair) =>
    Promise.all(urls.map(async (url) => (await fetch(url, headers)).statusCode));

  let halls: { id: number };
  beforeAll(async () => {
    halls = (
      await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
        name: { en: 'Kiln halls' },
        parent: null,
        groups: [siteId],
      })
    ).json();
  });

  /** A published gallery of the fair with two pictures, as a journalist's answers link them. */
  async function publishedGallery(name: string) {
    const created = (
      await call('POST', apiPaths.galleries, 'administrator_press_room', {
        name: { en: name },
        category: halls.id,
      })
    ).json();
    expect(created.status).toBe('published');
    const uploaded = await upload(created.id, 'administrator_press_room', [
      { name: 'kiln-a.jpg', content: await sampleJpeg(64, 48, '#8a3a1a') },
      { name: 'kiln-b.jpg', content: await sampleJpeg(48, 64, '#1a3a8a') },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const images = (await call('GET', apiPaths.galleryImages(created.id), 'user_press_room')).json()
      .results as { id: number; urls: Record<string, string> }[];
    const zip = async (body: object) => {
      const prepared = await call('POST', apiPaths.galleryDownload, 'user_press_room', body);
      expect(prepared.statusCode).toBe(200);
      return prepared.json().url as string;
    };
    return {
      id: created.id as number,
      images,
      galleryZip: await zip({ gallery: created.id }),
      selectionZip: await zip({ images: images.map((image) => image.id) }),
    };
  }

  it("stops serving a picture's links and its gallery's ZIP links given to the press once the gallery is a draft again, and serves them on their own site only", async () => {
    const kilns = await publishedGallery('Kilns');
    const links = [...fileLinks(kilns.images[0]), kilns.galleryZip, kilns.selectionZip];
    expect(await statuses(links)).toEqual(links.map(() => 200));
    // Made on the fair's site, they are not honoured on the association's host.
    expect(await statuses(links, association)).toEqual(links.map(() => 401));

    const drafted = await call('PATCH', apiPaths.gallery(kilns.id), 'administrator_press_room', {
      status: 'draft',
    });
    expect(drafted.json().status).toBe('draft');
    const refused = await Promise.all(links.map((url) => fetch(url, { ...fair, ...italian })));
    expect(refused.map((response) => response.statusCode)).toEqual(links.map(() => 404));
    expect(refused.map((response) => response.json())).toEqual(links.map(() => ({ detail: 'Non trovato.' })));

    // Its editors still see the draft's pictures and download it, by the links their answers give.
    const edited = (await call('GET', apiPaths.galleryImages(kilns.id), 'administrator_press_room')).json()
      .results[0] as { urls: Record<string, string> };
    expect(await statuses(fileLinks(edited))).toEqual(fileLinks(edited).map(() => 200));
    const editorZip = (
      await call('POST', apiPaths.galleryDownload, 'administrator_press_room', { gallery: kilns.id })
    ).json().url as string;
    const zip = await fetch(editorZip);
    expect(zip.statusCode).toBe(200);
    expect((await readZip(zip.rawPayload)).map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'kiln-a.jpg',
      'kiln-b.jpg',
    ]);
    // What an editor's link says of them is signed: taken out, the link is refused.
    expect(edited.urls.thumbnail).toMatch(/[?&]editor=\d+&/);
    expect((await fetch(edited.urls.thumbnail.replace(/editor=\d+&/, ''))).statusCode).toBe(401);

    // Published again, the press's links serve again: they are checked, not revoked.
    await call('PATCH', apiPaths.gallery(kilns.id), 'administrator_press_room', { status: 'published' });
    expect(await statuses(links)).toEqual(links.map(() => 200));
    await call('DELETE', apiPaths.gallery(kilns.id), 'administrator_press_room');
  });

  it('stops serving once the picture is deleted, its category leaves the site, or its gallery is deleted', async () => {
    const kilns = await publishedGallery('Firing');
    const [kept, removed] = kilns.images;
    expect(
      (await call('DELETE', apiPaths.galleryImage(removed.id), 'administrator_press_room')).statusCode,
    ).toBe(204);
    expect(await statuses(fileLinks(removed))).toEqual(fileLinks(removed).map(() => 404));
    // A selection's link serves what is left of it.
    const selection = await fetch(kilns.selectionZip);
    expect(selection.statusCode).toBe(200);
    expect((await readZip(selection.rawPayload)).map((entry) => entry.name).sort()).toEqual([
      'CREDITS.txt',
      'kiln-a.jpg',
    ]);

    const elsewhere = harness.app.sites.forHostname(association.host).id;
    await call('PATCH', apiPaths.galleryCategory(halls.id), 'administrator_press_room', {
      groups: [elsewhere],
    });
    const links = [...fileLinks(kept), kilns.galleryZip, kilns.selectionZip];
    try {
      expect(await statuses(links)).toEqual(links.map(() => 404));
    } finally {
      await call('PATCH', apiPaths.galleryCategory(halls.id), 'administrator_press_room', {
        groups: [siteId],
      });
    }
    expect(await statuses(links)).toEqual(links.map(() => 200));

    await call('DELETE', apiPaths.gallery(kilns.id), 'administrator_press_room');
    expect(await statuses(links)).toEqual(links.map(() => 404));
  });

  it("serves a company agent's links to their draft while their account is active", async () => {
    const agent = await createUser(harness.app, {
      roles: ['agent_press_room_external_company'],
      companyId: testCompanyId,
      userType: 'COMPANY',
    });
    const headers = { ...fair, ...authHeader(await tokenFor(harness.app, agent)) };
    const draft = (
      await harness.app.inject({
        method: 'POST',
        url: apiPaths.galleries,
        headers,
        payload: { name: { en: 'Our glazes' }, category: halls.id },
      })
    ).json();
    expect(draft.status).toBe('draft');
    const form = multipart({}, [
      {
        field: 'files',
        fileName: 'glaze.jpg',
        contentType: 'image/jpeg',
        content: await sampleJpeg(40, 40, '#3a8a1a'),
      },
    ]);
    const uploaded = await harness.app.inject({
      method: 'POST',
      url: apiPaths.galleryImages(draft.id),
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    const image = uploaded.json().images[0] as { urls: Record<string, string> };
    expect(await statuses(fileLinks(image))).toEqual(fileLinks(image).map(() => 200));
    expect(
      (await call('POST', apiPaths.galleryDownload, 'user_press_room', { gallery: draft.id })).statusCode,
    ).toBe(404);

    await harness.db.update(users).set({ isActive: false }).where(eq(users.id, agent.id));
    expect(await statuses(fileLinks(image))).toEqual(fileLinks(image).map(() => 404));
    await call('DELETE', apiPaths.gallery(draft.id), 'administrator_press_room');
  });
});

describe('editing the tree', () => {
  it.each(callers)('lets %s create categories only when managing all content', async (caller) => {
    const response = await call('POST', apiPaths.galleryCategories, caller, {
      name: { en: `By ${caller}` },
      parent: null,
    });
    expect(response.statusCode).toBe(expectedStatus(caller, pressOfficeCallers, 201));
    if (response.statusCode === 201) {
      expect((await call('DELETE', apiPaths.galleryCategory(response.json().id), caller)).statusCode).toBe(
        204,
      );
    }
  });

  it('validates names: at least one language, known languages only', async () => {
    const empty = await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
      name: { en: '  ' },
      parent: null,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ name: ['Field required'] });
    const unknownParent = await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
      name: { en: 'x' },
      parent: 999_999,
    });
    expect(unknownParent.json()).toEqual({ parent: ['Field not valid'] });
  });

  it('renames and moves a category, but never inside itself', async () => {
    const renamed = await call('PATCH', apiPaths.galleryCategory(child.id), 'administrator_press_room', {
      name: { en: 'Stands', fr: 'Stands' },
    });
    expect(renamed.json()).toMatchObject({
      id: child.id,
      name: { en: 'Stands', fr: 'Stands' },
      parent: root.id,
    });
    const cycle = await call('PATCH', apiPaths.galleryCategory(root.id), 'administrator_press_room', {
      parent: grandchild.id,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toEqual({
      parent: ['A category cannot be moved inside itself or one of its sub-categories.'],
    });
    const other = (
      await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
        name: { en: 'Other' },
        parent: null,
      })
    ).json();
    const moved = await call('PATCH', apiPaths.galleryCategory(other.id), 'administrator_press_room', {
      parent: root.id,
      position: 5,
    });
    expect(moved.json()).toMatchObject({ parent: root.id, position: 5 });
    expect(
      (await call('DELETE', apiPaths.galleryCategory(other.id), 'administrator_press_room')).statusCode,
    ).toBe(204);
  });

  it('refuses to delete a category that still holds something', async () => {
    const response = await call('DELETE', apiPaths.galleryCategory(root.id), 'administrator_global');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ['This category still holds galleries or sub-categories. Move or delete them first.'],
    });
  });

  it('moves and renames a gallery', async () => {
    const response = await call('PATCH', apiPaths.gallery(gallery.id), 'administrator_press_room', {
      category: grandchild.id,
      name: { en: 'September', it: 'Settembre', de: 'September' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toEqual({ en: 'September', it: 'Settembre', de: 'September' });
  });
});
