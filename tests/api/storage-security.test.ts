import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { fileUrl, fixtures, storedPaths, upload } from './storage-fixtures';

let server: TestServer;
let acme: { authorization: string };
let globex: { authorization: string };
const SECRET = 'TOP-SECRET-CONTENT';

beforeAll(async () => {
  server = await startTestServer();
  acme = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
  // Bait outside the tenant folders: nothing may ever read it.
  await writeFile(join(server.dataDir, 'secret.txt'), SECRET);
  await writeFile(join(server.dataDir, 'files', 'secret.txt'), SECRET);
});
afterAll(() => server?.close());

describe('path traversal', () => {
  it('never resolves a name that is not a generated one', async () => {
    const globexFile = (await upload(server, globex, 'globex.pdf', fixtures.pdf)).json().data.name as string;
    await mkdir(join(server.dataDir, 'files', 'acme'), { recursive: true });
    await writeFile(join(server.dataDir, 'files', 'acme', 'secret.txt'), SECRET);
    const names = [
      '../secret.txt',
      '../../secret.txt',
      `../globex/${globexFile}`,
      `..%2Fglobex%2F${globexFile}`,
      `..\\globex\\${globexFile}`,
      '..\\..\\secret.txt',
      '%2e%2e%2f%2e%2e%2fsecret.txt',
      '%252e%252e%252fsecret.txt',
      '/etc/passwd',
      'secret.txt',
      '.',
      '..',
      `${globexFile}/../../secret.txt`,
      globexFile.toUpperCase(),
      `${globexFile}\0`,
    ];
    for (const name of names) {
      for (const kind of ['get', 'get-directly'] as const) {
        const res = await server.app.inject({ url: fileUrl(kind, { driverUid: 'local', name }), headers: acme });
        expect(res.statusCode, `${kind} ${name}`).toBe(404);
        expect(res.body).not.toContain(SECRET);
      }
      // The same names raw in the query string and in the path of meta and delete.
      const raw = await server.app.inject({
        url: `/storage/api/files/get?driverUid=local&name=${name}`,
        headers: acme,
      });
      expect([400, 404], `raw ${name}`).toContain(raw.statusCode);
      expect(raw.body).not.toContain(SECRET);
      for (const method of ['GET', 'DELETE'] as const) {
        const path = encodeURIComponent(name);
        const url = method === 'GET' ? `/storage/api/files/${path}/meta` : `/storage/api/files/${path}`;
        const res = await server.app.inject({ method, url, headers: acme });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // globex's file is still there for globex.
    const own = await server.app.inject({
      url: fileUrl('get', { driverUid: 'local', name: globexFile }),
      headers: globex,
    });
    expect(own.statusCode).toBe(200);
  });

  it('stores under a generated name whatever the client calls the file', async () => {
    const tricky = ['../../../evil.pdf', '..\\..\\evil.pdf', '/etc/cron.d/evil.pdf', 'C:\\Windows\\evil.pdf'];
    for (const fileName of tricky) {
      const res = await upload(server, acme, fileName, fixtures.pdf);
      expect(res.statusCode, fileName).toBe(201);
      expect(res.json().data.fileName).toBe('evil.pdf');
    }
    const paths = await storedPaths(server);
    for (const path of paths.filter((p) => !p.endsWith('secret.txt')))
      expect(path).toMatch(/^(acme|globex)\/[0-9a-f-]{36}$/);
  });

  it('writes a safe Content-Disposition for any name', async () => {
    const cases: [string, string][] = [
      [
        'Preventivo è pronto.pdf',
        `attachment; filename="Preventivo e pronto.pdf"; filename*=UTF-8''Preventivo%20%C3%A8%20pronto.pdf`,
      ],
      ['fattura"; x=1.pdf', `attachment; filename="fattura__ x=1.pdf"; filename*=UTF-8''fattura%22%3B%20x%3D1.pdf`],
      ['a\u202Efdp.exe.pdf', `attachment; filename="afdp.exe.pdf"; filename*=UTF-8''afdp.exe.pdf`],
    ];
    for (const [fileName, header] of cases) {
      const { name } = (await upload(server, acme, fileName, fixtures.pdf)).json().data;
      const res = await server.app.inject({ url: fileUrl('get', { driverUid: 'local', name }), headers: acme });
      expect(res.headers['content-disposition']).toBe(header);
    }
  });
});

describe('tenant isolation', () => {
  it("never shows, serves or deletes another tenant's file", async () => {
    const { name } = (await upload(server, acme, 'riservato.pdf', fixtures.pdf)).json().data;
    for (const kind of ['get', 'get-directly'] as const) {
      const res = await server.app.inject({ url: fileUrl(kind, { driverUid: 'local', name }), headers: globex });
      expect(res.statusCode).toBe(404);
    }
    expect((await server.app.inject({ url: `/storage/api/files/${name}/meta`, headers: globex })).statusCode).toBe(404);
    const del = await server.app.inject({ method: 'DELETE', url: `/storage/api/files/${name}`, headers: globex });
    expect(del.statusCode).toBe(404);
    // Still there for acme, and under acme's folder only.
    const own = await server.app.inject({ url: fileUrl('get', { driverUid: 'local', name }), headers: acme });
    expect(own.statusCode).toBe(200);
    expect(await storedPaths(server)).toContain(`acme/${name}`);
  });

  it('answers 404 for a driver the tenant does not use, and 400 for a malformed query', async () => {
    const { name } = (await upload(server, acme, 'a.pdf', fixtures.pdf)).json().data;
    const other = await server.app.inject({ url: fileUrl('get', { driverUid: 's3', name }), headers: acme });
    expect(other.statusCode).toBe(404);
    for (const query of [
      '',
      `name=${name}`,
      `driverUid=local&name=${name}&extra=1`,
      `driverUid=local&name=${name}&name=x`,
    ]) {
      const res = await server.app.inject({ url: `/storage/api/files/get?${query}`, headers: acme });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});
