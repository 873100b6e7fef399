import { mailQueue } from '@pressroom/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** A complete, valid registration body; tests override what they look at. */
export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Ceramista',
    email: 'ada@example.test',
    password: 'Ceramics_2026',
    password_confirm: 'Ceramics_2026',
    language: 'en',
    accept: true,
    qualify: 'journalist',
    publishing_house: 'Clay Media',
    newspaper: 'Tile Weekly',
    media_type: 'magazines',
    periodicity: 'weekly_monthly',
    printing_copies: 5000,
    sector: 'design',
    cap: '41049',
    province: 'MO',
    country: 'IT',
    ...overrides,
  };
}

/** The mails queued for an address, oldest first. */
export function queuedMails(app: FastifyInstance, to: string) {
  return app.db.select().from(mailQueue).where(eq(mailQueue.toAddress, to)).orderBy(asc(mailQueue.id));
}

/** The signed-link fields of the first link of a mail text (verification or reset). */
export function linkFields(text: string) {
  const match = text.match(/user_id=(\d+)&timestamp=(\d+)&signature=([\w-]+)/);
  if (!match) throw new Error(`no signed link in:\n${text}`);
  return { user_id: Number(match[1]), timestamp: Number(match[2]), signature: match[3] };
}
