// What other features may use of coverage: a release's approved pieces on a site, as the list its
// server-rendered page shows under "In the press".

import type { FastifyInstance } from 'fastify';
import type { Site } from '../../plugins/sites.ts';
import { renderCoverageItems } from './public-page.ts';
import { ofRelease } from './service.ts';

/** The list (HTML) of a release's approved coverage on the site in the reader's language, or null if none. */
export async function releaseCoverageList(
  app: FastifyInstance,
  site: Site,
  releaseId: number,
  language: string,
): Promise<string | null> {
  const rows = await ofRelease(app, site, releaseId);
  return rows.length === 0 ? null : renderCoverageItems(rows, language);
}
