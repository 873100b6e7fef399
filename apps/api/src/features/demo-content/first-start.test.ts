import { existsSync } from 'node:fs';
import path from 'node:path';
import { galleryImages, magazines, pressReleases, users, videoCaptions, videos } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdministrator } from '../../demo/seed-demo.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createTestApp } from '../../test-support/app.ts';
import { createUser } from '../../test-support/factories.ts';
import { temporaryDataDir } from '../../test-support/press-content.ts';
import { demoSeededMarker, prepareDemoAtStart } from './first-start.ts';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;

beforeAll(async () => {
  dataDir = await temporaryDataDir();
  harness = await createTestApp({ config: { dataDir: dataDir.dir } });
});
afterAll(async () => {
  await harness.close();
  await dataDir.remove();
});

/** One start of `npm start` (the server with --demo): what it prints. */
async function start() {
  const lines: string[] = [];
  await prepareDemoAtStart(harness.app, harness.clock.now(), (line) => lines.push(line));
  return lines;
}

const contents = async () => ({
  users: await harness.db.$count(users),
  releases: await harness.db.$count(pressReleases),
  images: await harness.db.$count(galleryImages),
  magazines: await harness.db.$count(magazines),
  videos: await harness.db.$count(videos),
  captions: await harness.db.$count(videoCaptions),
});

const loginLine = `sign in as the demo administrator: e-mail ${demoAdministrator.email}  password ${demoAdministrator.password} (change this password on the account page; this line goes away then)`;

describe('the demo at start', () => {
  // Seeding generates some forty images: longer than a usual test on a busy machine.
  it('is seeded on the first start although a user was created first, and not a second time', {
    timeout: 120_000,
  }, async () => {
    await createUser(harness.app, { email: 'first.user@example.test', roles: ['administrator_global'] });

    const first = await start();
    expect(first[0]).toBe('seeding the demo (first start)...');
    expect(first).toContain(
      `created administrator_global: e-mail ${demoAdministrator.email}  password ${demoAdministrator.password}`,
    );
    expect(existsSync(path.join(dataDir.dir, demoSeededMarker))).toBe(true);
    const seeded = await contents();
    // The administrator created first, the demo administrator and the six demo journalists.
    // One video under a release and one in each site's gallery of design installations, with captions in
    // English and Italian.
    expect(seeded).toEqual({ users: 8, releases: 8, images: 36, magazines: 28, videos: 3, captions: 6 });

    const second = await start();
    expect(second).toEqual([loginLine]);
    expect(await contents()).toEqual(seeded);
  });

  it("prints the administrator's login at every start while its password is the demo one", async () => {
    expect((await start()).at(-1)).toBe(loginLine);
    await harness.db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed_password_2026') })
      .where(eq(users.email, demoAdministrator.email));
    expect(await start()).toEqual([]);
  });

  it('does not bring back a demo administrator deleted after the first start', async () => {
    await harness.db.delete(users).where(eq(users.email, demoAdministrator.email));
    expect(await start()).toEqual([]);
    expect(await harness.db.$count(users, eq(users.email, demoAdministrator.email))).toBe(0);
  });
});
