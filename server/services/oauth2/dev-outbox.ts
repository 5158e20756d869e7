import type { FastifyInstance } from 'fastify';
import { problems } from '../../http/errors';
import { readOutbox } from '../../mail/mailer';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Development only (no SMTP_URL and NODE_ENV is not production): the mails the server would have
 * sent, newest first, so a developer or a test can follow a password-reset link. Answered only to
 * the local machine, because a reset link in the wrong hands is an account in the wrong hands.
 */
export async function devOutboxRoutes(app: FastifyInstance, options: { outboxDir: string }): Promise<void> {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['oauth2'],
        summary: 'Development only: the latest mails written to the outbox folder',
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    date: { type: 'string' },
                    from: { type: 'string' },
                    to: { type: 'string' },
                    subject: { type: 'string' },
                    text: { type: 'string' },
                    attachments: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          fileName: { type: 'string' },
                          mimeType: { type: 'string' },
                          size: { type: 'integer' },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      if (!LOOPBACK.has(request.ip)) throw problems.notFound(`No route for GET ${request.url.split('?')[0]}.`);
      reply.header('Cache-Control', 'no-store');
      return { data: await readOutbox(options.outboxDir, 50) };
    },
  );
}
