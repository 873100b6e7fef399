import type { MediaType } from '@pressroom/contract';
import { accreditationRequests } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';

/**
 * The demo journalists' approved accreditations for the demo fair's edition (their outlets are what their
 * interview requests show). A journalist already holding a request for the edition keeps it as it is.
 */
export async function seedDemoAccreditations(
  app: FastifyInstance,
  editionId: number,
  journalists: { userId: number; outlet: string; mediaType: MediaType; role: string }[],
) {
  if (journalists.length === 0) return { accreditations: 0 };
  const now = app.clock.now();
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
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: accreditationRequests.id });
  return { accreditations: rows.length };
}
