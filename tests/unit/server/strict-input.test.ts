import { describe, expect, it } from 'vitest';
import { databaseProblem, isDatabaseError, type DatabaseError } from '../../../server/http/db-errors';
import { HttpProblem } from '../../../server/http/errors';
import { MAX_JSON_DEPTH, parseJsonBody } from '../../../server/http/json-body';
import { redactUrl, requestId } from '../../../server/http/logging';
import { parseListQueryString } from '../../../server/http/query-string';
import { contentSecurityPolicy, originOf } from '../../../server/http/security-headers';

function refusal(text: string): HttpProblem {
  try {
    parseJsonBody(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpProblem);
    return error as HttpProblem;
  }
  throw new Error(`accepted: ${text}`);
}

describe('parseJsonBody', () => {
  it('parses ordinary JSON, __proto__-free', () => {
    expect(parseJsonBody('{"a":[1,{"b":"c"}],"constructor":"fine"}')).toEqual({
      a: [1, { b: 'c' }],
      constructor: 'fine',
    });
  });

  it('refuses empty and malformed bodies', () => {
    expect(refusal('  ').message).toMatch(/empty/);
    expect(refusal('{"a":').message).toMatch(/not valid JSON/);
  });

  it('refuses prototype poisoning at any depth, naming the path', () => {
    expect(refusal('{"__proto__":{"x":1}}').errors[0].path).toBe('__proto__');
    expect(refusal('{"a":[{"__proto__":null}]}').errors[0].path).toBe('a[0].__proto__');
    expect(refusal('{"a":{"constructor":{"prototype":{}}}}').errors[0].path).toBe('a.constructor.prototype');
  });

  it(`bounds nesting at ${MAX_JSON_DEPTH} levels, without recursion`, () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(parseJsonBody(nested(MAX_JSON_DEPTH))).toBeDefined();
    expect(refusal(nested(MAX_JSON_DEPTH + 1)).message).toMatch(/deeper than/);
    expect(refusal(nested(100_000)).status).toBe(400);
  });

  it('refuses NUL characters in values and keys', () => {
    expect(refusal('{"name":"a\\u0000b"}').errors[0].path).toBe('name');
    expect(refusal('{"a\\u0000":1}').errors[0].message).toMatch(/NUL/);
  });
});

describe('parseListQueryString limits', () => {
  const issues = (raw: string) => parseListQueryString(raw).issues;

  it('refuses an overlong query string before parsing it', () => {
    expect(issues(`page=${'1'.repeat(9000)}`)).toEqual([
      { param: '', message: expect.stringMatching(/longer than 8192/) },
    ]);
  });

  it('names brackets nested deeper than the contract, and cuts hostile names short', () => {
    expect(issues('filters[0][value][0][x]=1')[0]).toMatchObject({
      message: expect.stringMatching(/nests too deeply/),
    });
    expect(issues('options[a][b][c][d]=1')[0].message).toMatch(/nests too deeply/);
    const [issue] = issues(`${'k'.repeat(70)}=1`);
    expect(issue.param).toHaveLength(67);
    expect(issues('a%01b=1')[0].param).toBe('a?b');
  });

  it('refuses NUL in values', () => {
    expect(issues('filters[0][field]=a&filters[0][operator]=eq&filters[0][value]=%00')[0].message).toMatch(/NUL/);
  });
});

describe('database errors as problems', () => {
  const error = (fields: Partial<DatabaseError>): DatabaseError =>
    Object.assign(new Error(fields.message ?? 'db'), { severity: 'ERROR', code: '00000', ...fields });

  it('recognises pg and PGlite errors only', () => {
    expect(isDatabaseError(error({ code: '23505' }))).toBe(true);
    expect(isDatabaseError(new Error('plain'))).toBe(false);
    expect(isDatabaseError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
  });

  it('turns a unique violation into a 409 naming the field, never the tenant', () => {
    const problem = databaseProblem(
      error({ code: '23505', detail: 'Key (tenant_id, vat_number)=(acme, 123) already exists.' }),
    );
    expect(problem).toMatchObject({ status: 409, errors: [{ path: 'vatNumber', key: 'validation.unique' }] });
  });

  it('turns out-of-range and malformed values into a 400, and leaves other errors alone', () => {
    expect(databaseProblem(error({ code: '22008' }))?.status).toBe(400);
    expect(
      databaseProblem(error({ code: '23503', detail: 'Key (id)=(x) is still referenced from table "y".' }))?.status,
    ).toBe(409);
    expect(databaseProblem(error({ code: '42P01' }))).toBeUndefined();
  });
});

describe('request ids, redaction, CSP', () => {
  const raw = (header?: string) => ({ headers: header === undefined ? {} : { 'x-request-id': header } }) as never;

  it('reuses a well-formed X-Request-Id and generates one otherwise', () => {
    expect(requestId(raw('abc-12345678'))).toBe('abc-12345678');
    for (const bad of [undefined, 'short', 'has space 123456', 'x'.repeat(200), '<script>alert(1)</script>'])
      expect(requestId(raw(bad))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('blanks credentials in logged URLs', () => {
    expect(redactUrl('/stream?access_token=abc.def&x=1&token=zz')).toBe(
      '/stream?access_token=[redacted]&x=1&token=[redacted]',
    );
  });

  it('builds a strict CSP, opening connect-src only to the origins given', () => {
    const csp = contentSecurityPolicy(['https://api.example.it']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("connect-src 'self' https://api.example.it;");
    expect(originOf('https://o1.ingest.example.io/42?x')).toBe('https://o1.ingest.example.io');
    expect(originOf('/relative')).toBeUndefined();
    expect(originOf('javascript:alert(1)')).toBeUndefined();
  });
});
