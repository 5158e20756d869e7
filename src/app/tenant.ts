import { createI18nProvider } from '../../i18n/provider';
import { currentUser } from '../auth/authProvider';
import { apiBase, fetchTenantConfig, resolveUrl, type RuntimeConfig, type TenantConfig } from './config';
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
export type Registry = Pick<AppState, 'definitions' | 'routesFor' | 'screens' | 'views' | 'serviceProvider'> & {
  representRecord: RepresentRecord;
  representations: Readonly<Record<string, Representation>>;
};

let registry: Promise<Registry> | null = null;

/** The resource definitions, loaded once, on demand (their chunk carries zod and every schema). */
export function loadRegistry(): Promise<Registry> {
  // A failed download is tried again by the next caller, not remembered.
  registry ??= import('./definitions').then(
    (m) => m.registry,
    (error: unknown) => {
      registry = null;
      throw error;
    },
  );
  return registry;
}

/** GET {oauth2}/tenant: the logged-in user's tenant and where its config lives. */
export async function fetchTenant(): Promise<TenantInfo> {
  const { json } = await http<{ data: TenantInfo }>(`${oauth2Url()}/tenant`);
  return json.data;
}

/** Where a tenant's config lives when nothing says otherwise: `{configBaseUrl}/{tenant}.json`. */
export function defaultConfigUrl(runtime: RuntimeConfig, tenant: string): string {
  return `${resolveUrl(runtime.configBaseUrl, runtime.apiBaseUrl)}/${encodeURIComponent(tenant)}.json`;
}

/**
 * Config, then dictionaries (docs/spa.md#navigation-pipeline, step 2): everything the app needs to render a
 * tenant. `config` is the config already being fetched from `configUrl`, when a caller started it earlier.
 */
export async function loadTenantState(
  runtime: RuntimeConfig,
  configUrl: string,
  tenant: { id: string; name: string | null },
  registry: Registry,
  config: Promise<TenantConfig> = fetchTenantConfig(configUrl),
): Promise<AppState> {
  const loaded = await config;
  const base = apiBase(runtime, loaded);
  const i18n = await createI18nProvider(loaded.features.i18n, globalThis.navigator?.languages ?? [], {
    resolveUrl: (url) => resolveUrl(url, base),
  });
  return withRegistry(
    { runtime, config: loaded, configTenant: tenant.id, configUrl, tenantName: tenant.name, i18n },
    registry,
  );
}

/** A tenant's state with the definitions' parts; `represent` is made of them and of the tenant's dictionaries. */
function withRegistry(
  state: Pick<AppState, 'runtime' | 'config' | 'configTenant' | 'configUrl' | 'tenantName' | 'i18n'>,
  registry: Registry,
): AppState {
  const { representRecord, representations, ...rest } = registry;
  const represent = recordNamer(representRecord, representations, state.i18n, tenantCurrency(state.config));
  const labelFields = (def: ResourceDefinition) =>
    Object.hasOwn(representations, def.name) ? undefined : def.recordRepresentation;
  return { ...state, represent, labelFields, ...rest };
}

/**
 * The config at the usual place of the token's tenant, fetched at once: GET {oauth2}/tenant may name
 * another place (a deployment that moves a tenant's config), and then the guess is not used. A wrong
 * guess is not an error.
 */
export function guessSessionConfig(runtime: RuntimeConfig): { url: string; config: Promise<TenantConfig> } | null {
  const claimed = currentUser(tokens)?.tenant;
  if (!claimed) return null;
  const url = defaultConfigUrl(runtime, claimed);
  const config = fetchTenantConfig(url);
  config.catch(() => undefined);
  return { url, config };
}

/** The guessed config when it is the one at `url`. */
export const guessedConfig = (guess: ReturnType<typeof guessSessionConfig>, url: string) =>
  guess && guess.url === url ? guess.config : undefined;

/** The signed-in user's tenant: GET {oauth2}/tenant and the guessed config at once, with the definitions. */
async function sessionTenantState(registry: Promise<Registry>): Promise<AppState> {
  const runtime = appState.runtime();
  const guess = guessSessionConfig(runtime);
  const [tenant, definitions] = await Promise.all([fetchTenant(), registry]);
  const configUrl = resolveUrl(tenant.configFileUrl, runtime.apiBaseUrl);
  return loadTenantState(runtime, configUrl, tenant, definitions, guessedConfig(guess, configUrl));
}

/** The signed-in user's tenant config replaces whatever is loaded (after a login, or a login in another tab). */
export async function loadSessionTenant(): Promise<void> {
  appState.set(await sessionTenantState(loadRegistry()));
}

/**
 * After a password login (docs/spa.md#boot). When the login page already shows the session tenant's config
 * (the usual case: the tenant typed is the one remembered), the app goes on at once with it and the
 * definitions (fetched while the login page showed), so the first page's own calls start right after the
 * token; GET {oauth2}/tenant runs alongside and brings the tenant's name, or a config that lives elsewhere.
 * Another tenant's login waits for its tenant answer and config, fetched together.
 */
export async function afterLogin(): Promise<void> {
  const state = appState.current();
  const tenant = currentUser(tokens)?.tenant;
  const registry = loadRegistry();
  if (!state || !tenant || state.configTenant !== tenant) {
    appState.set(await sessionTenantState(registry));
    return;
  }
  const tenantInfo = fetchTenant();
  appState.set(withRegistry({ ...state, tenantName: null }, await registry));
  void tenantInfo
    .then(async (info) => {
      const current = appState.current();
      // Another login (or tab) moved on meanwhile: this answer is not about what is shown.
      if (!current || current.configTenant !== info.id || currentUser(tokens)?.tenant !== info.id) return;
      const configUrl = resolveUrl(info.configFileUrl, appState.runtime().apiBaseUrl);
      if (configUrl === current.configUrl) appState.update({ tenantName: info.name });
      else appState.set(await loadTenantState(current.runtime, configUrl, info, await registry));
    })
    .catch((error: unknown) => console.error(error));
}

/**
 * When a password login starts: the definitions, if the login page has not fetched them yet, are fetched
 * while the server checks the password. afterLogin waits for them and reports a failure (docs/spa.md#boot).
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
