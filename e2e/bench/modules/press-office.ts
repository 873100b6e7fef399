/**
 * Bench module (not a test): the fair's press office. Measured: the public release detail under load
 * with view counting on, beside the same route with the counter replaced by a no-op in this run (the ratio is
 * what counting costs); and the basket's ZIP of 200 pictures (BENCH_BASKET_IMAGES) in web size, the first time
 * (the renditions are made then) and again (kept), and in original size, with the process's peak memory.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { galleries, galleryCategories, galleryImages } from '@pressroom/db';
import sharp from 'sharp';
import { authHeader, createUser, tokenFor } from '../../../apps/api/src/test-support/factories.ts';
import {
  type BenchContext,
  type BenchModule,
  type MeasurementRow,
  runLoad,
  withPeakMemory,
} from '../harness.ts';

const imageCount = Number(process.env.BENCH_BASKET_IMAGES ?? 200);

/** Pictures of 2400 x 1600 px (a real JPEG each, every one different) recorded straight into a gallery. */
async function galleryOfPictures(ctx: BenchContext, siteId: number) {
  const [category] = await ctx.app.db
    .insert(galleryCategories)
    .values({ names: { en: 'Bench hall' }, groupIds: [siteId] })
    .returning();
  const [gallery] = await ctx.app.db
    .insert(galleries)
    .values({ categoryId: category.id, names: { en: 'Bench pictures' }, status: 'published' })
    .returning();
  const rows = [];
  for (let index = 0; index < imageCount; index++) {
    const bytes = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: index % 256, g: 90, b: 140 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const checksum = createHash('sha256').update(bytes).update(String(index)).digest('hex');
    const storagePath = path.join('gallery', 'originals', checksum.slice(0, 2), `${checksum}.jpg`);
    const target = path.join(ctx.app.config.dataDir, 'uploads', storagePath);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    rows.push({
      galleryId: gallery.id,
      position: index,
      credit: 'Bench studio',
      usageTerms: 'Editorial use',
      originalName: `picture-${String(index).padStart(4, '0')}.jpg`,
      storagePath,
      size: bytes.length,
      mime: 'image/jpeg',
      width: 2400,
      height: 1600,
      checksum,
    });
  }
  return (await ctx.app.db.insert(galleryImages).values(rows).returning({ id: galleryImages.id })).map(
    (row) => row.id,
  );
}

/** Prepares the basket's ZIP in a size and reads it to the end, as a browser saving it would. */
async function downloadBasket(ctx: BenchContext, headers: Record<string, string>, size: string) {
  const prepared = await fetch(`${ctx.baseUrl}${apiPaths.basketDownload}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ size }),
  });
  if (!prepared.ok) throw new Error(`basket download answered ${prepared.status}: ${await prepared.text()}`);
  const { url } = (await prepared.json()) as { url: string };
  const zip = await fetch(`${ctx.baseUrl}${url}`);
  if (!zip.ok || !zip.body) throw new Error(`basket ZIP answered ${zip.status}`);
  let bytes = 0;
  for await (const chunk of zip.body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

export const pressOfficeBench: BenchModule = {
  name: "the fair's press office",
  async setup(ctx) {
    const site = ctx.app.sites.defaultSite;
    if (!site) throw new Error('no site');
    const adminHeaders = { authorization: `JWT ${ctx.admin.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${ctx.baseUrl}/api/press_room/admin/press_release/`, {
      method: 'POST',
      headers: adminHeaders,
      body: JSON.stringify({
        publication_date: new Date().toISOString().slice(0, 10),
        groups: [site.id],
        translations: [
          { language: 'en', title: 'Counted release', subtitle: '', body: '<p>Read often.</p>' },
        ],
      }),
    });
    const { id: releaseId } = (await created.json()) as { id: number };
    await fetch(`${ctx.baseUrl}/api/press_room/admin/press_release/${releaseId}/status/`, {
      method: 'POST',
      headers: adminHeaders,
      body: JSON.stringify({ status: 'published', notify: false }),
    });
    const imageIds = await galleryOfPictures(ctx, site.id);
    const journalist = await createUser(ctx.app, { roles: ['user_press_room'] });
    const headers = authHeader(await tokenFor(ctx.app, journalist));
    const added = await fetch(`${ctx.baseUrl}${apiPaths.basket}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ images: imageIds }),
    });
    if (!added.ok) throw new Error(`basket answered ${added.status}: ${await added.text()}`);

    return {
      async measure() {
        const rows: MeasurementRow[] = [];
        const scenario = {
          name: 'press_release detail',
          path: apiPaths.pressRelease(releaseId),
          headers: { 'accept-language': 'en' },
        };
        // Counted, off, counted again: the two counted runs bracket the one without, so warming up favours
        // neither side.
        const counter = ctx.app.readCounter;
        const count = counter.count;
        const first = await runLoad(ctx.baseUrl, scenario, ctx.options);
        counter.count = () => undefined;
        const uncounted = await runLoad(ctx.baseUrl, scenario, ctx.options);
        counter.count = count;
        const second = await runLoad(ctx.baseUrl, scenario, ctx.options);
        await counter.flush();
        const counted = (first.requestsPerSecond + second.requestsPerSecond) / 2;
        rows.push(
          {
            name: 'Release detail, views counted (two runs)',
            value: `${counted.toFixed(0)} req/s`,
            note: `${first.requestsPerSecond.toFixed(0)} and ${second.requestsPerSecond.toFixed(0)} req/s; p99 ${first.p99} and ${second.p99} ms`,
          },
          {
            name: 'Release detail, counter off (between them)',
            value: `${uncounted.requestsPerSecond.toFixed(0)} req/s`,
            note: `p99 ${uncounted.p99} ms; counted / off = ${(counted / uncounted.requestsPerSecond).toFixed(3)}`,
          },
        );

        for (const [label, size] of [
          ['web size, renditions made', 'web'],
          ['web size, renditions kept', 'web'],
          ['original size', 'original'],
        ] as const) {
          global.gc?.();
          const run = await withPeakMemory(() => downloadBasket(ctx, headers, size));
          rows.push({
            name: `Basket ZIP of ${imageCount} pictures, ${label}`,
            value: `${run.seconds.toFixed(2)} s`,
            note: `${(run.result / 1024 / 1024).toFixed(1)} MiB; peak ${run.peakRssMb.toFixed(0)} MB RSS (+${(run.peakRssMb - run.baselineRssMb).toFixed(0)} MB)`,
          });
        }
        return rows;
      },
    };
  },
};
