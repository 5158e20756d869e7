import type { FastifyInstance } from 'fastify';
import { HttpProblem, problems } from './errors';

/** How deep objects and arrays may nest in a body: records are shallow, attackers are not. */
export const MAX_JSON_DEPTH = 32;

/**
 * Parses a JSON request body strictly: valid JSON, at most MAX_JSON_DEPTH levels, no prototype
 * poisoning (`__proto__`, `constructor.prototype`) and no NUL characters (PostgreSQL text cannot
 * hold them, so they would otherwise surface as a database error). Every refusal is a problem
 * that names what is wrong, never a 500.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw problems.validation([], 'The request body is empty: send a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw problems.validation([], `The request body is not valid JSON (${(error as Error).message}).`);
  }
  inspect(value);
  return value;
}

/** One pass without recursion, so a hostile nesting cannot overflow the stack. */
function inspect(root: unknown): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw refuse(path, 'contains a NUL character (\\u0000), which is not allowed');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw refuse(path, `nests deeper than ${MAX_JSON_DEPTH} levels`);
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) throw refuse(at, 'has a NUL character (\\u0000) in its name');
      if (key === '__proto__') throw poisoned(at);
      if (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype'))
        throw poisoned(`${at}.prototype`);
      stack.push({ value: item, path: at, depth: depth + 1 });
    }
  }
}

function refuse(path: string, message: string): HttpProblem {
  const where = path || '(body)';
  return problems.validation(
    [{ path: where, message: `${where} ${message}`, key: 'validation.invalid', params: {} }],
    `The request body is refused: ${where} ${message}.`,
  );
}

function poisoned(path: string): HttpProblem {
  return problems.validation(
    [{ path, message: `${path} is a forbidden key (prototype poisoning)`, key: 'validation.invalid', params: {} }],
    `The request body is refused: ${path} is a forbidden key.`,
  );
}

/**
 * Bodies are JSON (or what a service registers for itself, such as the token endpoint's form or
 * multipart uploads): everything else answers 415 instead of reaching validation as a string.
 */
export function installJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
