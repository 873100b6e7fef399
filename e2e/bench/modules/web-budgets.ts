import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pressReleaseGroups, pressReleases } from '@pressroom/db';
import * as chromeLauncher from 'chrome-launcher';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { storeFiles } from '../../../apps/api/src/features/press-releases/files-service.ts';
import { insertRelease } from '../../../apps/api/src/features/press-releases/test-factories.ts';
import { chromiumArgs } from '../../support/browser.ts';
import type { BenchContext, BenchModule, MeasurementRow } from '../harness.ts';

/**
 * Bench module (not a test): Home on a phone, on the built app the API serves, with Lighthouse's
 * mobile defaults (simulated slow 4G, 4x CPU slowdown) on /#/home, LIGHTHOUSE_RUNS runs (default 3; single
 * runs vary on a shared machine). Three figures, each the median of the runs:
 *
 * - the performance score (budget: at least 97);
 * - the largest contentful paint (budget: at most 2.0 s);
 * - the JavaScript fetched before the page is idle, KB gzip: every script request Lighthouse saw until it
 *   stopped (the first load, the route's and the language's chunks, anything asked for after the first
 *   paint), each file gzipped at level 6 as the server compresses (budget: at most 170 KB).
 *
 * Home shows the default site's releases: those the other modules seeded, else a page's worth seeded here
 * (BENCH_MODULES=web), so the list, not an empty message, is what Lighthouse sees; with covers, and two of
 * them featured on top with a large cover, as Home is used.
 *
 * Chromium: CHROME_PATH, else the whole browser of Debian's `chromium` package (installed by .ci/run), as a
 * reader's phone runs the page, not the journeys' headless shell.
 */

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The browser journeys' flags; chrome-launcher starts Chromium itself, so headless is asked for here.
const chromeFlags = ['--headless=new', ...chromiumArgs];

const budget = { score: 97, lcpMs: 2000, scriptKb: 170 };

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The entry scripts and preloads of index.html, and every module they import statically, once each. */
export async function firstLoadScripts(distDir: string): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => path.resolve(distDir, match[1]));
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    const code = await readFile(file, 'utf8');
    // Static imports only (`import"./x.js"`, `from"./x.js"`); dynamic `import("./x.js")` loads later.
    for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.resolve(path.dirname(file), match[1]));
    }
  }
  return [...seen];
}

/** Public releases of a site now. */
async function publicReleaseCount(ctx: BenchContext, siteId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ total: count() })
    .from(pressReleases)
    .innerJoin(pressReleaseGroups, eq(pressReleaseGroups.pressReleaseId, pressReleases.id))
    .where(
      and(
        eq(pressReleaseGroups.pressGroupId, siteId),
        eq(pressReleases.status, 'published'),
        isNull(pressReleases.embargoUntil),
      ),
    );
  return row?.total ?? 0;
}

const sampleTitles = [
  'Porcelain stoneware slabs up to 320 centimetres: the new Pietra Viva collection',
  'The ceramic district cuts its gas consumption by a third',
  'Handmade terracotta and glazed majolica at the spring fair',
  'Annual results: exports grow in North America and the Gulf',
  'Digital glazing brings wood and marble effects to outdoor tiles',
  'A new research laboratory for recycled raw materials',
  'Design awards: ten surfaces chosen by architects',
  'Large-format slabs for kitchens and bathrooms',
  'Training programme for two hundred tile installers',
  'The fair opens its doors to international buyers',
  'Non-slip finishes for pools, terraces and public spaces',
  'Mosaics in glass paste return to contemporary interiors',
];

