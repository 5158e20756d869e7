import type { I18nSettings } from '../../i18n/provider';

/** Fetched at start from runtime-config.json, so one build serves every deployment (docs/spa.md#boot). */
export interface RuntimeConfig {
  /** "" means the page's origin. */
  apiBaseUrl: string;
  appName: string;
  oauth2Url: string;
  configBaseUrl: string;
  clientId: string;
  clientSecret: string;
  defaultTenant: string;
  monitoringDsn: string;
}

export interface Microservice {
  id: string;
  alias: string;
  baseUrl: string;
  showInContextMenu: boolean;
  enabled: boolean;
}

/** A tenant's downloaded config (docs/wire-contract.md#tenant-config-and-dictionaries). */
export interface TenantConfig {
  apiUrl: string;
  brand: { name: string; logoUrl: string | null; primaryColor: string };
  features: { i18n: I18nSettings; storageDriverGuid: string };
  maintenanceMode: { enabled: boolean };
  currency?: string;
  microservices: Microservice[];
}

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

const REQUIRED = ['appName', 'oauth2Url', 'configBaseUrl', 'clientId', 'clientSecret', 'defaultTenant'] as const;
const OPTIONAL = ['apiBaseUrl', 'monitoringDsn'] as const;

/**
 * Checks runtime-config.json: the fetch client's base URL and the monitoring setting may be empty (the
 * page's origin; no error reporting), everything else must be there, so a broken deployment fails at
 * start-up with a message naming what is missing.
 */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const raw = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const missing = REQUIRED.filter((key) => typeof raw[key] !== 'string' || raw[key] === '');
  const wrong = OPTIONAL.filter((key) => raw[key] !== undefined && typeof raw[key] !== 'string');
  if (missing.length > 0 || wrong.length > 0) {
    throw new Error(
      `runtime-config.json: ${[...missing, ...wrong].join(', ')} must be text (${REQUIRED.join(', ')} non-empty)`,
    );
  }
  const config = Object.fromEntries(REQUIRED.map((key) => [key, raw[key] as string])) as Record<string, string>;
  for (const key of OPTIONAL) config[key] = (raw[key] as string | undefined) ?? '';
  return config as unknown as RuntimeConfig;
}

export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  // Relative to the page, so the SPA also works when deployed under a sub-path.
  return parseRuntimeConfig(await getJson(new URL('runtime-config.json', document.baseURI).href));
}

/** Checks the parts the SPA relies on, so a broken config fails at start-up with a clear message. */
export async function fetchTenantConfig(url: string): Promise<TenantConfig> {
  const config = (await getJson(url)) as TenantConfig;
  const i18n = config?.features?.i18n;
  if (!Array.isArray(config?.microservices) || !i18n || !Array.isArray(i18n.locales) || i18n.locales.length === 0) {
    throw new Error(`${url}: not a tenant config (microservices and features.i18n.locales are required)`);
  }
  return {
    ...config,
    apiUrl: config.apiUrl ?? '',
    maintenanceMode: { enabled: config.maintenanceMode?.enabled === true },
  };
}

/** Resolves a URL of the configs against a base ("" or a relative base means the page's origin). */
export function resolveUrl(url: string, base: string): string {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const absoluteBase = new URL(base || '/', origin).href;
  return new URL(url, absoluteBase).href.replace(/\/+$/, '');
}

/** Service URLs: the config's apiUrl, else the runtime apiBaseUrl, else the page's origin (the contract). */
export function apiBase(runtime: RuntimeConfig, config?: TenantConfig): string {
  return config?.apiUrl || runtime.apiBaseUrl || '';
}

export function enabledService(config: TenantConfig, service: string): Microservice | undefined {
  return config.microservices.find((m) => m.id === service && m.enabled);
}
