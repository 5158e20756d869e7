import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { SCHEMA_COMPILERS } from '../http/server-options';
import { DOC_SECTIONS, sectionDocument, withSharedComponents } from './components';
import { KNOWN_ROUTES } from './known-routes';
import { expandDocs } from './lazy';
import { fromRoot } from '../paths';

export interface RouteRecord {
  method: string;
  url: string;
  /** A route that opted out of the document (static files, the docs page itself). */
  hidden: boolean;
}

const VERSION = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;

const catalogues = new WeakMap<FastifyInstance, RouteRecord[]>();

/** Every route registered after registerOpenApi, HEAD excluded: what /docs must list. */
export function registeredRoutes(app: FastifyInstance): readonly RouteRecord[] {
  return catalogues.get(app) ?? [];
}

type Schema = Record<string, unknown> & { tags?: string[]; summary?: string; hide?: boolean };

/** The tag of a route without one: its service, i.e. the first path segment. */
function defaultTag(url: string): string {
  const first = url.split('/').find((part) => part !== '') ?? '';
  return first === '' || first.includes('.') || first === 'health' ? 'operations' : first;
}

/** A route's documentation: its own schema, completed by the known routes' and a default tag. */
function documented(schema: Schema | undefined, method: string, url: string): Schema {
  const known = KNOWN_ROUTES[`${method} ${url}`] ?? {};
  const merged: Schema = { ...known, ...(schema ?? {}) };
  if (!merged.tags || merged.tags.length === 0) merged.tags = [defaultTag(url)];
  return merged;
}

/** Headers of the documentation instance's answers that the answer through the server's own reply must not repeat. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The OpenAPI 3.1 document of every route, generated from route schemas (definitions give the
 * generic CRUD ones), at /docs/json, with Swagger UI at /docs served from our own origin. Must be
 * registered before any route, since the routes are collected as they are added.
 *
 * The document and its page are served by a Fastify instance of their own, built on the first
 * request under /docs (docs/deployment.md#start-up-time): @fastify/swagger, Swagger UI and the
 * JSON Schemas of every route (lazy.ts) cost each start a good share of its time, for a page few
 * people open. That instance is given the collected routes again (schemas only, no handlers), and
 * its answers go out through this server's reply, with its headers and hooks.
 */
export async function registerOpenApi(app: FastifyInstance, info: { title: string }): Promise<void> {
  const routes: RouteRecord[] = [];
  const collected: { method: string; url: string; schema?: Schema }[] = [];
  catalogues.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, hidden: Boolean((route.schema as Schema | undefined)?.hide) });
      // The documentation instance serves /docs itself.
      if (route.url !== '/docs' && !route.url.startsWith('/docs/'))
        collected.push({ method, url: route.url, schema: route.schema as Schema | undefined });
    }
  });

  // Built once; a failed build is tried again by the next request rather than kept.
  let building: Promise<FastifyInstance> | undefined;
  const docs = () =>
    (building ??= documentationApp(info, collected).catch((error: unknown) => {
      building = undefined;
      throw error;
    }));
  app.addHook('onClose', async () => {
    await (await building?.catch(() => undefined))?.close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (
      await docs()
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    // Not a page of the documentation: this server's own 404.
    if (answer.statusCode === 404 && !String(answer.headers['content-type']).includes('problem+json'))
      return reply.callNotFound();
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    return reply.send(answer.rawPayload);
  };
  app.get('/docs', { schema: { hide: true } }, forward);
  app.get('/docs/*', { schema: { hide: true } }, forward);
}

/** The instance serving /docs: the document of the collected routes, one per section, Swagger UI. */
async function documentationApp(
  info: { title: string },
  collected: readonly { method: string; url: string; schema?: Schema }[],
): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false, schemaController: { compilersFactory: SCHEMA_COMPILERS } });
  await docs.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${info.title} API`,
        version: VERSION,
        description:
          'Every service of the back-office. Errors (but the token endpoint’s) are application/problem+json ' +
          'with per-field `errors`. The tenant always comes from the bearer token.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      return { schema: documented(expandDocs(schema as Schema | undefined), method, url) as never, url };
    },
    transformObject: (documentObject) =>
      withSharedComponents(
        ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as never,
      ),
  });
  // The server's routes again, for the document only: their handlers are the server's.
  const unused = async () => undefined;
  for (const route of collected)
    docs.route({ method: route.method, url: route.url, schema: route.schema, handler: unused, exposeHeadRoute: false });

  // One document per service besides the whole one: Swagger UI stops rendering part way through the
  // whole product's (90 paths, 30 tags), and a reader looks at one service at a time anyway.
  docs.get<{ Params: { section: string } }>(
    '/docs/json/:section',
    { schema: { hide: true } },
    async (request, reply) => {
      const document = docs.swagger() as unknown as Record<string, unknown>;
      const section = sectionDocument(document, request.params.section);
      if (!section) return reply.code(404).type('application/problem+json').send(notFound(request.params.section));
      return section;
    },
  );

  await docs.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: {
      // No calls to swagger.io's validator: the page talks to this origin only, as the CSP demands.
      validatorUrl: null,
      deepLinking: true,
      docExpansion: 'list',
      urls: DOC_SECTIONS.map((name) => ({ name, url: `/docs/json/${name}` })),
    },
    staticCSP: false,
  });
  await docs.ready();
  return docs;
}

function notFound(section: string) {
  return {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: `No API section ${section}; sections: ${DOC_SECTIONS.join(', ')}`,
    errors: [{ path: 'section', message: `Unknown section ${section}` }],
  };
}
