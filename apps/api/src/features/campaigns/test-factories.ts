import { privacyNoticeVersion } from '@pressroom/contract';
import { pressMailConsents, users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createUser, type UserOptions } from '../../test-support/factories.ts';

export interface JournalistOptions extends UserOptions {
  /** The answer to the press office's mail: yes unless told; null for never asked. */
  agreed?: boolean | null;
  mediaType?: string;
  sector?: string;
  country?: string;
  newspaper?: string;
  publishingHouse?: string;
}

/** A journalist with press data and, unless told otherwise, a yes to the press office's mail. */
export async function createJournalist(app: FastifyInstance, options: JournalistOptions = {}) {
  const { agreed = true, mediaType, sector, country, newspaper, publishingHouse, ...userOptions } = options;
  const user = await createUser(app, userOptions);
  await app.db
    .update(users)
    .set({
      mediaType: mediaType ?? 'magazines',
      sector: sector ?? 'design',
      country: country ?? 'IT',
      newspaper: newspaper ?? 'Tile Weekly',
      publishingHouse: publishingHouse ?? 'Clay Media',
    })
    .where(eq(users.id, user.id));
  if (agreed !== null) {
    const site = app.sites.byName.get('Tile Fair');
    await app.db.insert(pressMailConsents).values({
      userId: user.id,
      agreed,
      answeredAt: app.clock.now(),
      pressGroupId: site?.id ?? null,
      noticeVersion: privacyNoticeVersion,
      language: user.language,
    });
  }
  return user;
}
