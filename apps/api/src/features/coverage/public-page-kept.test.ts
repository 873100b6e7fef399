import { publicPages } from '@pressroom/contract';
import { coverage, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock } from '../../test-support/app.ts';
import { createUser } from '../../test-support/factories.ts';

// "In the press" is kept in memory between requests (lib/kept-pages.ts). These tests write straight into the
// database, as the command line or another app server would, and prove the very next page shows each change
// of what it shows: a piece approved or withdrawn, its reporter's consent to be named, their name.

const clock = new TestClock(new Date('2026-10-05T09:00:00Z'));
let context: Awaited<ReturnType<typeof createTestApp>>;
let fairId: number;

const pageText = async () => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${publicPages.coverage}?lang=en`,
    headers: { host: 'fair.localhost' },
  });
  expect(response.statusCode).toBe(200);
  return response.body.replace(/[\u2068\u2069]/g, '');
};

beforeAll(async () => {
  context = await createTestApp({ clock });
  fairId = context.app.sites.byName.get('Tile Fair')!.id;
});

afterAll(async () => {
  await context.close();
});

describe('the kept "In the press" page', () => {
  it("shows a piece once approved, its reporter's name as they allow it, and hides it once rejected", async () => {
    const { db } = context;
    const reporter = await createUser(context.app, {
      roles: ['user_press_room'],
      firstName: 'Marco',
      lastName: 'Bianchi',
    });
    const [piece] = await db
      .insert(coverage)
      .values({
        pressGroupId: fairId,
        url: 'https://ceramica-oggi.example/fiera',
        urlKey: 'ceramica-oggi.example/fiera',
        title: 'La fiera delle lastre',
        outlet: 'Ceramica Oggi',
        publishedOn: '2026-09-30',
        language: 'it',
        country: 'IT',
        mediaType: 'magazines',
        status: 'pending',
        reporterId: reporter.id,
        showName: false,
      })
      .returning();
    expect(await pageText()).not.toContain('La fiera delle lastre');

    await db.update(coverage).set({ status: 'approved' }).where(eq(coverage.id, piece.id));
    const approved = await pageText();
    expect(approved).toContain('La fiera delle lastre');
    expect(approved).not.toContain('Marco Bianchi');

    await db.update(coverage).set({ showName: true }).where(eq(coverage.id, piece.id));
    expect(await pageText()).toContain('Marco Bianchi');

    await db.update(users).set({ firstName: 'Marco A.' }).where(eq(users.id, reporter.id));
    expect(await pageText()).toContain('Marco A. Bianchi');

    await db.delete(users).where(eq(users.id, reporter.id));
    const erased = await pageText();
    expect(erased).toContain('La fiera delle lastre');
    expect(erased).not.toContain('Marco A. Bianchi');

    await db.update(coverage).set({ status: 'rejected' }).where(eq(coverage.id, piece.id));
    expect(await pageText()).not.toContain('La fiera delle lastre');
  });
});
