import { isMessageKey } from '@pressroom/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/api-error.ts';
import { isDatabaseUnavailable, isRefusedValue, isStatementCancelled } from '../lib/pg-errors.ts';
import { StoredFileMissing } from '../lib/storage/file-store.ts';

/** How long a caller should wait before trying again while the database is unreachable (seconds). */
const databaseRetryAfter = 5;

function translateBody(request: FastifyRequest, error: ApiError) {
  const translated: Record<string, string | string[]> = {};
  const params = error.paramsIn(request.language);
  for (const [field, value] of Object.entries(error.body)) {
    translated[field] = Array.isArray(value)
      ? value.map((key) => request.t(key, params))
      : request.t(value, params);
  }
  return translated;
}

const storageFullCodes = new Set(['ENOSPC', 'EDQUOT']);

function isStorageFull(error: unknown) {
  return storageFullCodes.has((error as NodeJS.ErrnoException | null)?.code ?? '');
}

/** Turns every failure into the Django REST error shape; nothing a caller sends can produce a bare 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(translateBody(request, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'non_field_errors';
        if (!fields[field]) fields[field] = [];
        // Our schemas name message keys; a check of zod's own (a body of the wrong type) is not one.
        const key =
          issue.message !== undefined && isMessageKey(issue.message) ? issue.message : 'fieldInvalid';
        fields[field].push(request.t(key));
      }
      return reply.code(400).send(fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after') ?? 60);
      return reply.code(429).send({ detail: request.t('throttled', { seconds: retryAfter }) });
    }
    // A row naming a file the store no longer holds: the file is gone, not the server.
    if (status === 404 || error instanceof StoredFileMissing)
      return reply.code(404).send({ detail: request.t('notFound') });
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply.code(status).send({ detail: request.t('malformedRequest') });
    }
    // A full disk (or a user's quota reached) where a file was being written: the request wrote nothing that stays.
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'no space left to store a file');
      return reply.code(507).send({ detail: request.t('storageFull') });
    }
    if (isStatementCancelled(error)) {
      request.log.warn({ err: error }, 'statement cancelled: it ran past DATABASE_STATEMENT_TIMEOUT');
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfter))
        .send({ detail: request.t('serviceUnavailable') });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfter))
        .send({ detail: request.t('serviceUnavailable') });
    }
    if (isRefusedValue(error)) {
      request.log.info({ err: error }, 'value refused by the database');
      return reply.code(400).send({ detail: request.t('malformedRequest') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: request.t('serverError') });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ detail: request.t('notFound') }));
});
