import { combineDataProviders, type DataProvider } from 'react-admin';
import type { ResourceDefinition, ServiceId } from '../resources/schema';
import type { HttpClient } from './http';

export interface CompositeOptions {
  http: HttpClient;
  /** The base URL of an enabled microservice in the current tenant config, undefined when not usable. */
  serviceUrl: (service: ServiceId) => string | undefined;
  findResource: (name: string) => ResourceDefinition | undefined;
}

/**
 * A DataProvider whose implementation loads on first use. The service provider needs the definitions'
 * helpers, and with them zod: loading them on demand keeps both out of the app's entry chunk.
 */
function lazyDataProvider(load: () => Promise<DataProvider>): DataProvider {
  return new Proxy({} as DataProvider, {
    get: (_, method) =>
      // react-admin awaits providers in places: a `then` would make this object look like a promise.
      method === 'then' || typeof method === 'symbol'
        ? undefined
        : async (...args: unknown[]) => {
            const provider = (await load()) as unknown as Record<string, (...a: unknown[]) => unknown>;
            return provider[method](...args);
          },
  });
}

/**
 * One DataProvider for the whole app: each resource goes to the microservice its definition names, at
 * the URL the tenant config gives. URLs are looked up on every call so a tenant switch needs no rebuild.
 */
export function createDataProvider({ http, serviceUrl, findResource }: CompositeOptions): DataProvider {
  const definition = (resource: string) => {
    const def = findResource(resource);
    if (!def) throw new Error(`Unknown resource ${resource}`);
    return def;
  };
  const byUrl = new Map<string, DataProvider>();
  const combined = combineDataProviders((resource) => {
    const baseUrl = serviceUrl(definition(resource).service);
    // A module is usable only if the tenant lists it among its enabled microservices (docs/spa.md#users-and-areas).
    if (!baseUrl) throw new Error(`Service ${definition(resource).service} is not enabled for this tenant`);
    let provider = byUrl.get(baseUrl);
    if (!provider) {
      const loaded = import('./service').then((m) => m.createServiceProvider({ http, baseUrl, definition }));
      provider = lazyDataProvider(() => loaded);
      byUrl.set(baseUrl, provider);
    }
    return provider;
  });
  // react-admin passes an AbortSignal only to a provider that says it supports one: then a page left
  // before its queries answered (a dashboard's counts) cancels them instead of holding connections.
  return new Proxy(combined, {
    get: (target, name, receiver) => (name === 'supportAbortSignal' ? true : Reflect.get(target, name, receiver)),
  });
}
