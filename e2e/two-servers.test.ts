import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import {
  apiPaths,
  type GalleryImage,
  type PressReleaseEdit,
  type PressReleaseListItem,
  publicPages,
  releaseSlug,
} from '@pressroom/contract';
import { type DatabaseHandle, openDatabase } from '@pressroom/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../apps/api/src/features/account/service.ts';
import { multipart, readZip } from '../apps/api/src/test-support/press-content.ts';
import { startS3Server, type TestS3Server } from '../apps/api/src/test-support/s3.ts';
import { type PostgresCluster, startPostgres } from './support/postgres.ts';
import { type RunningServer, type SiteRequestInit, startServer } from './support/server.ts';

/**
 * Two app servers as real processes on one PostgreSQL cluster and one S3 object store, as production runs N of
 * them behind a load balancer (decision 12, docs/deployment.md): what one server writes, keeps or counts, the
 * other sees. The cluster is this file's own (a PGlite directory cannot be shared by two processes), so the
 * test runs the same on both runs of the suite; TEST_DATABASE_URL does not change it.
 */

const fair = 'fair.localhost';
const officer = { email: 'paola.neri@association.test', password: 'Press_office1!' };
/** Failed sign-ins allowed per e-mail and address (RATE_LIMIT_SIGN_IN_PER_EMAIL), small enough to reach. */
const signInFailuresAllowed = 4;

const forgottenSignUp = 'never.confirmed@example.test';
const metricsToken = randomBytes(24).toString('base64url');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The minute the purge is scheduled at: this one while the servers can start well within it (a due run is sent
 * when a server starts), else the next.
 */
function nextPurgeSlot(now: Date): Date {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return now.getTime() - minute.getTime() <= 20_000 ? minute : new Date(minute.getTime() + 60_000);
}

/**
 * A GET of `path` on its own connection to `server`, whose reader stops after the first bytes: the server cannot
 * finish sending a large answer until `finish` reads the rest (then the answer, parsed; it has a Content-Length).
 */
