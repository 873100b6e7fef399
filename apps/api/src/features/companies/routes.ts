import {
  apiPaths,
  brandListRowSchema,
  brandRequest,
  companiesListQuery,
  companyBrandsRequest,
  companyCreateRequest,
  companySchema,
  companyUpdateRequest,
  idParamSchema,
} from '@pressroom/contract';
import { brands, companies } from '@pressroom/db';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListSource, listQuerySchema, listResponse, listResponseSchema } from '../../lib/datatables.ts';
import { presentBrand, presentCompany } from './presenters.ts';
import { brandColumns, brandSource, companyColumns, companySource } from './repository.ts';
import {
  createBrand,
  createCompany,
  editBrand,
  editCompany,
  getBrand,
  getCompany,
  removeBrand,
  removeCompany,
  setCompanyBrands,
} from './service.ts';

const idParams = z.object({ id: idParamSchema });

function presented<Row, Out>(source: ListSource<Row>, present: (row: Row) => Out): ListSource<Out> {
  return { count: source.count, rows: async (options) => (await source.rows(options)).map(present) };
}

/** Member companies and brands, for administrator_associated_companies and administrator_global. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };
  const manageCompanies = app.requirePermission('company.manage');
  const manageBrands = app.requirePermission('brand.manage');
  const tags = ['back office: companies'];

  app.get(
    apiPaths.companies,
    {
      preValidation: manageCompanies,
      schema: {
        tags,
        summary: 'Companies (DataTables or pages), optionally filtered by association status or typology',
        querystring: listQuerySchema.extend(companiesListQuery.shape),
        response: { 200: listResponseSchema(companySchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        regexSearch: true,
        columns: companyColumns,
        defaultOrder: [asc(companies.businessName)],
        tiebreaker: [asc(companies.id)],
        source: presented(
          companySource(app.db, {
            associationStatus: request.query.associationStatus,
            typology: request.query.typology,
          }),
          presentCompany,
        ),
      }),
  );

  app.post(
    apiPaths.companies,
    {
      preValidation: manageCompanies,
      schema: {
        tags,
        summary: 'Create a company',
        body: companyCreateRequest,
        response: { 201: companySchema },
      },
    },
    async (request, reply) => reply.code(201).send(presentCompany(await createCompany(deps, request.body))),
  );

  app.get(
    '/api/back_office/companies/:id/',
    {
      preValidation: manageCompanies,
      schema: { tags, summary: 'A company', params: idParams, response: { 200: companySchema } },
    },
    async (request) => presentCompany(await getCompany(deps, request.params.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/api/back_office/companies/:id/',
      {
        preValidation: manageCompanies,
        schema: {
          tags,
          summary: 'Edit a company (only the fields sent change)',
          params: idParams,
          body: companyUpdateRequest,
          response: { 200: companySchema },
        },
      },
      async (request) => presentCompany(await editCompany(deps, request.params.id, request.body)),
    );
  }

  app.delete(
    '/api/back_office/companies/:id/',
    {
      preValidation: manageCompanies,
      schema: { tags, summary: 'Delete a company that has no users', params: idParams },
    },
    async (request, reply) => {
      await removeCompany(deps, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/back_office/companies/:id/brands/',
    {
      preValidation: [manageCompanies, manageBrands],
      schema: {
        tags,
        summary: "Replace the company's brands (the list-transfer widget's assigned list)",
        params: idParams,
        body: companyBrandsRequest,
        response: { 200: companySchema },
      },
    },
    async (request) => presentCompany(await setCompanyBrands(deps, request.params.id, request.body.brands)),
  );

  app.get(
    apiPaths.brands,
    {
      preValidation: manageBrands,
      schema: {
        tags,
        summary: 'Brands (DataTables or pages) with the number of companies holding each',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(brandListRowSchema) },
      },
    },
    async (request) =>
      listResponse(request, {
        regexSearch: true,
        columns: brandColumns,
        defaultOrder: [asc(brands.name)],
        tiebreaker: [asc(brands.id)],
        source: presented(brandSource(app.db), presentBrand),
      }),
  );

  app.post(
    apiPaths.brands,
    {
      preValidation: manageBrands,
      schema: { tags, summary: 'Create a brand', body: brandRequest, response: { 201: brandListRowSchema } },
    },
    async (request, reply) => reply.code(201).send(presentBrand(await createBrand(deps, request.body.name))),
  );

  app.get(
    '/api/back_office/brands/:id/',
    {
      preValidation: manageBrands,
      schema: { tags, summary: 'A brand', params: idParams, response: { 200: brandListRowSchema } },
    },
    async (request) => presentBrand(await getBrand(deps, request.params.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/api/back_office/brands/:id/',
      {
        preValidation: manageBrands,
        schema: {
          tags,
          summary: 'Rename a brand',
          params: idParams,
          body: brandRequest,
          response: { 200: brandListRowSchema },
        },
      },
      async (request) => presentBrand(await editBrand(deps, request.params.id, request.body.name)),
    );
  }

  app.delete(
    '/api/back_office/brands/:id/',
    {
      preValidation: manageBrands,
      schema: { tags, summary: 'Delete a brand (it leaves every company holding it)', params: idParams },
    },
    async (request, reply) => {
      await removeBrand(deps, request.params.id);
      return reply.code(204).send();
    },
  );
};
