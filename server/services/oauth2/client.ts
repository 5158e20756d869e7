import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { OAuthError } from './oauth-errors';

export interface OAuthClient {
  id: string;
  secret: string;
}

const MAX_PARAM_LENGTH = 1024;

/** Form parameters as single strings; a repeated parameter is an error per RFC 6749 section 3.1. */
export function formParams(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null)
    throw new OAuthError('invalid_request', 'Expected a form-encoded body');
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string')
      throw new OAuthError('invalid_request', `Parameter ${key} must be given once, as text`);
    if (value.length > MAX_PARAM_LENGTH) throw new OAuthError('invalid_request', `Parameter ${key} is too long`);
    out[key] = value;
  }
  return out;
}

export function requireParams(form: Record<string, string>, names: string[]): void {
  const missing = names.filter((name) => !form[name]);
  if (missing.length > 0) throw new OAuthError('invalid_request', `Missing parameter(s): ${missing.join(', ')}`);
}

const sameText = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The client authenticates in the body (as the SPA does) or with HTTP Basic (RFC 6749 2.3.1). */
export function authenticateClient(
  request: FastifyRequest,
  form: Record<string, string>,
  clients: readonly OAuthClient[],
): OAuthClient {
  let id = form.client_id;
  let secret = form.client_secret;
  const basic = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      if (colon < 0) throw new Error('no colon');
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials');
    }
  }
  if (!id) throw new OAuthError('invalid_client', 'Missing client_id');
  const client = clients.find((c) => c.id === id);
  if (!client || !sameText(client.secret, secret ?? ''))
    throw new OAuthError('invalid_client', 'Unknown client or wrong secret');
  return client;
}

/** Fastify's schema for a form body: documentation only, validation is ours (RFC 6749 errors). */
export function formSchema(properties: Record<string, string>) {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, description]) => [name, { type: 'string', description }]),
    ),
  } as const;
}
