import { defaultLanguage, type Language, languages, translateMessage } from '@pressroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The best supported language of the Accept-Language header. */
    language: Language;
    t(key: string, params?: Record<string, string | number>): string;
  }
}

/** Picks the supported language with the highest q-value; English when none matches. */
function negotiateLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = quality ? Number.parseFloat(quality.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((entry) => (languages as readonly string[]).includes(entry.base));
  return (match?.base as Language | undefined) ?? defaultLanguage;
}

export const i18nPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', defaultLanguage);
  app.decorateRequest(
    't',
    function t(this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      return translateMessage(this.language, key, params);
    },
  );
  app.addHook('onRequest', async (request) => {
    request.language = negotiateLanguage(request.headers['accept-language']);
  });
});
