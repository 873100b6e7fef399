import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this server is leaving: `GET /readyz` says so, so that the load balancer sends no more. */
    lifecycle: {
      readonly stopping: boolean;
      /** The first step of a shutdown (SIGTERM), before requests are drained and the app closed. */
      beginShutdown(): void;
    };
  }
}

/**
 * A server that is shutting down answers what it is asked until it closes, each answer closing its connection
 * (a client's next request opens one to another server), and `GET /readyz` answers 503 from the first moment.
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let stopping = false;
    app.decorate('lifecycle', {
      get stopping() {
        return stopping;
      },
      beginShutdown() {
        stopping = true;
      },
    });
    app.addHook('onSend', async (_request, reply) => {
      if (stopping) reply.header('connection', 'close');
    });
    app.addHook('preClose', async () => {
      stopping = true;
    });
  },
  { name: 'lifecycle' },
);
