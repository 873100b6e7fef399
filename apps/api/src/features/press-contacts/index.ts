// What other features may use of press contacts: who speaks for a release, as the public sees them.

import type { PressContact } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../../access/index.ts';
import { presentContact } from './presenter.ts';
import { voicesFor } from './service.ts';

/** The contacts a release names (else its site's) and the site's boilerplate in the reader's language. */
export async function releaseVoices(
  app: FastifyInstance,
  options: { siteId: number; viewer: Viewer; releaseId: number; language: string },
): Promise<{ contacts: PressContact[]; boilerplate: { language: string; text: string } | null }> {
  const voices = await voicesFor(app, options);
  return {
    contacts: voices.contacts.map(presentContact),
    boilerplate: voices.boilerplate
      ? { language: voices.boilerplate.language, text: voices.boilerplate.text }
      : null,
  };
}
