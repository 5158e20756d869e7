import { useSyncExternalStore } from 'react';
import type { I18nProvider } from 'react-admin';
import type { ResourceDefinition } from '../../resources/schema';
import type { RuntimeConfig, TenantConfig } from './config';
import type { createServiceProvider } from '../../dataProviders/service';
import type { ViewOverrides } from '../views/overrides';
import type { Available, LazyScreen, RouteEntry } from './manifest';

/** What the app knows once booted; it changes when a login switches tenant (config, brand, dictionaries). */
export interface AppState {
  runtime: RuntimeConfig;
  config: TenantConfig;
  /** The tenant whose config is loaded: the session's, else the last or default one (login page). */
  configTenant: string;
  /** Where that config was read: a login to the same tenant reuses it when the tenant answer names it too. */
  configUrl: string;
  /** The tenant's display name from GET {oauth2}/tenant; null before login. */
  tenantName: string | null;
  i18n: I18nProvider;
  /** Empty until the registry chunk arrives (src/app/definitions.ts); always there once signed in. */
  definitions: readonly ResourceDefinition[];
  /**
   * A record's name in titles, links and pickers: its module's translated representation, else
   * representRecord of resources/schema, loaded with the definitions (it comes with zod, off the entry chunk).
   */
  represent: (def: ResourceDefinition, record: Record<string, unknown>) => string;
  /**
   * The fields `represent` reads of a record (a reference link asks only those): the definition's
   * recordRepresentation, undefined when a module's own representation names the record.
   */
  labelFields?: (def: ResourceDefinition) => readonly string[] | undefined;
  /** The route table's routesFor, loaded with the definitions; the shell screens' routes until then. */
  routesFor: (available: Available) => RouteEntry[];
  /** Every manifest's custom screens by name, loaded with the definitions; the shell's until then. */
  screens: Readonly<Record<string, LazyScreen>>;
  /** The modules' custom views and related lists by resource name, loaded with the definitions. */
  views: Readonly<Record<string, ViewOverrides>>;
  /** The data provider's per-service factory, loaded with the definitions; absent until then. */
  serviceProvider?: typeof createServiceProvider;
}

let runtime: RuntimeConfig | null = null;
let state: AppState | null = null;
const listeners = new Set<() => void>();

export const appState = {
  /** The runtime config alone is known before the rest of the boot (the token calls need it). */
  setRuntime(config: RuntimeConfig) {
    runtime = config;
  },
  runtime(): RuntimeConfig {
    if (!runtime) throw new Error('Runtime configuration not loaded');
    return runtime;
  },
  current(): AppState | null {
    return state;
  },
  get(): AppState {
    if (!state) throw new Error('Application not booted');
    return state;
  },
  set(next: AppState) {
    state = next;
    listeners.forEach((listener) => listener());
  },
  update(patch: Partial<AppState>) {
    appState.set({ ...appState.get(), ...patch });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppState(): AppState {
  return useSyncExternalStore(appState.subscribe, appState.get);
}
