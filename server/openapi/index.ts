import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
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

/**
 * The OpenAPI 3.1 document of every route, generated from route schemas (definitions give the
 * generic CRUD ones), at /docs/json, with Swagger UI at /docs served from our own origin. Must be
 * registered before any route, since the document is collected as routes are added.
 */
export async function registerOpenApi(app: FastifyInstance, info: { title: string }): Promise<void> {
  const routes: RouteRecord[] = [];
  catalogues.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, hidden: Boolean((route.schema as Schema | undefined)?.hide) });
    }
  });

  await app.register(swagger, {
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

  // One document per service besides the whole one: Swagger UI stops rendering part way through the
  // whole product's (90 paths, 30 tags), and a reader looks at one service at a time anyway.
  app.get<{ Params: { section: string } }>(
    '/docs/json/:section',
    { schema: { hide: true } },
    async (request, reply) => {
      const document = app.swagger() as unknown as Record<string, unknown>;
      const section = sectionDocument(document, request.params.section);
      if (!section) return reply.code(404).type('application/problem+json').send(notFound(request.params.section));
      return section;
    },
  );

  await app.register(swaggerUi, {
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
