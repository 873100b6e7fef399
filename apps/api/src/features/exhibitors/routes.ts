import {
  apiPaths,
  exhibitorCreateSchema,
  exhibitorSchema,
  exhibitorsListQuery,
  exhibitorUpdateSchema,
  idParamSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListSource, listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { presentExhibitor } from './presenters.ts';
import * as repository from './repository.ts';
import { checkEdition, createExhibitor, editExhibitor, getExhibitor, removeExhibitor } from './service.ts';

const idParams = z.object({ id: idParamSchema });

function presented<Row, Out>(source: ListSource<Row>, present: (row: Row) => Out): ListSource<Out> {
  return { count: source.count, rows: async (options) => (await source.rows(options)).map(present) };
}

/** The exhibitors of each edition, kept by the association's staff (company.manage). */
export const exhibitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };
  const manage = app.requirePermission('company.manage');
  const tags = ['back office: exhibitors'];

  // ---------------------------------------------------------------------------------------------- exhibitors

  app.get(
    apiPaths.exhibitors,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "An edition's exhibitors (DataTables or pages), optionally of one hall or category",
        querystring: listQuerySchema.extend(exhibitorsListQuery.shape),
        response: { 200: listResponseSchema(exhibitorSchema) },
      },
    },
    async (request) => {
      await checkEdition(deps, request.query.edition);
      return listResponse(request, {
        regexSearch: true,
        columns: repository.exhibitorColumns,
        defaultOrder: repository.exhibitorOrder.default,
        tiebreaker: repository.exhibitorOrder.tiebreaker,
        source: presented(
          repository.exhibitorSource(app.db, {
            editionId: request.query.edition,
            hall: request.query.hall,
            category: request.query.category,
          }),
          presentExhibitor,
        ),
      });
    },
  );

  app.post(
    apiPaths.exhibitors,
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Add a company to the exhibitors of an edition, with its stands',
        body: exhibitorCreateSchema,
        response: { 201: exhibitorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentExhibitor(await createExhibitor(deps, request.body))),
  );

  app.get(
    '/api/back_office/exhibitors/:id/',
    {
      preValidation: manage,
      schema: { tags, summary: 'An exhibitor', params: idParams, response: { 200: exhibitorSchema } },
    },
    async (request) => presentExhibitor(await getExhibitor(deps, request.params.id)),
  );

  app.patch(
    '/api/back_office/exhibitors/:id/',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Change an exhibitor (only the fields sent; stands sent replace its stands)',
        params: idParams,
        body: exhibitorUpdateSchema,
        response: { 200: exhibitorSchema },
      },
    },
    async (request) => presentExhibitor(await editExhibitor(deps, request.params.id, request.body)),
  );

  app.delete(
    '/api/back_office/exhibitors/:id/',
    {
      preValidation: manage,
      schema: { tags, summary: 'Remove an exhibitor from its edition', params: idParams },
    },
    async (request, reply) => {
      await removeExhibitor(deps, request.params.id);
      return reply.code(204).send();
    },
  );
};
