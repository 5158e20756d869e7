import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n/index';
import { loadTenantConfigs } from '../../server/services/config/tenant-config';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (url: string) => server.app.inject({ url });

describe('runtime configuration and health', () => {
  it('publishes the runtime configuration of the contract', async () => {
    const res = await get('/runtime-config.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      apiBaseUrl: '',
      appName: 'Climatica',
      oauth2Url: '/oauth2',
      configBaseUrl: '/config',
      clientId: 'backoffice',
      clientSecret: 'backoffice-secret',
      defaultTenant: 'acme',
      monitoringDsn: '',
    });
  });

  it('answers /health', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
  });

  it('answers unknown routes with a 404 problem', async () => {
    const res = await get('/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404, errors: [] });
  });
});

describe('tenant configs', () => {
  it('serves each tenant its own brand and the enabled microservices', async () => {
    const acme = (await get('/config/acme.json')).json();
    const globex = (await get('/config/globex.json')).json();
    expect(acme.apiUrl).toBe('');
    expect(acme.brand).toEqual({ name: 'Acme Clima', logoUrl: null, primaryColor: '#0b6e99' });
    expect(globex.brand.name).not.toBe(acme.brand.name);
    expect(globex.brand.primaryColor).not.toBe(acme.brand.primaryColor);
    expect(acme.features.i18n).toEqual({
      defaultLocale: 'it',
      locales: [
        { locale: 'it', dictionaryUrl: '/i18n/acme/it.json' },
        { locale: 'en', dictionaryUrl: '/i18n/acme/en.json' },
      ],
    });
    expect(acme.maintenanceMode).toEqual({ enabled: false });
    expect(acme.currency).toBe('EUR');
    const ids = acme.microservices.map((m: { id: string }) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'oauth2',
        'storage',
        'notifications',
        'address-book',
        'wfm',
        'warehouse',
        'sales',
        'ticketing',
        'export',
      ]),
    );
    expect(acme.microservices.find((m: { id: string }) => m.id === 'address-book')).toEqual({
      id: 'address-book',
      alias: 'Rubrica',
      baseUrl: '/address-book',
      showInContextMenu: true,
      enabled: true,
    });
  });

  it('answers 404 for an unknown tenant', async () => {
    expect((await get('/config/initech.json')).statusCode).toBe(404);
    expect((await get('/config/acme')).statusCode).toBe(404);
  });

  it('refuses an invalid config file naming the file and the path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'climatica-config-'));
    try {
      await cp(resolve(import.meta.dirname, '../../config'), dir, { recursive: true });
      const broken = JSON.parse(JSON.stringify((await get('/config/acme.json')).json()));
      broken.brand.primaryColor = 'blue';
      delete broken.maintenanceMode;
      await writeFile(join(dir, 'tenants', 'broken.json'), JSON.stringify(broken));
      const error = await loadTenantConfigs(dir).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain('broken.json');
      expect((error as Error).message).toContain('brand.primaryColor');
      expect((error as Error).message).toContain('maintenanceMode');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('dictionaries', () => {
  it('serves the app catalogue with react-admin messages, per locale', async () => {
    const it_ = await get('/i18n/acme/it.json');
    expect(it_.statusCode).toBe(200);
    const body = it_.json();
    expect(body.validation.required).toBe(dictionaries.it.validation.required);
    expect(typeof body.ra).toBe('object');
    const en = (await get('/i18n/globex/en.json')).json();
    expect(en.validation.required).toBe(dictionaries.en.validation.required);
  });

  it('answers 404 for an unknown tenant or locale', async () => {
    expect((await get('/i18n/initech/it.json')).statusCode).toBe(404);
    expect((await get('/i18n/acme/fr.json')).statusCode).toBe(404);
  });
});
