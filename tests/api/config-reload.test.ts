import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n/index';
import type { TenantConfig } from '../../server/services/config/tenant-config';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let configDir: string;
let original: string;
const acmeFile = () => join(configDir, 'tenants', 'acme.json');

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'climatica-config-reload-'));
  await cp(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  original = await readFile(acmeFile(), 'utf8');
  server = await startTestServer({ app: { configDir } });
});
afterAll(async () => {
  await server?.close();
  await rm(configDir, { recursive: true, force: true });
});
// Each test starts from the shipped files, loaded.
beforeEach(async () => {
  await writeFile(acmeFile(), original);
  await rm(join(configDir, 'tenants', 'acme.it.json'), { force: true });
  const res = await reload('acme', 'admin');
  expect(res.statusCode, res.body).toBe(200);
});

async function reload(tenant: string, username: string, payload?: string) {
  return server.app.inject({
    method: 'POST',
    url: '/config/api/reload',
    headers: {
      ...(await server.auth(tenant, username)),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload,
  });
}
const config = (tenant = 'acme') => server.app.inject({ url: `/config/${tenant}.json` });
async function editAcme(change: (json: TenantConfig & Record<string, unknown>) => void) {
  const json = JSON.parse(original) as TenantConfig & Record<string, unknown>;
  change(json);
  await writeFile(acmeFile(), JSON.stringify(json));
}

describe('GET /config/{tenant}.json caching', () => {
  it('sends an ETag with no-cache and answers 304 while unchanged', async () => {
    const first = await config();
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await server.app.inject({ url: '/config/acme.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const dictionary = await server.app.inject({ url: '/i18n/acme/it.json' });
    expect(dictionary.headers.etag).toMatch(/^".+"$/);
  });
});

describe('POST /config/api/reload', () => {
  it('is for administrators only', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: '/config/api/reload' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (const username of ['tecnico', 'utente']) expect((await reload('acme', username)).statusCode).toBe(403);
  });

  it("reloads the caller's tenant: the new config is served, with a new ETag", async () => {
    const before = await config();
    await editAcme((json) => {
      json.brand.name = 'Acme Clima Nord';
      json.maintenanceMode.enabled = true;
    });
    expect((await config()).json().brand.name).toBe('Acme Clima');
    const res = await reload('acme', 'admin');
    expect(res.json()).toEqual({ data: { tenant: 'acme', files: ['tenants/acme.json'] } });
    const after = await config();
    expect(after.json().brand.name).toBe('Acme Clima Nord');
    expect(after.json().maintenanceMode).toEqual({ enabled: true });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("never touches another tenant's configuration", async () => {
    await editAcme((json) => {
      json.brand.name = 'Changed by nobody';
    });
    expect((await reload('globex', 'admin')).json().data.tenant).toBe('globex');
    expect((await config()).json().brand.name).toBe('Acme Clima');
  });

  it('keeps the previous config when the file is invalid, naming the file and each path', async () => {
    await editAcme((json) => {
      json.brand.primaryColor = 'blue';
      delete (json as Partial<TenantConfig>).maintenanceMode;
      (json.microservices[0] as { id: string }).id = 'payroll';
      json.features.i18n.locales[1].dictionaryUrl = '/i18n/globex/en.json';
    });
    const res = await reload('acme', 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem.title).toBe('Invalid configuration');
    expect(problem.detail).toContain('tenants/acme.json');
    expect(problem.detail).not.toContain(configDir);
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['brand.primaryColor', 'maintenanceMode', 'microservices.0.id']),
    );
    expect(problem.errors[0].params).toEqual({ file: 'tenants/acme.json' });
    expect((await config()).json().brand.primaryColor).toBe('#0b6e99');
  });

  it('names a cross-check on the dictionary URLs', async () => {
    await editAcme((json) => {
      json.features.i18n.locales[1].dictionaryUrl = '/i18n/globex/en.json';
    });
    const problem = (await reload('acme', 'admin')).json();
    expect(problem.errors).toEqual([
      expect.objectContaining({ path: 'features.i18n.locales.1.dictionaryUrl', message: 'must be /i18n/acme/en.json' }),
    ]);
  });

  it('refuses a file that is not JSON, or is gone', async () => {
    await writeFile(acmeFile(), '{"apiUrl": ');
    const broken = (await reload('acme', 'admin')).json();
    expect(broken.detail).toContain('tenants/acme.json');
    expect(broken.errors[0].message).toMatch(/not valid JSON/);
    await rm(acmeFile());
    expect((await reload('acme', 'admin')).json().errors[0].message).toBe('file not found');
    expect((await config()).statusCode).toBe(200);
  });

  it('reloads dictionary overrides, and refuses a malformed one naming its path', async () => {
    const file = join(configDir, 'tenants', 'acme.it.json');
    await writeFile(file, JSON.stringify({ validation: { required: 'Obbligatorio per Acme' } }));
    const ok = await reload('acme', 'admin');
    expect(ok.json().data.files).toEqual(['tenants/acme.json', 'tenants/acme.it.json']);
    expect((await server.app.inject({ url: '/i18n/acme/it.json' })).json().validation.required).toBe(
      'Obbligatorio per Acme',
    );

    await writeFile(file, JSON.stringify({ validation: { required: 7, email: ['x'] } }));
    const bad = (await reload('acme', 'admin')).json();
    expect(bad.detail).toContain('tenants/acme.it.json');
    expect(bad.errors.map((e: { path: string }) => e.path).sort()).toEqual(['validation.email', 'validation.required']);
    expect((await server.app.inject({ url: '/i18n/acme/it.json' })).json().validation.required).toBe(
      'Obbligatorio per Acme',
    );
    expect((await server.app.inject({ url: '/i18n/acme/en.json' })).json().validation.required).toBe(
      dictionaries.en.validation.required,
    );
  });

  it('takes no body', async () => {
    expect((await reload('acme', 'admin', '')).statusCode).toBe(200);
    expect((await reload('acme', 'admin', '{}')).statusCode).toBe(200);
    expect((await reload('acme', 'admin', '{"tenant":"globex"}')).statusCode).toBe(400);
  });
});
