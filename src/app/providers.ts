import type { ServiceId } from '../../resources/schema';
import { createDataProvider } from '../../dataProviders/composite';
import { createAuthProvider } from '../auth/authProvider';
import { apiBase, enabledService, resolveUrl } from './config';
import { client, http, refresher, tokenUrl, tokens } from './session';
import { appState } from './state';
import { afterLogin } from './tenant';

/** The base URL of a service the current tenant enables; undefined makes its resources unusable. */
export function serviceUrl(service: ServiceId): string | undefined {
  const state = appState.current();
  const entry = state && enabledService(state.config, service);
  return entry && state ? resolveUrl(entry.baseUrl, apiBase(state.runtime, state.config)) : undefined;
}

export const findResource = (name: string) => appState.current()?.definitions.find((d) => d.name === name);

export const dataProvider = createDataProvider({ http, serviceUrl, findResource });

export const authProvider = createAuthProvider({
  tokens,
  refresher,
  tokenUrl,
  client,
  afterLogin,
  findResource,
  isServiceEnabled: (service) => serviceUrl(service) !== undefined,
});
