import { combineDataProviders, type DataProvider } from 'react-admin';
import type { ResourceDefinition, ServiceId } from '../resources/schema';
import type { HttpClient } from './http';
import type { createServiceProvider } from './service';

export interface CompositeOptions {
  http: HttpClient;
  /** The base URL of an enabled microservice in the current tenant config, undefined when not usable. */
  serviceUrl: (service: ServiceId) => string | undefined;
  findResource: (name: string) => ResourceDefinition | undefined;
  /**
   * The service provider's factory (./service), which arrives with the definitions: both need zod and the
   * schemas, which stay out of the entry chunk. No resource is known before they arrive, so no call
   * needs it earlier; it is a plain function, not a module loaded on the first call.
   */
  serviceProvider: () => typeof createServiceProvider | undefined;
}

/**
 * One DataProvider for the whole app: each resource goes to the microservice its definition names, at
 * the URL the tenant config gives. URLs are looked up on every call so a tenant switch needs no rebuild.
 */
export function createDataProvider({
  http,
  serviceUrl,
  findResource,
  serviceProvider,
}: CompositeOptions): DataProvider {
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
      const create = serviceProvider();
      if (!create) throw new Error(`Unknown resource ${resource}`);
      provider = create({ http, baseUrl, definition });
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
