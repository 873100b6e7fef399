import { apiPaths, type ErrorReport } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ config: { errorReportsPerIp: { max: 3, windowSeconds: 3600 } } });
});

afterAll(async () => {
  await context.close();
});

const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url: apiPaths.errorReports, headers, payload: body });

describe('error reports', () => {
  it('accepts reports signed in or not, refuses bad ones, limits each address, and lists them for the administrator', async () => {
    const journalist = await createUser(context.app, { email: 'reader@news.example' });
    const anonymous = await send(
      { message: 'ChunkLoadError: Loading chunk 7 failed', comments: 'It broke while opening the gallery' },
      { 'accept-language': 'it', 'user-agent': 'Test Browser' },
    );
    expect(anonymous.statusCode).toBe(201);
    context.clock.advance(60);
    const signed = await send(
      {
        message: 'TypeError: gallery is undefined',
        level: 'error',
        url: 'http://fair.localhost/#/press-gallery',
      },
      authHeader(await tokenFor(context.app, journalist)),
    );
    expect(signed.statusCode).toBe(201);
    const invalid = await send({ message: ' ', email: 'nope', level: 'loud' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: ['Field required'],
      email: ['E-mail not valid'],
      level: ['Field not valid'],
    });
    const throttled = await send({ message: 'one too many' });
    expect(throttled.statusCode).toBe(429);

    const administrator = await createUser(context.app, { roles: ['administrator_global'] });
    const list = await context.app.inject({
      method: 'GET',
      url: apiPaths.errorReports,
      headers: authHeader(await tokenFor(context.app, administrator)),
    });
    const reports = list.json().results as ErrorReport[];
    expect(
      reports.map((report) => [report.message, report.level, report.language, report.user?.email ?? null]),
    ).toEqual([
      ['TypeError: gallery is undefined', 'error', 'en', 'reader@news.example'],
      ['ChunkLoadError: Loading chunk 7 failed', 'warning', 'it', null],
    ]);
    expect(reports[1]).toMatchObject({
      comments: 'It broke while opening the gallery',
      user_agent: 'Test Browser',
      site: 'Tile Fair',
    });
  });
});
