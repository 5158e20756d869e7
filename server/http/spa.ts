import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A year: what a file whose name changes with its content may be kept for (RFC 8246 `immutable`). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked again every time: an ETag or Last-Modified turns the answer into a 304. */
export const REVALIDATE = 'no-cache';

/**
 * A file Vite named after its content (`assets/<name>-<hash>.<ext>`, the hash eight URL-safe base64
 * characters), with or without its `.br`/`.gz` twin's extension.
 */
const HASHED = /^assets\/[^/]+-[\w-]{8}\.[a-z\d]+(?:\.(?:br|gz))?$/i;

export const cacheControlFor = (file: string): string => (HASHED.test(file) ? IMMUTABLE : REVALIDATE);

export interface SpaOptions {
  /** The built SPA (`npm run build`); nothing is served when the folder does not exist. */
  staticDir?: string;
  /** What `/runtime-config.json` answers (docs/wire-contract.md#runtime-config). */
  runtimeConfig: Record<string, unknown>;
}

/**
 * The SPA's files and its runtime configuration (docs/architecture.md#serving-the-spa).
 *
 * - Each text file has a brotli and a gzip twin made at build (vite.config.ts): the browser gets the one
 *   its Accept-Encoding names first that exists, else the file as it is; always with
 *   `Vary: Accept-Encoding` so a shared cache keeps them apart.
 * - Files named after their content are kept a year (`immutable`: a reload asks nothing); the rest
 *   (`index.html`, `favicon.svg`, `runtime-config.json`) are revalidated each time, cheaply, by ETag.
 * - Source maps stay in dist for error monitoring and are never served (404).
 */
export async function spaRoutes(app: FastifyInstance, options: SpaOptions): Promise<void> {
  // An ETag on the runtime config alone (its own scope): the other routes have theirs or need none.
  await app.register(async (scope) => {
    await scope.register(fastifyEtag);
    scope.get('/runtime-config.json', async (_request, reply) =>
      reply.header('cache-control', REVALIDATE).send(options.runtimeConfig),
    );
  });

  const root = options.staticDir;
  if (!root || !existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    // index.html is served for / by default; the hash router needs no other fallback.
    // An array: with preCompressed a plain string is not looked up, and / would answer 404.
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    // Set per file below; @fastify/static's own would be `public, max-age=0` for everything.
    cacheControl: false,
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(relative(root, path).split(sep).join('/')));
    },
  });
}
