import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../support/browser.ts';
import type { BenchContext, BenchModule, MeasurementRow } from '../harness.ts';

/**
 * Bench module (not a test): the web app's budgets (issue 3 item 10), on the built app the API serves.
 *
 * - First-load JavaScript of the Home route, KB gzip: what index.html makes the browser fetch before the app
 *   can run (its module scripts and modulepreload links, and their static imports, each gzipped at level 6
 *   as the server compresses). Target: at most 180 KB.
 * - Lighthouse performance of Home (/#/home, with the releases the other modules seeded), mobile (Lighthouse's
 *   default: simulated slow 4G and 4x CPU slowdown) and desktop (its desktop preset). Targets: at least 90
 *   and at least 98. The median of LIGHTHOUSE_RUNS runs (default 3): single runs vary on a shared machine.
 *   Also printed: the JavaScript Home actually loads (lazy route chunks included), as Lighthouse counted it.
 *
 * Chromium: CHROME_PATH, else the browser journeys' one (e2e/support/browser.ts: CHROMIUM_PATH, else
 * /usr/bin/chromium, Debian's package as in .ci/run).
 */

const chromePath = process.env.CHROME_PATH ?? chromiumPath;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The browser journeys' flags; chrome-launcher starts Chromium itself, so headless is asked for here.
const chromeFlags = ['--headless=new', ...chromiumArgs];

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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

async function firstLoadJavaScript(distDir: string): Promise<MeasurementRow> {
  const files = await firstLoadScripts(distDir);
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const content = await readFile(file);
    raw += content.length;
    gzipped += gzipSync(content, { level: 6 }).length;
  }
  const kb = gzipped / 1024;
  return {
    name: 'Home first-load JS (gzip)',
    value: kilobytes(gzipped),
    note: `${kb <= 180 ? 'ok' : 'OVER'} (target <= 180 KB); ${files.length} files, ${kilobytes(raw)} uncompressed`,
  };
}

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
}

async function lighthouseRun(url: string, desktop: boolean): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = lhr.audits['resource-summary']?.details as
      | { items?: { resourceType: string; transferSize: number }[] }
      | undefined;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      scriptBytes: summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One run, again (up to twice more) when Lighthouse failed to record the trace (NO_NAVSTART and the like: it
 * happens now and then on a busy machine and says nothing about the page).
 */
async function lighthouseRunRetried(url: string, desktop: boolean): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, desktop);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Lighthouse:')) throw error;
      console.error(`[bench] ${String(error)}; running Lighthouse again`);
    }
  }
}

/** Runs Lighthouse `runs` times and keeps the run with the median score. */
async function lighthouseMedian(url: string, desktop: boolean): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) results.push(await lighthouseRunRetried(url, desktop));
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)];
}

function lighthouseRow(name: string, target: number, figures: LighthouseFigures): MeasurementRow {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return {
    name,
    value: String(figures.score),
    note:
      `${figures.score >= target ? 'ok' : 'UNDER'} (target >= ${target}); median of ${runs}: ` +
      `FCP ${seconds(figures.fcp)}, LCP ${seconds(figures.lcp)}, TBT ${Math.round(figures.tbt)} ms, ` +
      `CLS ${figures.cls.toFixed(3)}, JS loaded ${kilobytes(figures.scriptBytes)} (transfer)`,
  };
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
    const home = `${ctx.baseUrl}/#/home`;
    return {
      async measure() {
        const rows = [await firstLoadJavaScript(distDir)];
        rows.push(lighthouseRow('Lighthouse Home, mobile', 90, await lighthouseMedian(home, false)));
        rows.push(lighthouseRow('Lighthouse Home, desktop', 98, await lighthouseMedian(home, true)));
        return rows;
      },
    };
  },
};
