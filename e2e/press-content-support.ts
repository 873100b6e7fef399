/**
 * Helpers for the press-content journeys (not a test file): a server with the demo content and a signed-in
 * journalist, and the axe check every screen must pass.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journeyUsers } from './journey-users.ts';
import { axeCheckOf } from './support/axe.ts';
import { type ServerOptions, startServer } from './support/server.ts';
import { animationsSettled, demoSeed, relaxedRateLimits } from './web-app.ts';

export const journalist = journeyUsers.journalist;

/** The real server on the seeded demo, with its journalist (user_press_room). */
export function startPressServer(options: ServerOptions = {}) {
  return startServer({
    ...options,
    env: { ...relaxedRateLimits, ...options.env },
    from: demoSeed(),
  });
}

/**
 * axe (WCAG 2.x A and AA rules) finds nothing in this screen as it is now, dialogs included. The sidebar of
 * the shell is left to the web application's own journeys, which own it.
 */
export async function expectNoAxeViolations(page: Page) {
  // A dialog or menu still fading in or out would be judged at half opacity (endless ones, a placeholder's
  // pulse, never end).
  await animationsSettled(page);
  const results = await axeCheckOf(page)
    .exclude('#app-sidebar')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}