/** Twelve public releases of the site (English and Italian), newest first on Home, when it has fewer than ten. */
async function seedHomeReleases(ctx: BenchContext, siteId: number) {
  if ((await publicReleaseCount(ctx, siteId)) >= 10) return;
  for (const [index, title] of sampleTitles.entries()) {
    const day = String(28 - index).padStart(2, '0');
    const body =
      '<p>The collection grew out of research on local natural stone and reinterprets its veining and colours. ' +
      'The porcelain stoneware slabs come in 60x120, 120x120 and 120x280 centimetre sizes, for floors and walls, ' +
      'for homes and for large projects.</p><p>All products are certified to European standards.</p>';
    await insertRelease(ctx.database.db, {
      publicationDate: `2026-10-${day}`,
      groups: [siteId],
      translations: [
        { language: 'en', title, subtitle: 'A complete range of sizes, thicknesses and finishes', body },
        { language: 'it', title: `[it] ${title}`, subtitle: 'Una gamma completa di formati', body },
      ],
    });
  }
}

/**
 * A photo-like picture (a gradient under a grid of tiles, as the demo's) for each of the site's ten newest
 * releases without one, so Home shows covers as it does in use, and the two newest featured on top with
 * their large cover: the first of them is what Lighthouse takes for the largest paint.
 */
