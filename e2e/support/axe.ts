/**
 * The axe check of a page, as every journey runs it: axe-core's `run` in the page itself ("legacy mode").
 * The default mode runs axe in each frame and then opens a further blank page to merge the frames' results,
 * a page and a second copy of axe-core per check. The app's screens have no frames, which only the default
 * mode would reach in every case, so both modes find the same.
 *
 * Only violations are reported in full: the journeys expect none, and axe otherwise writes a selector for every
 * element of every rule passed or not applicable. On four of the app's screens a run took 0.38 to 0.48 s of CPU
 * with them and 0.21 to 0.39 s without. Each violation still names its elements.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core as its package ships it minified: the same code as `axe.source` in 580 kB rather than 1.3 MB. */
const axeMinified = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A check that gives each document axe-core once, minified. AxeBuilder sends the whole of axe-core (1.3 MB, not
 * minified) into the page twice per check in legacy mode (once in `analyze`, once more per frame before the
 * run), and again at every further check of the same document; Chromium decodes, compiles and runs it each time.
 * Here a document that already has this version of axe keeps it, and AxeBuilder's own injection is a no-op
 * expression. On the sign-in screen (CPU of Chromium's processes per check, four contexts each) the first check
 * of a document took 1.23 to 1.25 s against 2.00 to 2.07 s, a further one 0.46 to 0.49 s against 1.38 to 1.45 s;
 * the findings are the same.
 */
class AxeOncePerDocument extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page, axeSource: 'undefined' });
    this.#page = page;
  }

  override async analyze() {
    const mainFrame = this.#page.mainFrame();
    for (const frame of this.#page.frames()) {
      try {
        const present = await frame.evaluate(
          (version) => (window as { axe?: { version?: string } }).axe?.version === version,
          axe.version,
        );
        if (!present) await frame.evaluate(axeMinified);
      } catch (error) {
        // As AxeBuilder's own injection: a frame that went away or is another site's is left out, the page not.
        if (frame === mainFrame) throw error;
      }
    }
    return super.analyze();
  }
}

export function axeCheckOf(page: Page): AxeBuilder {
  return new AxeOncePerDocument(page).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