async function heldDownload(server: RunningServer, path: string) {
  const socket = net.connect(server.port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${fair}:${server.port}\r\n\r\n`);
  await new Promise<void>((resolve) => {
    socket.once('data', (chunk: Buffer) => {
      chunks.push(chunk);
      socket.pause();
      resolve();
    });
  });
  const head = Buffer.concat(chunks);
  const headEnd = head.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = head.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  const total = headEnd + 4 + Number(headers['content-length']);
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    async finish(): Promise<Buffer> {
      let received = head.length;
      await new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('close', () => reject(new Error(`closed after ${received} of ${total} bytes`)));
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= total) resolve();
        });
        socket.resume();
      });
      socket.destroy();
      return Buffer.concat(chunks).subarray(headEnd + 4, total);
    },
  };
}

describe('two app servers on one PostgreSQL and one object store', () => {
  let postgres: PostgresCluster;
  let s3: TestS3Server;
  let a: RunningServer;
  let b: RunningServer;
  let database: DatabaseHandle;
  let purgeSlot: Date;
  let token: string;
  let fairGroupId: number;
  /** The photograph uploaded through A, and the signed link to its original. */
  let photo: Buffer;
  let photoLink: string;
  let galleryId: number;

  /** A call of the press officer's, with its token, on the fair site of one server; the body as JSON. */
  async function asOfficer<T>(server: RunningServer, path: string, init: SiteRequestInit = {}): Promise<T> {
    const response = await server.request(fair, path, {
      method: 'POST',
      ...init,
      headers: { authorization: `JWT ${token}`, ...init.headers },
    });
    expect(response.status, `${path}: ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  }

  beforeAll(async () => {
    [postgres, s3] = await Promise.all([startPostgres(), startS3Server()]);
    const shared = {
      DATABASE_URL: postgres.url,
      ...s3.environment('press-room'),
      // The same on every server: tokens and signed links made by one are good on the other.
      SECRET_KEY: randomBytes(48).toString('base64url'),
      // The load balancer's address: links are the same whichever server answers.
      PUBLIC_URL: 'http://localhost:8080',
      RATE_LIMIT_SIGN_IN_PER_EMAIL: `${signInFailuresAllowed}/15m`,
      METRICS_TOKEN: metricsToken,
    };
    // Migrated and given its press officer once, from here, before any server starts.
    database = await openDatabase({ url: postgres.url, maxConnections: 2 });
    await database.migrate();
    await createActiveUser(
      database.db,
      { ...officer, firstName: 'Paola', lastName: 'Neri', roles: ['administrator_press_room'] },
      new Date(),
    );
    // What the retention purge is for: a sign-up never confirmed, 31 days old (the rule deletes them after 30).
    await database.query(
      `insert into users (email, password_hash, date_joined) values ($1, 'never-set', now() - interval '31 days')`,
      [forgottenSignUp],
    );
    purgeSlot = nextPurgeSlot(new Date());
    const env = {
      ...shared,
      // Daily, at a minute about to come: one slot within the test, on both servers.
      RETENTION_PURGE_CRON: `${purgeSlot.getUTCMinutes()} ${purgeSlot.getUTCHours()} * * *`,
    };
    // Both at once, each applying the (already applied) migrations as it starts, under their lock.
    [a, b] = await Promise.all([
      // A, which the last case stops, goes on answering this long, /readyz saying 503, for a balancer to notice.
      startServer({ env: { ...env, SHUTDOWN_DELAY: '4s' } }),
      startServer({ env }),
    ]);
    const signIn = await a.request(fair, apiPaths.tokenAuth, { method: 'POST', json: officer });
    expect(signIn.status, signIn.body).toBe(200);
    token = signIn.json<{ token: string }>().token;
    const site = (await b.request(fair, apiPaths.siteInfo)).json<{ name: string }>();
    const groups = await b.request(fair, `${apiPaths.pressGroups}?name=${encodeURIComponent(site.name)}`);
    fairGroupId = groups.json<{ results: { id: number }[] }>().results[0].id;

    // A photograph uploaded through A by the press office, to a gallery of the fair.
    const category = await asOfficer<{ id: number }>(a, apiPaths.galleryCategories, {
      json: { name: { en: 'Halls' }, parent: null, groups: [fairGroupId] },
    });
    const gallery = await asOfficer<{ id: number }>(a, apiPaths.galleries, {
      json: { name: { en: 'Opening day' }, category: category.id },
    });
    // Noise does not compress: a photograph of 8 MB or so, larger than what a connection's buffers hold.
    photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    const form = multipart({ credit: 'Studio Faenza' }, [
      { field: 'files', fileName: 'opening.jpg', contentType: 'image/jpeg', content: photo },
    ]);
    const {
      images: [image],
    } = await asOfficer<{ images: GalleryImage[] }>(a, apiPaths.galleryImages(gallery.id), {
      headers: form.headers,
      body: form.payload,
    });

    galleryId = gallery.id;
    photoLink = image.urls.original;
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await Promise.all([s3?.stop(), postgres?.stop()]);
  });

  it('serves an image uploaded through A from B: whole, a range of its exact bytes, revalidated, and zipped', async () => {
    // The signed link A gave, followed on B.
    const whole = await b.request(fair, photoLink);
    expect(whole.status).toBe(200);
    expect(whole.bytes.length).toBe(photo.length);
    expect(sha256(whole.bytes)).toBe(sha256(photo));

    const range = await b.request(fair, photoLink, { headers: { range: 'bytes=1000-4999' } });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1000-4999/${photo.length}`);
    expect(range.bytes.length).toBe(4000);
    expect(sha256(range.bytes)).toBe(sha256(photo.subarray(1000, 5000)));

    // The image's checksum, the same on both servers.
    const etag = whole.headers.etag;
    expect(etag).toBe(`"${sha256(photo)}"`);
    expect((await a.request(fair, photoLink)).headers.etag).toBe(etag);
    const revalidated = await b.request(fair, photoLink, {
      headers: { 'if-none-match': String(etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);

    const download = await asOfficer<{ url: string }>(b, apiPaths.galleryDownload, {
      json: { gallery: galleryId },
    });
    const zip = await b.request(fair, download.url);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await readZip(zip.bytes);
    const pictures = entries.filter((entry) => entry.name.endsWith('.jpg'));
    expect(pictures.map((entry) => entry.name)).toEqual(['opening.jpg']);
    expect(sha256(pictures[0].content)).toBe(sha256(photo));
  });

  it("shows a release published through A on B's Home list, Atom feed and sitemap at once", async () => {
    const title = `Porcelain slabs seen from both servers ${randomBytes(4).toString('hex')}`;
    const homeList = () =>
      b.request(fair, `${apiPaths.pressReleases}?group=${fairGroupId}`, {
        headers: { 'accept-language': 'en' },
      });
    const feed = () => b.request(fair, `${apiPaths.pressReleaseFeed}?language=en`);
    const sitemap = () => b.request(fair, publicPages.sitemap);
    // B answers first, and keeps these answers in its memory: they must not outlive A's write.
    for (const before of [await homeList(), await feed(), await sitemap()]) {
      expect(before.status).toBe(200);
      expect(before.body).not.toContain(title);
    }
    const initialSitemap = (await sitemap()).body;

    const publicationDate = new Date().toISOString().slice(0, 10);
    const draft = await asOfficer<PressReleaseEdit>(a, apiPaths.pressReleaseAdmin, {
      json: {
        publication_date: publicationDate,
        groups: [fairGroupId],
        translations: [{ language: 'en', title, subtitle: '', body: '<p>Large porcelain slabs.</p>' }],
      },
    });
    await asOfficer(a, apiPaths.pressReleaseAdminStatus(draft.id), {
      json: { status: 'published', notify: false },
    });

    const list = (await homeList()).json<{ results: PressReleaseListItem[] }>();
    const listed = list.results.find((release) => release.id === draft.id);
    expect(listed?.title).toBe(title);
    expect((await feed()).body).toContain(`<title>${title}</title>`);
    const newSitemap = (await sitemap()).body;
    // Its public page, under the number it was given at publication.
    expect(listed?.page_path).toBe(
      publicPages.release(Number(publicationDate.slice(0, 4)), Number(listed?.number), releaseSlug(title)),
    );
    const location = `<loc>http://fair.localhost:8080${listed?.page_path}?lang=en</loc>`;
    expect(initialSitemap).not.toContain(location);
    expect(newSitemap).toContain(location);
  });

  it('counts sign-in failures on A and on B against one limit', async () => {
    const guess = (server: RunningServer) =>
      server.request(fair, apiPaths.tokenAuth, {
        method: 'POST',
        json: { email: 'target.of.guesses@example.test', password: 'Wrong_guess1!' },
      });
    const answers: number[] = [];
    // Alternating: each server alone sees half of them, below the limit.
    for (let attempt = 0; attempt < signInFailuresAllowed; attempt++) {
      answers.push((await guess(attempt % 2 === 0 ? a : b)).status);
    }
    expect(answers).toEqual(Array(signInFailuresAllowed).fill(400));
    expect((await guess(a)).status).toBe(429);
    expect((await guess(b)).status).toBe(429);
  });

  it('runs the retention purge scheduled on both servers once for its slot', async () => {
    // The purge's runs as pg-boss keeps them (plugins/jobs.ts): a job row per run, whichever server takes it.
    const purgeJobs = async () =>
      (
        await database.query(
          `select state from pgboss.job where name = 'retention-purge'
           union all select state from pgboss.archive where name = 'retention-purge'`,
        )
      ).rows as { state: string }[];
    // The run: the slot's job, done by one of the servers.
    const deadline = purgeSlot.getTime() + 120_000;
    const waitFor = async (what: string, check: () => Promise<boolean>) => {
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`the purge's slot passed without ${what}`);
        await sleep(500);
      }
    };
    await waitFor('a completed run', async () =>
      (await purgeJobs()).some((job) => job.state === 'completed'),
    );
    // Once only: pg-boss sends a scheduled run only within the minute after its time, each send a job of its
    // own queue. Once that minute is over by the database's clock and no send of the purge is left for its
    // workers to take, no other run for this slot can appear.
    await waitFor('its sending window closing', async () => {
      const { rows } = await database.query(
        `select now() >= $1::timestamptz + interval '60 seconds' as closed,
           not exists (select 1 from pgboss.job where name = '__pgboss__send-it'
             and singleton_key = 'retention-purge' and state in ('created', 'retry', 'active')) as sent,
           not exists (select 1 from pgboss.job where name = 'retention-purge'
             and state in ('created', 'retry', 'active')) as done`,
        [purgeSlot.toISOString()],
      );
      const [{ closed, sent, done }] = rows as { closed: boolean; sent: boolean; done: boolean }[];
      return closed && sent && done;
    });

    expect(await purgeJobs()).toEqual([{ state: 'completed' }]);
    const forgotten = await database.query('select id from users where email = $1', [forgottenSignUp]);
    expect(forgotten.rows).toEqual([]);
    // Each server counts the runs it made itself (GET /metrics): one of them made it, the other none.
    const runsOn = async (server: RunningServer) => {
      const metrics = await server.request(fair, '/metrics', {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(metrics.status).toBe(200);
      const line = /^pressroom_job_runs_total\{job="retention-purge",outcome="completed"\} (\d+)$/m.exec(
        metrics.body,
      );
      return Number(line?.[1] ?? 0);
    };
    expect([await runsOn(a), await runsOn(b)].sort()).toEqual([0, 1]);
  }, 150_000);

  it('answers ready on both; A, told to stop, answers not ready while it finishes a download under way, B serving all along', async () => {
    expect((await a.request(fair, '/readyz')).json()).toEqual({ ready: true });
    expect((await b.request(fair, '/readyz')).json()).toEqual({ ready: true });

    // A download from A, under way: its reader stops reading after the first bytes.
    const download = await heldDownload(a, photoLink);
    expect(download.status).toBe(200);
    const stopping = a.stop();
    await a.waitForLog(/SIGTERM: shutting down/);

    // What the load balancer sees during SHUTDOWN_DELAY: A not ready, though still answering.
    const readiness = await a.request(fair, '/readyz');
    expect(readiness.status).toBe(503);
    expect(readiness.json()).toEqual({ ready: false });
    expect(readiness.headers.connection).toBe('close');
    expect((await b.request(fair, '/readyz')).status).toBe(200);
    expect((await b.request(fair, `${apiPaths.pressReleases}?group=${fairGroupId}`)).status).toBe(200);

    expect(sha256(await download.finish())).toBe(sha256(photo));
    await stopping;
    expect((await b.request(fair, '/readyz')).status).toBe(200);
    expect((await b.request(fair, photoLink)).status).toBe(200);
  });
});
