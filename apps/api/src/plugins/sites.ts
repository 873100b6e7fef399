import { type Database, pressGroups } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, SiteEntry } from './config.ts';

export interface Site {
  id: number;
  name: string;
  /**
   * The public address links to this site use (mails, feeds, list pages): the configured one, else the site's
   * hostname with PUBLIC_URL's scheme and port; PUBLIC_URL itself for requests on a hostname no site names.
   * Never taken from the request's Host header, which any client may set.
   */
  address: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Configured sites by name, with their press-group ids (filled when the app is ready). */
    sites: {
      byName: Map<string, Site>;
      defaultSite: Site | null;
      forHostname(hostname: string): Site;
      /** A site by press-group id (its first hostname's address), or the default site. */
      byId(id: number): Site;
    };
  }
  interface FastifyRequest {
    /** The site (press group) this request's hostname belongs to. */
    site: Site;
  }
}

/** A hostname's address: PUBLIC_URL's scheme and port, the site's own hostname. */
function derivedAddress(publicUrl: string, hostname: string): string {
  const base = new URL(publicUrl);
  return `${base.protocol}//${hostname}${base.port ? `:${base.port}` : ''}`;
}

const entryAddress = (publicUrl: string, entry: SiteEntry) =>
  entry.publicUrl ?? derivedAddress(publicUrl, entry.hostname);

/**
 * The configured sites with their press-group ids (created if missing; the role groups come with the
 * migrations): by name, by hostname, and the default one. The plugin loads them when the app is ready; a
 * command run without a server (the CLI's purge) loads them so.
 */
export async function loadSites(db: Database, config: Pick<Config, 'publicUrl' | 'sites' | 'defaultSite'>) {
  const { publicUrl } = config;
  const byName = new Map<string, Site>();
  const byHostname = new Map<string, Site>();
  const names = [...new Set(config.sites.map((site) => site.name))];
  await db
    .insert(pressGroups)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(pressGroups);
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  for (const row of rows) {
    const first = config.sites.find((entry) => entry.name === row.name);
    // A press group no hostname names (made by hand or an old configuration) links to PUBLIC_URL.
    byName.set(row.name, {
      id: row.id,
      name: row.name,
      address: first ? entryAddress(publicUrl, first) : publicUrl,
    });
  }
  for (const entry of config.sites) {
    byHostname.set(entry.hostname, {
      id: ids.get(entry.name) as number,
      name: entry.name,
      address: entryAddress(publicUrl, entry),
    });
  }
  const fallback = byName.get(config.defaultSite);
  // Hostnames no site names (an IP address, a proxy's name) link to PUBLIC_URL, the one address given.
  const defaultSite: Site | null = fallback ? { ...fallback, address: publicUrl } : null;
  return { byName, byHostname, defaultSite };
}

/** A site by press-group id among those loaded (its first hostname's address), or the default site. */
export function siteById(byName: Map<string, Site>, defaultSite: Site | null, id: number): Site {
  const site = [...byName.values()].find((candidate) => candidate.id === id) ?? defaultSite;
  if (!site) throw new Error('sites are not loaded yet');
  return site;
}

/**
 * Resolves each request's site from its hostname (configuration: hostname -> press group name), falling back
 * to the default site. Configured sites are created on start if missing (the role groups come with the
 * migrations).
 */
export const sitesPlugin = fp(async (app: FastifyInstance) => {
  const byName = new Map<string, Site>();
  // One object per configured hostname: the site as seen from that hostname (its address).
  const byHostname = new Map<string, Site>();
  const sites = {
    byName,
    defaultSite: null as Site | null,
    forHostname(hostname: string): Site {
      const site =
        byHostname.get(hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')) ?? sites.defaultSite;
      if (!site) throw new Error('sites are not loaded yet');
      return site;
    },
    byId(id: number): Site {
      return siteById(byName, sites.defaultSite, id);
    },
  };
  app.decorate('sites', sites);
  app.decorateRequest('site', null as unknown as Site);

  app.addHook('onReady', async () => {
    const loaded = await loadSites(app.db, app.config);
    for (const [name, site] of loaded.byName) byName.set(name, site);
    for (const [hostname, site] of loaded.byHostname) byHostname.set(hostname, site);
    sites.defaultSite = loaded.defaultSite;
  });

  app.addHook('onRequest', async (request) => {
    request.site = sites.forHostname(request.hostname);
  });
});
