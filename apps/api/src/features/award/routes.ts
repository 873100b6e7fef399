import {
  apiPaths,
  awardCategoryInputSchema,
  awardCreateSchema,
  awardEntryCreateSchema,
  awardEntrySchema,
  awardIdParamsSchema,
  awardJurorCandidatesSchema,
  awardJurorsSchema,
  awardListSchema,
  awardRankingSchema,
  awardSchema,
  awardScoreSchema,
  awardUpdateSchema,
  awardWinnerSchema,
  juryListSchema,
  languages,
  myAwardSchema,
  releaseWinnersSchema,
} from '@pressroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentAward, presentEntry, presentJury, presentMyAward, presentRanking } from './presenters.ts';
import { rankingPdf } from './ranking-pdf.ts';
import * as service from './service.ts';

const readerLanguage = (language: string) =>
  (languages as readonly string[]).includes(language) ? language : 'en';

/**
 * The journalism award (decision 23): the press office opens an award per edition with categories and jurors;
 * journalists enter their approved coverage before the deadline; jurors score the entries of their categories;
 * the office reads the ranking, exports it, marks winners and announces them on a release (shown to anyone).
 */
export const awardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['award'];
  const officeTags = ['back office: award'];
  const pressArea = app.requirePermission('press_area.access');
  const pressOffice = app.requirePermission('press_release.manage_all');
  const juror = app.requirePermission('award.judge');
  const now = () => app.clock.now();

  app.get(
    apiPaths.awards,
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: "The site's awards, newest edition first",
        response: { 200: awardListSchema },
      },
    },
    async (request) => ({
      items: (await service.list(app, request.site)).map((award) => presentAward(award, now(), true)),
    }),
  );

  app.get(
    apiPaths.awardJurorCandidates,
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'The users who may be made jurors: those holding the jury permission',
        response: { 200: awardJurorCandidatesSchema },
      },
    },
    async () => ({ items: await service.jurorCandidates(app) }),
  );

  app.post(
    apiPaths.awards,
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary:
          'Open the award of an edition, with its categories (one per edition and site: a second is a 409)',
        body: awardCreateSchema,
        response: { 201: awardSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentAward(await service.create(app, request.site, request.body), now(), true)),
  );

  app.get(
    apiPaths.award(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'One award',
        params: awardIdParamsSchema,
        response: { 200: awardSchema },
      },
    },
    async (request) => presentAward(await service.one(app, request.site, request.params.id), now(), true),
  );

  app.patch(
    apiPaths.award(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'Change the fields named; `judging_closed` closes or reopens judging',
        params: awardIdParamsSchema,
        body: awardUpdateSchema,
        response: { 200: awardSchema },
      },
    },
    async (request) =>
      presentAward(await service.update(app, request.site, request.params.id, request.body), now(), true),
  );

  app.post(
    apiPaths.awardCategories(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'Add a category (at most 12)',
        params: awardIdParamsSchema,
        body: awardCategoryInputSchema,
        response: { 200: awardSchema },
      },
    },
    async (request) =>
      presentAward(
        await service.addCategory(app, request.site, request.params.id, request.body),
        now(),
        true,
      ),
  );

  app.patch(
    apiPaths.awardCategory(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'Rename a category (its name in each language, all at once)',
        params: awardIdParamsSchema,
        body: awardCategoryInputSchema,
        response: { 200: awardSchema },
      },
    },
    async (request) =>
      presentAward(
        await service.renameCategory(app, request.site, request.params.id, request.body),
        now(),
        true,
      ),
  );

  app.put(
    apiPaths.awardCategoryJurors(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: "A category's jurors, all at once (each must hold the jury permission)",
        params: awardIdParamsSchema,
        body: awardJurorsSchema,
        response: { 200: awardSchema },
      },
    },
    async (request) =>
      presentAward(
        await service.setJurors(app, request.site, request.params.id, request.body.users),
        now(),
        true,
      ),
  );

  app.get(
    apiPaths.awardRanking(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: "Each category's ranking: mean score, number of scores and spread per entry",
        params: awardIdParamsSchema,
        response: { 200: awardRankingSchema },
      },
    },
    async (request) => presentRanking(await service.ranking(app, request.site, request.params.id), now()),
  );

  app.get(
    apiPaths.awardRankingCsv(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'The ranking as CSV, in the reader’s language',
        params: awardIdParamsSchema,
      },
    },
    async (request, reply) => {
      const language = readerLanguage(request.user!.language);
      const csv = await service.rankingCsv(app, request.site, request.params.id, language);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="award-${request.params.id}-ranking.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    apiPaths.awardRankingPdf(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'The ranking as a PDF, in the reader’s language',
        params: awardIdParamsSchema,
      },
    },
    async (request, reply) => {
      const result = await service.ranking(app, request.site, request.params.id);
      const pdf = await rankingPdf(result, {
        language: readerLanguage(request.user!.language),
        siteName: request.site.name,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="award-${request.params.id}-ranking.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.put(
    apiPaths.awardEntryWinner(':id'),
    {
      preValidation: pressOffice,
      schema: {
        tags: officeTags,
        summary: 'Mark an entry as a winner, or not (once judging is closed)',
        params: awardIdParamsSchema,
        body: awardWinnerSchema,
        response: { 200: awardRankingSchema },
      },
    },
    async (request) =>
      presentRanking(
        await service.markWinner(app, request.site, request.params.id, request.body.winner),
        now(),
      ),
  );

  app.get(
    apiPaths.myAward,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary:
          "The site's award open for entries (else the latest), the user's entries and the pieces they may enter",
        response: { 200: myAwardSchema },
      },
    },
    async (request) => presentMyAward(await service.mine(app, request.site, request.user!), now()),
  );

  app.post(
    apiPaths.myAward,
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Enter one of your approved pieces in a category, before the deadline',
        body: awardEntryCreateSchema,
        response: { 201: awardEntrySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentEntry(await service.enter(app, request.site, request.user!, request.body))),
  );

  app.delete(
    apiPaths.awardEntry(':id'),
    {
      preValidation: pressArea,
      schema: {
        tags,
        summary: 'Withdraw your entry, until the deadline',
        params: awardIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.withdraw(app, request.site, request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiPaths.awardJury(':id'),
    {
      preValidation: juror,
      schema: {
        tags,
        summary: "The entries of the categories the juror judges, with the juror's own scores",
        params: awardIdParamsSchema,
        response: { 200: juryListSchema },
      },
    },
    async (request) =>
      presentJury(await service.jury(app, request.site, request.user!, request.params.id), now()),
  );

  app.put(
    apiPaths.awardScore(':id'),
    {
      preValidation: juror,
      schema: {
        tags,
        summary:
          'Score an entry of your categories, 1 to 10, with a comment (changeable until judging closes)',
        params: awardIdParamsSchema,
        body: awardScoreSchema,
        response: { 200: juryListSchema },
      },
    },
    async (request) =>
      presentJury(
        await service.score(app, request.site, request.user!, request.params.id, request.body),
        now(),
      ),
  );

  app.get(
    apiPaths.releaseAwardWinners(':id'),
    {
      schema: {
        tags,
        summary:
          "The winners the site's awards announce on a release, in the reader's language (the journalist's name only with their consent)",
        params: awardIdParamsSchema,
        response: { 200: releaseWinnersSchema },
      },
    },
    async (request) => ({
      data: await service.releaseWinners(
        app,
        request.site,
        request.params.id,
        readerLanguage(request.language),
      ),
    }),
  );
};
