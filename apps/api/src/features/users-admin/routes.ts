import {
  accreditationDecisionRequest,
  adminUserSchema,
  adminUsersQuery,
  adminUserUpdateRequest,
  apiPaths,
  idParamSchema,
} from '@pressroom/contract';
import { users } from '@pressroom/db';
import { asc, desc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionDenied } from '../../lib/api-error.ts';
import { type ListSource, listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { presentManagedUser } from './presenters.ts';
import { type ManagedUser, userColumns, userSource } from './repository.ts';
import { decideAccreditation, getManagedUser, listScope, updateManagedUser } from './service.ts';

const idParams = z.object({ id: idParamSchema });

function presented(source: ListSource<ManagedUser>): ListSource<ReturnType<typeof presentManagedUser>> {
  return {
    count: source.count,
    rows: async (options) => (await source.rows(options)).map(presentManagedUser),
  };
}

/**
 * Users, roles and permissions (administrator_global: user.manage, permission.manage); company administrators
 * see and manage their own company's agents only; the press office works the accreditation queue.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, mail: app.mail, sites: app.sites };
  const tags = ['back office: users'];

  const manageUsers = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    const held = request.user!.permissions;
    if (!held.has('user.manage') && !held.has('company_agent.manage_own_company')) throw permissionDenied();
  };
  const accredit = app.requirePermission('journalist.accredit');

  app.get(
    apiPaths.adminUsers,
    {
      preValidation: manageUsers,
      schema: {
        tags,
        summary: 'Users (DataTables or pages); search by name or e-mail, filter by role, status, company',
        querystring: listQuerySchema.extend(adminUsersQuery.shape),
        response: { 200: listResponseSchema(adminUserSchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        regexSearch: true,
        columns: userColumns,
        defaultOrder: [desc(users.dateJoined)],
        tiebreaker: [asc(users.id)],
        source: presented(
          userSource(
            app.db,
            listScope(request.user!, {
              role: request.query.role,
              status: request.query.status,
              companyId: request.query.company,
            }),
          ),
        ),
      }),
  );

  app.get(
    '/api/back_office/users/:id/',
    {
      preValidation: manageUsers,
      schema: { tags, summary: 'A user', params: idParams, response: { 200: adminUserSchema } },
    },
    async (request) => presentManagedUser(await getManagedUser(deps, request.user!, request.params.id)),
  );

  app.patch(
    '/api/back_office/users/:id/',
    {
      preValidation: manageUsers,
      schema: {
        tags,
        summary:
          'Edit roles, extra permissions, company (COMPANY users), active; only the fields sent change',
        params: idParams,
        body: adminUserUpdateRequest,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      presentManagedUser(await updateManagedUser(deps, request.user!, request.params.id, request.body)),
  );

  app.get(
    apiPaths.accreditations,
    {
      preValidation: accredit,
      schema: {
        tags,
        summary: 'Journalists waiting for accreditation (manual accreditation mode), oldest first',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(adminUserSchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        regexSearch: true,
        columns: userColumns,
        defaultOrder: [asc(users.dateJoined)],
        tiebreaker: [asc(users.id)],
        source: presented(userSource(app.db, { pendingAccreditation: true })),
      }),
  );

  for (const [suffix, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/back_office/accreditations/:id/${suffix}/`,
      {
        preValidation: accredit,
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? 'Approve: the journalist joins user_press_room and is mailed'
              : 'Reject: the journalist is mailed (with the reason, when given)',
          params: idParams,
          body: accreditationDecisionRequest.optional(),
          response: { 200: adminUserSchema },
        },
      },
      async (request) =>
        presentManagedUser(
          await decideAccreditation(deps, request.params.id, decision, request.body?.reason ?? '', {
            current: request.site,
            all: app.sites.byName.values(),
          }),
        ),
    );
  }
};