async function illustrateHomeReleases(ctx: BenchContext, siteId: number) {
  const db = ctx.database.db;
  const newest = await db
    .select({ id: pressReleases.id })
    .from(pressReleases)
    .innerJoin(pressReleaseGroups, eq(pressReleaseGroups.pressReleaseId, pressReleases.id))
    .where(
      and(
        eq(pressReleaseGroups.pressGroupId, siteId),
        eq(pressReleases.status, 'published'),
        isNull(pressReleases.embargoUntil),
        sql`not exists (select 1 from press_release_files f where f.press_release_id = ${pressReleases.id})`,
      ),
    )
    .orderBy(desc(pressReleases.publicationDate), desc(pressReleases.id))
    .limit(10);
  const colours = ['#8a4b16', '#1f4e79', '#5d4e8c', '#2f6f8f', '#6b8e23'];
  for (const [index, release] of newest.entries()) {
    const colour = colours[index % colours.length];
    const tiles = Array.from({ length: 96 }, (_, tile) => {
      const x = (tile % 12) * 200;
      const y = Math.floor(tile / 12) * 200;
      return `<rect x="${x + 6}" y="${y + 6}" width="188" height="188" rx="10" fill="#fff" fill-opacity="${((tile * 7) % 5) * 0.08}"/>`;
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#1b1b1b"/></linearGradient></defs><rect width="2400" height="1600" fill="url(#g)"/>${tiles}</svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    const tempPath = path.join(ctx.workDir, `cover-${release.id}.jpg`);
    await writeFile(tempPath, bytes);
    await storeFiles(
      db,
      ctx.app.storage,
      release.id,
      { kind: 'image', language: null, title: `Cover ${release.id}`, credit: 'Bench' },
      [
        {
          fileName: `cover-${release.id}.jpg`,
          tempPath,
          size: bytes.length,
          checksum: createHash('sha256').update(bytes).digest('hex'),
        },
      ],
      { maxPixels: ctx.app.config.imageMaxPixels, workDirectory: ctx.workDir },
    );
    if (index < 2) {
      await db
        .update(pressReleaseGroups)
        .set({ featuredSlot: index + 1 })
        .where(
          and(eq(pressReleaseGroups.pressReleaseId, release.id), eq(pressReleaseGroups.pressGroupId, siteId)),
        );
    }
  }
}

interface HomeFigures {
  score: number;
  lcp: number;
  /** Every script request Lighthouse saw, gzipped as the server would (level 6). */
  scriptGzip: number;
  scriptCount: number;
  /** The same requests' transfer sizes as Lighthouse counted them (headers and the server's encoding). */
  scriptTransfer: number;
  fcp: number;
  tbt: number;
  cls: number;
}

/** A script's gzip size: the built file the URL names, else (another origin) the transfer Lighthouse saw. */
async function gzipSizeOf(distDir: string, url: string, transferSize: number): Promise<number> {
  const { pathname } = new URL(url);
  const file = path.join(distDir, decodeURIComponent(pathname));
  if (!file.startsWith(distDir) || !existsSync(file)) return transferSize;
  return gzipSync(await readFile(file), { level: 6 }).length;
}

async function lighthouseRun(url: string, distDir: string): Promise<HomeFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (
        lhr.audits['network-requests']?.details as
          | { items?: { url: string; resourceType?: string; transferSize?: number }[] }
          | undefined
      )?.items ?? [];
    const scripts = requests.filter((request) => request.resourceType === 'Script');
    let scriptGzip = 0;
    let scriptTransfer = 0;
    for (const script of scripts) {
      scriptTransfer += script.transferSize ?? 0;
      scriptGzip += await gzipSizeOf(distDir, script.url, script.transferSize ?? 0);
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      scriptGzip,
      scriptCount: scripts.length,
      scriptTransfer,
      fcp: numeric('first-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One run, again (up to twice more) when Lighthouse failed to record the trace (NO_NAVSTART and the like: it
 * happens now and then on a busy machine and says nothing about the page).
 */
async function lighthouseRunRetried(url: string, distDir: string): Promise<HomeFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, distDir);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Lighthouse:')) throw error;
      console.error(`[bench] ${String(error)}; running Lighthouse again`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function homeRows(results: HomeFigures[]): MeasurementRow[] {
  const each = <T>(format: (figures: HomeFigures) => T) => results.map(format).join(', ');
  const score = median(results.map((figures) => figures.score));
  const lcp = median(results.map((figures) => figures.lcp));
  const script = median(results.map((figures) => figures.scriptGzip));
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
  return [
    {
      name: 'Home on a phone: Lighthouse score',
      value: String(score),
      note:
        `${verdict(score >= budget.score)} (budget >= ${budget.score}); median of ${runs} runs: ${each((f) => f.score)}; ` +
        `FCP ${each((f) => seconds(f.fcp))}, TBT ${each((f) => `${Math.round(f.tbt)} ms`)}, CLS ${each((f) => f.cls.toFixed(3))}`,
    },
    {
      name: 'Home on a phone: LCP',
      value: seconds(lcp),
      note: `${verdict(lcp <= budget.lcpMs)} (budget <= ${seconds(budget.lcpMs)}); median of ${runs} runs: ${each((f) => seconds(f.lcp))}`,
    },
    {
      name: 'Home on a phone: JS fetched before idle (gzip)',
      value: kilobytes(script),
      note:
        `${verdict(script / 1024 <= budget.scriptKb)} (budget <= ${budget.scriptKb} KB); median of ${runs} runs: ` +
        `${each((f) => `${kilobytes(f.scriptGzip)} in ${f.scriptCount} scripts`)}; transferred as served: ${each((f) => kilobytes(f.scriptTransfer))}`,
    },
  ];
}

export const webBudgetsBench: BenchModule = {
  name: 'web-budgets',
  async setup(ctx: BenchContext) {
    const distDir = ctx.app.config.webDistDir;
    if (!distDir || !existsSync(path.join(distDir, 'index.html'))) {
      throw new Error('web-budgets: the bench serves no built web app (see run.ts, webAppSnapshot)');
    }
    if (!existsSync(chromePath)) {
      throw new Error(
        `web-budgets: no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`,
      );
    }
    const site = ctx.app.sites.defaultSite;
    if (!site) throw new Error('web-budgets: the app has no default site');
    await seedHomeReleases(ctx, site.id);
    await illustrateHomeReleases(ctx, site.id);
    // 127.0.0.1 names no site: the default one, as Home on an unconfigured address shows.
    const home = `${ctx.baseUrl}/#/home`;
    return {
      async measure() {
        const results: HomeFigures[] = [];
        for (let run = 0; run < runs; run++) results.push(await lighthouseRunRetried(home, distDir));
        return homeRows(results);
      },
    };
  },
};
