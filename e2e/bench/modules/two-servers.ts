import { randomBytes } from 'node:crypto';
import { type RunningServer, startServer } from '../../support/server.ts';
import type { BenchModule, LoadResult, LoadScenario } from '../harness.ts';
import { searchTerm, seededReleases } from './press-releases.ts';

/**
 * Bench module (not a test): two app servers on this machine against the bench's PostgreSQL, as production runs
 * N of them behind a load balancer (docs/deployment.md).
 *
 * Two real server processes (apps/api/src/server.ts, as `startServer` runs them for the journeys) share the
 * cluster and the releases of the press-releases module (seeded once, whichever module asks first). The Home
 * list as the web app asks it (kept answer) and a release's detail are measured at the bench's connections on
 * one of them, then on both: autocannon spreads the connections over the two in turn, as a round-robin load
 * balancer would. The measurements table gives each pair's ratio, two servers to one, from the same run.
 * Both processes share this machine's cores with PostgreSQL and the load generator, so the ratio says what a
 * second server adds here, not on a machine of its own.
 */

const roles = [
  { key: 'home', label: `Home list (search "${searchTerm}", kept)` },
  { key: 'detail', label: 'release detail' },
] as const;

const rowName = (label: string, count: 1 | 2) =>
  `${label}: ${count === 1 ? 'one app server' : 'two app servers'}`;

/** The processes started by this run, stopped when the bench's app closes. */
const running: RunningServer[] = [];

async function stopAll() {
  await Promise.all(running.splice(0).map((server) => server.stop()));
}

export const twoServersBench: BenchModule = {
  name: 'two-servers',
  beforeListen(app) {
    app.addHook('onClose', stopAll);
  },
  async setup(ctx) {
    const { homeListPath, detailPath } = await seededReleases(ctx);
    // The same secret on every server: a token or signed link made by one is good on the other.
    const env = {
      DATABASE_URL: ctx.postgresUrl,
      SECRET_KEY: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
    };
    // One after the other: the second finds the migrations applied (the bench applied them already).
    for (let index = 0; index < 2; index++) running.push(await startServer({ env }));
    const [first, second] = running.map((server) => `http://127.0.0.1:${server.port}`);
    const paths = { home: homeListPath, detail: detailPath };
    const load: LoadScenario[] = roles.flatMap(({ key, label }) => [
      {
        name: rowName(label, 1),
        path: paths[key],
        headers: { 'accept-language': 'en' },
        servers: [first],
        note:
          key === 'home'
            ? 'a server process of its own (apps/api/src/server.ts, pool of 10) on the bench cluster, the Home list of the press-releases module'
            : undefined,
      },
      {
        name: rowName(label, 2),
        path: paths[key],
        headers: { 'accept-language': 'en' },
        servers: [first, second],
        note:
          key === 'home'
            ? 'two such processes, the connections spread over them in turn (round robin)'
            : undefined,
      },
    ]);
    return {
      load,
      async measure(results: LoadResult[] = []) {
        const rate = (name: string) =>
          results.find((result) => result.scenario.name === name && !result.error)?.requestsPerSecond;
        return roles.flatMap(({ label }) => {
          const one = rate(rowName(label, 1));
          const two = rate(rowName(label, 2));
          if (!one || two === undefined) return [];
          return [
            {
              name: `${label}: two app servers / one`,
              value: `${(two / one).toFixed(2)}×`,
              note: `${two.toFixed(0)} / ${one.toFixed(0)} requests/s, same run`,
            },
          ];
        });
      },
    };
  },
};
