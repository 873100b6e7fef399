/**
 * Bench module (not a test): the press gallery's streamed ZIP of a 1 GB gallery, its time and the process's
 * peak memory (server and client share this process, so the figure bounds the server's). A 100 MB gallery
 * is zipped first: with streaming, the peak barely moves between 100 MB and 1 GB.
 *
 * The "photographs" are incompressible random bytes behind a JPEG signature, written straight into the
 * uploads directory and recorded as gallery images (the upload path with its image decoding is not what is
 * measured here). JPEGs are stored in the ZIP without recompression, as in production.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { galleries, galleryCategories, galleryImages } from '@pressroom/db';
import { authHeader, createUser, tokenFor } from '../../apps/api/src/test-support/factories.ts';
import {
  type BenchContext,
  type BenchModule,
  collectGarbage,
  type MeasurementRow,
  withPeakMemory,
} from './harness.ts';

const mebibyte = 1024 * 1024;
const fileSize = 16 * mebibyte;

/** Writes `count` files of random bytes (16 MiB each, one 1 MiB buffer reused) and records them as images. */
async function fillGallery(ctx: BenchContext, categoryId: number, name: string, count: number) {
  const [gallery] = await ctx.app.db
    .insert(galleries)
    .values({ categoryId, names: { en: name }, status: 'published' })
    .returning();
  const chunk = Buffer.alloc(mebibyte);
  const rows = [];
  for (let index = 0; index < count; index++) {
    const checksum = randomBytes(32).toString('hex');
    const storagePath = path.join('gallery', 'originals', checksum.slice(0, 2), `${checksum}.jpg`);
    const target = path.join(ctx.app.config.dataDir, 'uploads', storagePath);
    await mkdir(path.dirname(target), { recursive: true });
    const out = createWriteStream(target);
    for (let written = 0; written < fileSize; written += mebibyte) {
      randomFillSync(chunk);
      if (written === 0) chunk.set([0xff, 0xd8, 0xff, 0xe0], 0);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    rows.push({
      galleryId: gallery.id,
      position: index,
      credit: 'Bench',
      usageTerms: 'None',
      originalName: `photo-${String(index).padStart(4, '0')}.jpg`,
      storagePath,
      size: fileSize,
      mime: 'image/jpeg',
      width: 6000,
      height: 4000,
      checksum,
    });
  }
  await ctx.app.db.insert(galleryImages).values(rows);
  return gallery.id;
}

/** Downloads the ZIP over HTTP and throws the bytes away, counting them. */
async function downloadZip(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`ZIP download answered ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  return bytes;
}

export const galleryZipBench: BenchModule = {
  name: 'gallery ZIP',
  async setup(ctx) {
    const site = ctx.app.sites.defaultSite;
    if (!site) throw new Error('no default site');
    const [category] = await ctx.app.db
      .insert(galleryCategories)
      .values({ names: { en: 'Bench' }, groupIds: [site.id] })
      .returning();
    const small = await fillGallery(ctx, category.id, 'Bench 100 MB', 6);
    const large = await fillGallery(ctx, category.id, 'Bench 1 GB', 64);
    const journalist = await createUser(ctx.app, { roles: ['user_press_room'] });
    const headers = authHeader(await tokenFor(ctx.app, journalist));

    return {
      async measure() {
        const rows: MeasurementRow[] = [];
        for (const [label, galleryId, count] of [
          ['100 MB', small, 6],
          ['1 GB', large, 64],
        ] as const) {
          // Each download's peak starts from what is held, not from the garbage of the seeding or the last one.
          collectGarbage();
          const run = await withPeakMemory(() =>
            downloadZip(`${ctx.baseUrl}${apiPaths.galleryDownload}?gallery=${galleryId}`, headers),
          );
          const megabytes = run.result / 1e6;
          rows.push(
            {
              name: `gallery ZIP ${label}: size, time`,
              value: `${megabytes.toFixed(0)} MB in ${run.seconds.toFixed(1)} s`,
              note: `${count} JPEGs of 16 MiB, stored; ${(megabytes / run.seconds).toFixed(0)} MB/s over loopback`,
            },
            {
              name: `gallery ZIP ${label}: peak memory`,
              value: `${run.peakRssMb.toFixed(0)} MB RSS`,
              note: `+${(run.peakRssMb - run.baselineRssMb).toFixed(0)} MB over ${run.baselineRssMb.toFixed(0)} MB before (server and client in one process)`,
            },
          );
        }
        return rows;
      },
    };
  },
};
