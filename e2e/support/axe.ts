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
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export function axeCheckOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}
