import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';

describe('health', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('reports the database as reachable', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown path with a translated 404 body', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/nothing-here/',
      headers: { 'accept-language': 'it-IT,it;q=0.9' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Non trovato.' });
  });

  it('publishes an OpenAPI description', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    // The health check is in it, as the one operation of its path.
    expect(Object.keys(response.json().paths['/healthz'])).toEqual(['get']);
  });
});

describe('readiness', () => {
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('answers /readyz 200 while serving, then 503 with connections closing from the start of a shutdown', async () => {
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect({ status: ready.statusCode, body: ready.json() }).toEqual({ status: 200, body: { ready: true } });

    harness.app.lifecycle.beginShutdown();
    const leaving = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect({
      status: leaving.statusCode,
      body: leaving.json(),
      connection: leaving.headers.connection,
    }).toEqual({
      status: 503,
      body: { ready: false },
      connection: 'close',
    });
    // Everything else is still answered until the server stops accepting connections.
    const health = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect({ status: health.statusCode, connection: health.headers.connection }).toEqual({
      status: 200,
      connection: 'close',
    });
  });

  it('describes /readyz in the OpenAPI description, and not /metrics, which is not JSON', async () => {
    const paths = (await harness.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(Object.keys(paths['/readyz'])).toEqual(['get']);
    expect(paths['/metrics']).toBeUndefined();
  });
});

describe('metrics', () => {
  const token = 'a-metrics-token-for-the-test';
  let harness: Awaited<ReturnType<typeof createTestApp>>;
  let withoutToken: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    harness = await createTestApp({ config: { metricsToken: token, mailPollInterval: 0 } });
    withoutToken = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
    await withoutToken.close();
  });

  const scrape = (app: FastifyInstance, authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers /metrics 404 while METRICS_TOKEN is not set, even with a token', async () => {
    expect((await scrape(withoutToken.app, `Bearer ${token}`)).statusCode).toBe(404);
  });

  it('answers 401 without the token or with another', async () => {
    for (const authorization of [undefined, 'Bearer another-token-of-some-length', `JWT ${token}`]) {
      const answer = await scrape(harness.app, authorization);
      expect({ status: answer.statusCode, challenge: answer.headers['www-authenticate'] }).toEqual({
        status: 401,
        challenge: 'Bearer realm="metrics"',
      });
    }
  });

  it('counts requests by route pattern, never by the address asked for', async () => {
    await harness.app.inject({
      method: 'GET',
      url: '/api/alerts/manage/secret-token-of-a-reader-0000000000000000/',
    });
    const body = (await scrape(harness.app, `Bearer ${token}`)).body;
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/alerts\/manage\/:token\/",status_code="\d{3}"\} 1$/m,
    );
    expect(body).not.toContain('secret-token-of-a-reader');
  });

  it('tells the mail queue, the database and the process', async () => {
    await harness.app.mail.enqueue(harness.db, {
      to: 'reader@example.test',
      subject: 'Waiting',
      text: 'Still in the queue',
      html: '<p>Still in the queue</p>',
    });
    harness.clock.advance(90);
    const answer = await scrape(harness.app, `Bearer ${token}`);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = answer.body;
    expect(body).toMatch(/^pressroom_mail_queue_pending 1$/m);
    expect(body).toMatch(/^pressroom_mail_queue_oldest_pending_age_seconds 90$/m);
    expect(body).toContain(`pressroom_database_info{kind="${harness.app.database.kind}"} 1`);
    // A pool on PostgreSQL; PGlite is one connection inside the process and has none to tell.
    expect(/^pressroom_database_pool_connections\{state="total"\} \d+$/m.test(body)).toBe(
      harness.app.database.kind === 'postgres',
    );
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
