import { currentUser } from '../auth/authProvider';
import { loadLoginPage, SHELL } from '../shell';
import { fetchRuntimeConfig, resolveUrl } from './config';
import { tokens } from './session';
import { shellRoutesFor } from './shellRoutes';
import { appState } from './state';
import {
  defaultConfigUrl,
  fetchTenant,
  guessSessionConfig,
  guessedConfig,
  loadRegistry,
  loadTenantState,
} from './tenant';

/**
 * Start-up: runtime config, then the tenant config (the logged-in user's own, else the last or default
 * tenant's for the login page), then its dictionaries. A signed-in user waits for the definitions too,
 * loaded meanwhile in their own chunk (a deep link needs its route). The login page does not load them:
 * a login starts fetching them (beforeLogin), during the password check, so the login screen
 * downloads only what it shows (docs/spa.md#boot).
 */
export async function boot(): Promise<void> {
  // The login page is a route like any other, loaded on demand: fetched meanwhile when it will be needed.
  if (!tokens.read()) void loadLoginPage();
  const runtime = await fetchRuntimeConfig();
  appState.setRuntime(runtime);
  document.title = runtime.appName;
  // Error reporting only when configured, and not awaited: errors recorded meanwhile are queued.
  if (runtime.monitoringDsn.trim()) void import('./monitoring').then((m) => m.startMonitoring(runtime.monitoringDsn));

  const signedIn = tokens.read() !== null;
  const registry = signedIn ? loadRegistry() : null;
  // The tenant answer, its config (at its usual place) and the definitions, all at once.
  const guess = signedIn ? guessSessionConfig(runtime) : null;
  let configUrl: string | undefined;
  let tenant: { id: string; name: string | null } | undefined;
  if (signedIn) {
    try {
      const info = await fetchTenant();
      configUrl = resolveUrl(info.configFileUrl, runtime.apiBaseUrl);
      tenant = info;
    } catch (error) {
      // The session is no longer valid: show the login page with the last tenant's config; checkAuth cleans up.
      console.error(error);
    }
  }
  const id = tenant?.id ?? currentUser(tokens)?.tenant ?? tokens.lastTenant() ?? runtime.defaultTenant;
  configUrl ??= defaultConfigUrl(runtime, id);
  const empty = {
    definitions: [],
    representRecord: () => '',
    representations: {},
    routesFor: shellRoutesFor,
    screens: SHELL.screens ?? {},
    views: {},
  };
  appState.set(
    await loadTenantState(
      runtime,
      configUrl,
      tenant ?? { id, name: null },
      registry ? await registry : empty,
      guessedConfig(guess, configUrl),
    ),
  );
}
