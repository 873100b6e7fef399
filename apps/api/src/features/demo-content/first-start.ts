import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Database, users } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { demoAdministrator, seedDemo } from '../../demo/seed-demo.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { describeDemoContent, seedDemoContent } from './seed.ts';

/**
 * Written into DATA_DIR once the demo is seeded: demo content deleted afterwards (the demo administrator
 * above all, whose password is public) is not brought back at the next start.
 */
export const demoSeededMarker = 'demo-seeded';

/** The demo administrator's e-mail and password while that password is still the demo one, else null. */
async function unchangedDemoLogin(db: Database): Promise<{ email: string; password: string } | null> {
  const [administrator] = await db
    .select({ passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${demoAdministrator.email})`);
  if (!administrator?.isActive) return null;
  if (!(await verifyPassword(demoAdministrator.password, administrator.passwordHash))) return null;
  return { email: demoAdministrator.email, password: demoAdministrator.password };
}

/**
 * What `npm start` does for the demo, on a ready app, before it listens. The demo is seeded on the first
 * start in DATA_DIR, whatever the database already holds (a user created first with the command line does
 * not keep the demo out), and again on a database without any user (a new one); seeding adds only what is
 * missing. Then, at every start, the administrator's login is printed while its password is the demo one.
 */
export async function prepareDemoAtStart(app: FastifyInstance, now: Date, out: (line: string) => void) {
  const marker = path.join(app.config.dataDir, demoSeededMarker);
  if (!existsSync(marker) || (await app.db.$count(users)) === 0) {
    out('seeding the demo (first start)...');
    await seedDemo(app.db, app.config, app.storage, now, out);
    for (const report of await seedDemoContent(app)) out(describeDemoContent(report));
    await writeFile(marker, `${now.toISOString()}\n`);
  }
  const login = await unchangedDemoLogin(app.db);
  if (login) {
    out(
      `sign in as the demo administrator: e-mail ${login.email}  password ${login.password} (change this password on the account page; this line goes away then)`,
    );
  }
}
