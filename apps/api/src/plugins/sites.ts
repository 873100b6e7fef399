import { pressGroups } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Site {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Configured sites by name, with their press-group ids (filled when the app is ready). */
    sites: { byName: Map<string, Site>; defaultSite: Site | null; forHostname(hostname: string): Site };
  }
  interface FastifyRequest {
    /** The site (press group) this request's hostname belongs to. */
    site: Site;
  }
}

/**
 * Resolves each request's site from its hostname (configuration: hostname -> press group name), falling back
 * to the default site. Configured sites are created on start if missing (the role groups come with the
 * migrations).
 */
export const sitesPlugin = fp(async (app: FastifyInstance) => {
  const byName = new Map<string, Site>();
  const hostnames = new Map(app.config.sites.map((site) => [site.hostname, site.name]));
  const sites = {
    byName,
    defaultSite: null as Site | null,
    forHostname(hostname: string): Site {
      const name = hostnames.get(hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, ''));
      const site = (name && byName.get(name)) || sites.defaultSite;
      if (!site) throw new Error('sites are not loaded yet');
      return site;
    },
  };
  app.decorate('sites', sites);
  app.decorateRequest('site', null as unknown as Site);

  app.addHook('onReady', async () => {
    const names = [...new Set(app.config.sites.map((site) => site.name))];
    await app.db
      .insert(pressGroups)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
    for (const row of await app.db.select().from(pressGroups)) byName.set(row.name, row);
    sites.defaultSite = byName.get(app.config.defaultSite) ?? null;
  });

  app.addHook('onRequest', async (request) => {
    request.site = sites.forHostname(request.hostname);
  });
});
