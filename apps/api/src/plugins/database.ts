import type { Database, DatabaseHandle } from '@pressroom/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Exposes the database; whoever opened it closes it (the server on shutdown, a test after its file). */
export const databasePlugin = fp(async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
});
