import { currentUser } from '../../auth/authProvider';
import { enabledService } from '../config';
import { refresher, tokens } from '../session';
import { appState } from '../state';
import { ensureSessionTenant } from '../tenant';
import type { NavigationSteps } from './pipeline';

/**
 * Step 3: a fresh token answers at once; an expired one is refreshed (one call for every tab and
 * request that needs it); with no usable token, storage is cleared (docs/spa.md#session).
 */
function authenticate(): boolean | Promise<boolean> {
  const token = tokens.read();
  if (token && !tokens.isExpired(token)) return true;
  if (!token) return false;
  return refresher.refresh(token.accessToken).then((ok) => {
    if (!ok) tokens.clear();
    return ok;
  });
}

/** The navigation pipeline's steps, on the app's session and state. */
export const appNavigationSteps: NavigationSteps = {
  loadConfig: ensureSessionTenant,
  // "Config not loaded: console error only" (docs/spa.md#navigation-pipeline).
  configError: (error) => console.error(error),
  authenticate,
  maintenance: () => appState.get().config.maintenanceMode.enabled,
  moduleEnabled: (module) => enabledService(appState.get().config, module) !== undefined,
  user: () => currentUser(tokens),
};
