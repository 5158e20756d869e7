import type { ServiceId } from '../../resources/schema';
import { apiBase, enabledService, resolveUrl } from './config';
import { appState } from './state';

/**
 * The base URL of a service the current tenant enables; undefined makes its resources unusable. Apart
 * from the providers, which reach the modules through the tenant's loading: views and pages use it too.
 */
export function serviceUrl(service: ServiceId): string | undefined {
  const state = appState.current();
  const entry = state && enabledService(state.config, service);
  return entry && state ? resolveUrl(entry.baseUrl, apiBase(state.runtime, state.config)) : undefined;
}

export const findResource = (name: string) => appState.current()?.definitions.find((d) => d.name === name);
