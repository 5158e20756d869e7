import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, passwordForm, PASSWORD, startTestServer, type TestServer } from './helpers';

/** Every JSON line the server logs. */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ app: { logger: { level: 'info', stream } } });
});
afterAll(() => server?.close());

describe('structured logs', () => {
  it('are pino JSON lines with the request id, reused from a well-formed X-Request-Id', async () => {
    const res = await server.app.inject({
      url: '/runtime-config.json',
      headers: { 'x-request-id': 'trace-abcdef123456' },
    });
    expect(res.headers['x-request-id']).toBe('trace-abcdef123456');
    const mine = lines.filter((l) => l.reqId === 'trace-abcdef123456');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/runtime-config.json' } });
    expect(mine[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
  });

  it('carries the tenant and username on authenticated requests', async () => {
    const headers = { ...(await server.auth('globex', 'admin')), 'x-request-id': 'trace-authenticated-1' };
    await server.app.inject({ url: '/address-book/api/contacts?pageSize=1', headers });
    const completed = lines.find((l) => l.reqId === 'trace-authenticated-1' && l.msg === 'request completed');
    expect(completed).toMatchObject({ tenant: 'globex', username: 'admin', res: { statusCode: 200 } });
  });

  it('never writes credentials: tokens, passwords, client secrets', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      payload: passwordForm('acme', 'admin'),
      headers: FORM,
    });
    const { AccessToken, RefreshToken } = login.json();
    await server.app.inject({
      url: `/notifications/api/notifications/stream?access_token=${AccessToken}`,
      headers: { authorization: `Bearer ${AccessToken}`, accept: 'application/json' },
    });
    await server.app.inject({
      url: '/nowhere',
      headers: { authorization: `Bearer ${AccessToken}`, cookie: 'sid=s3cret' },
    });
    // Whatever code logs an object with secrets in it gets them blanked.
    server.app.log.info(
      {
        password: PASSWORD,
        user: { password: PASSWORD, client_secret: 'backoffice-secret' },
        headers: { authorization: 'x' },
      },
      'an object with secrets',
    );
    const text = raw.join('\n');
    for (const secret of [AccessToken, RefreshToken, PASSWORD, 'backoffice-secret', 's3cret'])
      expect(text.includes(secret), `leaked ${secret.slice(0, 12)}`).toBe(false);
    const logged = lines.find((l) => l.msg === 'an object with secrets');
    expect(logged).toMatchObject({
      password: '[redacted]',
      user: { password: '[redacted]', client_secret: '[redacted]' },
      headers: { authorization: '[redacted]' },
    });
  });
});
