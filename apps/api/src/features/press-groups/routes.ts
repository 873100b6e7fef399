import { pressGroupSchema } from '@pressroom/contract';
import { pressGroups } from '@pressroom/db';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { pressGroupColumns, pressGroupSource } from './repository.ts';

export const pressGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/press_room/press_group/',
    {
      schema: {
        tags: ['press room'],
        summary: 'Press groups (sites); the client finds its site here by name',
        querystring: listQuerySchema.extend({
          name: z.string().max(120, { error: 'tooLong' }).optional().describe('exact name, any case'),
        }),
        response: { 200: listResponseSchema(pressGroupSchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        columns: pressGroupColumns,
        defaultOrder: [sql`${pressGroups.id} asc`],
        tiebreaker: [sql`${pressGroups.id} asc`],
        source: pressGroupSource(app.db, { name: request.query.name?.replaceAll('\u0000', '') }),
      }),
  );
};
