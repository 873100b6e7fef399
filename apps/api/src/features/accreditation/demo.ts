import type { MediaType } from '@pressroom/contract';
import { accreditationRequests } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';

/** How long before an edition's first day the demo's journalists asked, and when the office approved them. */
const askedDaysBefore = 30;
const approvedDaysBefore = 28;

/**
 * The demo journalists' approved accreditations for a demo fair's edition (their outlets are what their
 * interview requests show), asked a month before it opened, or today if that is sooner. A journalist already
 * holding a request for the edition keeps it as it is.
 */
export async function seedDemoAccreditations(
  app: FastifyInstance,
  edition: { id: number; startsOn: string },
  journalists: { userId: number; outlet: string; mediaType: MediaType; role: string }[],
) {
  if (journalists.length === 0) return { accreditations: 0 };
  const today = app.clock.now();
  const beforeStart = (days: number) => {
    const moment = new Date(`${edition.startsOn}T09:00:00Z`);
    moment.setUTCDate(moment.getUTCDate() - days);
    return moment < today ? moment : today;
  };
  const asked = beforeStart(askedDaysBefore);
  const approved = beforeStart(approvedDaysBefore);
  const editionId = edition.id;
  const rows = await app.db
    .insert(accreditationRequests)
    .values(
      journalists.map((journalist) => ({
        editionId,
        userId: journalist.userId,
        status: 'approved',
        mediaType: journalist.mediaType,
        outlet: journalist.outlet,
        role: journalist.role,
        proofKind: 'press_card',
        decidedAt: approved,
        createdAt: asked,
        updatedAt: approved,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: accreditationRequests.id });
  return { accreditations: rows.length };
}
