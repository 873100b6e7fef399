import { apiPaths } from '@pressroom/contract';
import { brands, companies, companyBrands } from '@pressroom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  fair,
  multipart,
  type PressContentApp,
  sampleJpeg,
  startPressContentApp,
} from '../../test-support/press-content.ts';

let harness: PressContentApp['harness'];
let as: PressContentApp['as'];
let stop: PressContentApp['stop'];
const ids: Record<string, number> = {};

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, caller: Caller, body?: unknown) =>
  harness.app.inject({
    method,
    url,
    headers: { ...fair, ...as[caller] },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function uploadImages(galleryId: number, names: string[]) {
  const jpeg = await sampleJpeg();
  const form = multipart(
    {},
    names.map((name) => ({ field: 'files', fileName: name, contentType: 'image/jpeg', content: jpeg })),
  );
  const response = await harness.app.inject({
    method: 'POST',
    url: apiPaths.galleryImages(galleryId),
    headers: { ...fair, ...as.administrator_press_room, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(201);
  return (response.json().images as { id: number }[]).map((image) => image.id);
}

async function insertCompany(name: string) {
  const [row] = await harness.db.insert(companies).values({ businessName: name, matchKey: name }).returning();
  return row.id;
}

const names = (images: { original_name: string }[]) => images.map((image) => image.original_name).sort();

beforeAll(async () => {
  ({ harness, as, stop } = await startPressContentApp());
  ids.rossi = await insertCompany('Ceramica Rossi');
  ids.nord = await insertCompany('Gres Nord');
  const [terra] = await harness.db.insert(brands).values({ name: 'Terra' }).returning();
  ids.terra = terra.id;
  await harness.db.insert(companyBrands).values({ companyId: ids.nord, brandId: ids.terra });
  const category = (
    await call('POST', apiPaths.galleryCategories, 'administrator_press_room', {
      name: { en: 'Stands' },
      parent: null,
    })
  ).json();
  const gallery = (
    await call('POST', apiPaths.galleries, 'administrator_press_room', {
      name: { en: 'Hall 1' },
      category: category.id,
    })
  ).json();
  [ids.standA, ids.standB, ids.hall] = await uploadImages(gallery.id, [
    'stand-a.jpg',
    'stand-b.jpg',
    'hall.jpg',
  ]);
});
afterAll(() => stop());

describe('gallery images tagged with companies and brands', () => {
  it('an editor tags an image; the tags come back by name and a PATCH of tags keeps the caption', async () => {
    await call('PATCH', apiPaths.galleryImage(ids.standA), 'administrator_press_room', {
      caption: { en: 'Stand A' },
    });
    const response = await call('PATCH', apiPaths.galleryImage(ids.standA), 'administrator_press_room', {
      companies: [ids.rossi],
      brands: [ids.terra],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      caption: { en: 'Stand A' },
      companies: [{ id: ids.rossi, name: 'Ceramica Rossi' }],
      brands: [{ id: ids.terra, name: 'Terra' }],
    });
    const read = (await call('GET', apiPaths.galleryImage(ids.standA), 'user_press_room')).json();
    expect(read.companies).toEqual([{ id: ids.rossi, name: 'Ceramica Rossi' }]);
  });

  it('a tag naming no company is refused with a field message, and nothing is written', async () => {
    const response = await call('PATCH', apiPaths.galleryImage(ids.standB), 'administrator_press_room', {
      companies: [ids.rossi, 999_999],
      caption: { en: 'Never saved' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ companies: ['Field not valid'] });
    const read = (await call('GET', apiPaths.galleryImage(ids.standB), 'user_press_room')).json();
    expect(read).toMatchObject({ caption: {}, companies: [] });
  });

  it('journalists find the images showing a company, or a brand (tagged, or carried by a tagged company)', async () => {
    await call('PATCH', apiPaths.galleryImage(ids.standB), 'administrator_press_room', {
      companies: [ids.nord],
    });
    const byCompany = await call(
      'GET',
      `${apiPaths.galleryTaggedImages}?company=${ids.rossi}`,
      'user_press_room',
    );
    expect(names(byCompany.json().results)).toEqual(['stand-a.jpg']);
    const byBrand = await call(
      'GET',
      `${apiPaths.galleryTaggedImages}?brand=${ids.terra}`,
      'user_press_room',
    );
    expect(names(byBrand.json().results)).toEqual(['stand-a.jpg', 'stand-b.jpg']);
    const tags = (await call('GET', apiPaths.galleryTags, 'user_press_room')).json();
    expect(tags).toEqual({
      companies: [
        { id: ids.rossi, name: 'Ceramica Rossi' },
        { id: ids.nord, name: 'Gres Nord' },
      ],
      brands: [{ id: ids.terra, name: 'Terra' }],
    });
  });

  it('the filter needs exactly one of company and brand, and is for the press area only', async () => {
    expect((await call('GET', apiPaths.galleryTaggedImages, 'user_press_room')).statusCode).toBe(400);
    expect(
      (
        await call(
          'GET',
          `${apiPaths.galleryTaggedImages}?company=${ids.rossi}&brand=${ids.terra}`,
          'user_press_room',
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `${apiPaths.galleryTaggedImages}?company=${ids.rossi}`, 'anonymous')).statusCode,
    ).toBe(401);
  });

  it('gallery editors pick tags by name, whatever the accents; journalists may not', async () => {
    const companies = await call(
      'GET',
      `${apiPaths.galleryTagChoices}?kind=companies&search=rossi`,
      'agent_press_room_external_company',
    );
    expect(companies.json()).toEqual({ results: [{ id: ids.rossi, name: 'Ceramica Rossi' }] });
    const brands = await call(
      'GET',
      `${apiPaths.galleryTagChoices}?kind=brands&search=térra`,
      'administrator_press_room',
    );
    expect(brands.json()).toEqual({ results: [{ id: ids.terra, name: 'Terra' }] });
    expect(
      (await call('GET', `${apiPaths.galleryTagChoices}?kind=brands`, 'user_press_room')).statusCode,
    ).toBe(403);
  });
});
