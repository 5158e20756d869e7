import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../dataProviders/composite';
import { parseRuntimeConfig } from '../../../src/app/config';
import { shellRoutesFor } from '../../../src/app/shellRoutes';

const runtime = {
  apiBaseUrl: '',
  appName: 'Climatica',
  oauth2Url: '/oauth2',
  configBaseUrl: '/config',
  clientId: 'backoffice',
  clientSecret: 'secret',
  defaultTenant: 'acme',
  monitoringDsn: '',
};

describe('runtime configuration (read at start)', () => {
  it('has the fetch base URL, app name, client id and secret, default tenant and monitoring setting', () => {
    expect(parseRuntimeConfig(runtime)).toEqual(runtime);
    expect(parseRuntimeConfig({ ...runtime, monitoringDsn: 'https://k@errors.example.it/1' }).monitoringDsn).toBe(
      'https://k@errors.example.it/1',
    );
  });

  it('lets the base URL and the monitoring setting default to empty', () => {
    const { apiBaseUrl: _a, monitoringDsn: _m, ...rest } = runtime;
    expect(parseRuntimeConfig(rest)).toMatchObject({ apiBaseUrl: '', monitoringDsn: '' });
  });

  it('fails at start-up naming what is missing or wrong', () => {
    const { clientSecret: _c, ...rest } = runtime;
    expect(() => parseRuntimeConfig(rest)).toThrow(/clientSecret/);
    expect(() => parseRuntimeConfig({ ...runtime, monitoringDsn: 3 })).toThrow(/monitoringDsn/);
    expect(() => parseRuntimeConfig(null)).toThrow(/appName/);
  });
});

describe('routes before the definitions arrive', () => {
  it('are the shell screens the build has', () => {
    const paths = shellRoutesFor({ screens: new Set(['login', 'forgot-password']) }).map((r) => r.path);
    expect(paths).toEqual(['/login', '/forgot-password']);
  });
});

describe('data provider', () => {
  it('asks react-admin for abort signals, so a page left early cancels its calls', async () => {
    const http = vi.fn();
    const provider = createDataProvider({
      http,
      serviceUrl: () => undefined,
      findResource: () => undefined,
      serviceProvider: () => undefined,
    });
    expect(provider.supportAbortSignal).toBe(true);
    // Other properties still answer as before: a method per name, never a thenable.
    expect(typeof provider.getList).toBe('function');
    expect((provider as unknown as { then?: unknown }).then).toBeFalsy();
  });
});
