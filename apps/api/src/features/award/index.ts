// What other features may use of the award: the winners a release announces, as the section its
// server-rendered page shows.

import type { FastifyInstance } from 'fastify';
import type { Site } from '../../plugins/sites.ts';
import { renderWinners } from './public-page.ts';
import { releaseWinners } from './service.ts';

/** The "Winners" section (HTML) of a release on the site in the reader's language, or null when it has none. */
export async function releaseWinnersSection(
  app: FastifyInstance,
  site: Site,
  releaseId: number,
  language: string,
): Promise<string | null> {
  const winners = await releaseWinners(app, site, releaseId, language);
  return winners.length === 0 ? null : renderWinners(winners, language);
}
