import type { Basket } from '@pressroom/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketApi, videoInBasket } from './basket.ts';

const emptyBasket: Basket = {
  items: [],
  videos: [],
  count: 0,
  total_size: 0,
  sizes: { original: 0, web: 0, print: 0 },
};

describe('the basket client with videos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts a video in the basket and takes it out by its id, beside the pictures', async () => {
    const fetch = vi.fn(
      async (_path: string, _init: RequestInit) => new Response(JSON.stringify(emptyBasket), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    await basketApi.add('video', [7]);
    await basketApi.remove('video', [7]);
    await basketApi.add('release_image', [3]);
    expect(fetch.mock.calls.map(([path, init]) => [path, init.body])).toEqual([
      ['/api/press_room/basket/', '{"videos":[7]}'],
      ['/api/press_room/basket/remove/', '{"videos":[7]}'],
      ['/api/press_room/basket/', '{"release_images":[3]}'],
    ]);
  });

  it('says whether a video is in the basket; without a basket, it is not', () => {
    const basket = {
      ...emptyBasket,
      videos: [{ id: 7 }, { id: 9 }],
    } as unknown as Basket;
    expect([7, 8, 9].map((id) => videoInBasket(basket, id))).toEqual([true, false, true]);
    expect(videoInBasket(undefined, 7)).toBe(false);
  });
});
