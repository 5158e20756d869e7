import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { jsonResponse, problemResponses } from '../openapi/problem';
import { HttpProblem } from './errors';
import type { Db } from '../db/tables';

const healthDocs = {
  tags: ['operations'],
  summary: 'Liveness and database reachability',
  description: 'For load balancers and orchestrators: 200 while the process serves and its database answers.',
  response: {
    200: jsonResponse('Serving.', { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } }),
    ...problemResponses(503),
  },
};

/** `GET /health`: a load balancer takes the process out of rotation when its database stops answering. */
export async function healthRoutes(
  app: FastifyInstance,

  options: { db: Db },
): Promise<void> {
  app.get('/health', { schema: healthDocs, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(options.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpProblem(503, 'The database does not answer.');
    }
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
}
