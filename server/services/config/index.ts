import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser, type VerifyToken } from '../../http/auth';
import { HttpProblem, problems } from '../../http/errors';
import { parseJsonBody } from '../../http/json-body';
import { configDocs, dictionaryDocs } from './docs';
import type { ConfigStore, Served } from './store';
import { ConfigFileError } from './tenant-config';

/**
 * Serves a prepared JSON document with its ETag. `no-cache` makes the SPA revalidate every time, so
 * a reloaded config reaches it at once, while an unchanged one costs a 304 and no body.
 */
function sendServed(request: FastifyRequest, reply: FastifyReply, doc: Served): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', doc.etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === doc.etag))
    return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(doc.json);
}

function invalidConfig(error: ConfigFileError): HttpProblem {
  return new HttpProblem(
    400,
    `${error.file} is invalid; the previous configuration stays in use.`,
    error.issues.map((issue) => ({
      path: issue.path,
      message: issue.message,
      key: 'validation.invalid',
      params: { file: error.file },
    })),
    'Invalid configuration',
  );
}

/**
 * `GET /config/{tenant}.json`: public, since the SPA needs it before anyone logs in.
 * `POST /config/api/reload`: an administrator re-reads their own tenant's files (the tenant comes
 * from the token, as everywhere: one tenant's admin cannot touch another's configuration).
 */
export async function configService(
  app: FastifyInstance,
  options: { store: ConfigStore; verify: VerifyToken },
): Promise<void> {
  const { store } = options;
  // The reload takes no body; a client may still send an empty one labelled JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, (body as string).trim() === '' ? undefined : parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.get<{ Params: { file: string } }>('/:file', { schema: configDocs.get }, async (request, reply) => {
    const match = /^([^.]+)\.json$/.exec(request.params.file);
    if (match) await store.ensure(match[1]);
    const doc = match ? store.config(match[1]) : undefined;
    if (!doc) throw problems.notFound('No such tenant config.');
    return sendServed(request, reply, doc);
  });

  app.post('/api/reload', { schema: configDocs.reload, preHandler: requireUser(options.verify) }, async (request) => {
    const user = currentUser(request);
    if (!user.roles.includes('ROLE_ADMIN'))
      throw problems.forbidden('Only an administrator may reload the configuration.');
    const body = request.body;
    const empty =
      body === undefined ||
      (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
    if (!empty) throw problems.validation([], 'The reload takes no body.');
    try {
      const { files } = await store.reload(user.tenant);
      request.log.info({ files }, 'tenant configuration reloaded');
      return { data: { tenant: user.tenant, files } };
    } catch (error) {
      if (error instanceof ConfigFileError) {
        request.log.warn({ file: error.file, issues: error.issues }, 'configuration reload refused');
        throw invalidConfig(error);
      }
      throw error;
    }
  });
}

/** `GET /i18n/{tenant}/{locale}.json`: public like the config, built when the config is (re)loaded. */
export async function dictionaryService(app: FastifyInstance, options: { store: ConfigStore }): Promise<void> {
  app.get<{ Params: { tenant: string; file: string } }>(
    '/:tenant/:file',
    { schema: dictionaryDocs.get },
    async (request, reply) => {
      const match = /^([^.]+)\.json$/.exec(request.params.file);
      await options.store.ensure(request.params.tenant);
      const doc = match ? options.store.dictionary(request.params.tenant, match[1]) : undefined;
      if (!doc) throw problems.notFound('No such dictionary.');
      return sendServed(request, reply, doc);
    },
  );
}
