import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';

// Rate limits high enough that no test of signing in, registering or mailing a link is ever throttled by another.
const generous = { max: 10_000, windowSeconds: 60 };

/** The account test files' app; the binding is live and `useAccountTestApp` fills it for the file calling it. */
export let harness: Awaited<ReturnType<typeof createTestApp>>;

/**
 * The account test files' app, on a database of its own. A file calls it at its top: the api project shares this
 * module between the files a worker runs (isolate: false), so each file's hooks build and stop its own app.
 */
export function useAccountTestApp() {
  beforeAll(async () => {
    harness = await createTestApp({
      config: {
        mailPollInterval: 0,
        publicUrl: 'https://press.example.test',
        rateLimits: {
          signInPerIp: generous,
          signInPerEmail: generous,
          signInFailuresPerEmail: generous,
          contactPerUser: generous,
          contactPerIp: generous,
          doorUnknownBadgesPerUser: generous,
          registerPerIp: generous,
          mailPerIp: generous,
          mailPerEmail: generous,
        },
      },
    });
  });
  afterAll(() => harness.close());
}

export const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url, payload: payload as object, headers });
export const seconds = () => Math.floor(harness.clock.now().getTime() / 1000);
