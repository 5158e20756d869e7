import { createI18nProvider } from '../../i18n/provider';
import { currentUser } from '../auth/authProvider';
import { apiBase, fetchTenantConfig, resolveUrl, type RuntimeConfig } from './config';
import { tenantCurrency } from './format';
import type { ResourceDefinition } from '../../resources/schema';
import type { Representation } from './manifest';
import { recordNamer, type RepresentRecord } from './represent';
import { http, oauth2Url, tokens } from './session';
import { appState, type AppState } from './state';

interface TenantInfo {
  id: string;
  name: string;
  configFileUrl: string;
}

/**
 * What the definitions' chunk brings: AppState's parts, and what its `represent` is made of once the
 * tenant's dictionaries and currency are known (recordNamer).
 */
export type Registry = Pick<AppState, 'definitions' | 'routesFor' | 'screens' | 'views'> & {
  representRecord: RepresentRecord;
  representations: Readonly<Record<string, Representation>>;
};

let registry: Promise<Registry> | null = null;

/** The resource definitions, loaded once, on demand (their chunk carries zod and every schema). */
export function loadRegistry(): Promise<Registry> {
  registry ??= import('./definitions').then((m) => m.registry);
  return registry;
}

/** GET {oauth2}/tenant: the logged-in user's tenant and where its config lives. */
export async function fetchTenant(): Promise<TenantInfo> {
  const { json } = await http<{ data: TenantInfo }>(`${oauth2Url()}/tenant`);
  return json.data;
}

/** Config, then dictionaries (docs/spa.md#navigation-pipeline, step 2): everything the app needs to render a tenant. */
export async function loadTenantState(
  runtime: RuntimeConfig,
  configUrl: string,
  tenant: { id: string; name: string | null },
  registry: Registry,
): Promise<AppState> {
  const config = await fetchTenantConfig(configUrl);
  const base = apiBase(runtime, config);
  const i18n = await createI18nProvider(config.features.i18n, globalThis.navigator?.languages ?? [], {
    resolveUrl: (url) => resolveUrl(url, base),
  });
  const { representRecord, representations, ...rest } = registry;
  const represent = recordNamer(representRecord, representations, i18n, tenantCurrency(config));
  const labelFields = (def: ResourceDefinition) =>
    Object.hasOwn(representations, def.name) ? undefined : def.recordRepresentation;
  return { runtime, config, configTenant: tenant.id, tenantName: tenant.name, i18n, represent, labelFields, ...rest };
}

/** The signed-in user's tenant config replaces whatever is loaded (after a login, or a login in another tab). */
export async function loadSessionTenant(): Promise<void> {
  const runtime = appState.runtime();
  const [tenant, definitions] = await Promise.all([fetchTenant(), loadRegistry()]);
  const configUrl = resolveUrl(tenant.configFileUrl, runtime.apiBaseUrl);
  appState.set(await loadTenantState(runtime, configUrl, tenant, definitions));
}

/** After a password login: the tenant's own config replaces the one shown on the login page. */
export const afterLogin = loadSessionTenant;

/**
 * When a password login starts: the definitions, which the login page never loads, are fetched while the
 * server checks the password. afterLogin waits for them and reports a failure (docs/spa.md#boot).
 */
export function beforeLogin(): void {
  loadRegistry().catch(() => undefined);
}

let reloading: Promise<void> | null = null;

/**
 * Step 2 of every navigation: the config and dictionaries must be those of the session's tenant. They
 * are, unless another tab signed in to another tenant meanwhile (the token is shared); then they are
 * loaded again, once for however many navigations ask. Nothing to do answers at once.
 */
export function ensureSessionTenant(): void | Promise<void> {
  const sessionTenant = currentUser(tokens)?.tenant;
  const state = appState.current();
  if (
    state &&
    (!sessionTenant || state.configTenant === sessionTenant) &&
    (!sessionTenant || state.definitions.length > 0)
  ) {
    return;
  }
  reloading ??= loadSessionTenant().finally(() => {
    reloading = null;
  });
  return reloading;
}
