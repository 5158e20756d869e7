import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { LOCALES, type Locale, type Messages } from '../../../i18n/index';
import { originOf } from '../../http/security-headers';
import { buildDictionary, exists, overrideFile } from './dictionaries';
import { loadTenantConfig, TENANT_ID, tenantsInConfigDir, type TenantConfig } from './tenant-config';

/** A document ready to serve: its JSON text and the ETag clients revalidate with. */
export interface Served {
  json: string;
  etag: string;
}

function served(value: unknown): Served {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

interface TenantEntry {
  config: Served;
  dictionaries: Map<Locale, Served>;
}

/**
 * The tenant configs and dictionaries of CONFIG_DIR, validated and kept in memory. `configs` is a
 * live map other services read (the storage driver of a tenant): a reload replaces a tenant's entry
 * in place, only once its config and every dictionary override validate, so a broken edit never
 * replaces a good configuration.
 */
export class ConfigStore {
  readonly configs = new Map<string, TenantConfig>();
  private readonly entries = new Map<string, TenantEntry>();
  private readonly loading = new Map<string, Promise<void>>();

  private constructor(readonly configDir: string) {}

  /** Every tenant's files, validated; the first invalid one stops the start with a ConfigFileError. */
  static async load(configDir: string): Promise<ConfigStore> {
    const store = new ConfigStore(configDir);
    for (const tenant of await tenantsInConfigDir(configDir)) await store.reload(tenant);
    return store;
  }

  /**
   * Re-reads and validates one tenant's config and dictionary overrides, then swaps them in.
   * Throws a ConfigFileError (leaving the previous ones in use) when any file is invalid.
   */
  async reload(tenant: string): Promise<{ files: string[] }> {
    const config = await loadTenantConfig(this.configDir, tenant);
    const files = [`tenants/${tenant}.json`];
    const dictionaries = new Map<Locale, Served>();
    for (const { locale } of config.features.i18n.locales) {
      if (!(LOCALES as readonly string[]).includes(locale)) continue;
      const messages: Messages = await buildDictionary(this.configDir, tenant, locale as Locale);
      dictionaries.set(locale as Locale, served(messages));
      const override = overrideFile(tenant, locale as Locale);
      if (await exists(join(this.configDir, override))) files.push(override);
    }
    this.entries.set(tenant, { config: served(config), dictionaries });
    this.configs.set(tenant, config);
    return { files };
  }

  /**
   * Loads a tenant this process has not seen: one created while it runs (`npm run tenant -- create`,
   * docs/deployment.md#tenants) is served from its first request, on every process sharing CONFIG_DIR.
   * A missing or invalid file leaves the tenant unknown (404), as before.
   */
  async ensure(tenant: string): Promise<void> {
    if (this.entries.has(tenant) || !TENANT_ID.test(tenant)) return;
    if (!(await exists(join(this.configDir, 'tenants', `${tenant}.json`)))) return;
    let loading = this.loading.get(tenant);
    if (!loading) {
      loading = this.reload(tenant)
        .then(() => undefined)
        .catch(() => undefined)
        .finally(() => this.loading.delete(tenant));
      this.loading.set(tenant, loading);
    }
    await loading;
  }

  config(tenant: string): Served | undefined {
    return this.entries.get(tenant)?.config;
  }

  dictionary(tenant: string, locale: string): Served | undefined {
    return this.entries.get(tenant)?.dictionaries.get(locale as Locale);
  }

  /** Origins outside ours that a tenant config sends the SPA to: they go into the CSP's connect-src. */
  externalOrigins(): string[] {
    const origins = new Set<string>();
    for (const config of this.configs.values()) {
      const api = originOf(config.apiUrl);
      if (api) origins.add(api);
      for (const service of config.microservices) {
        const origin = originOf(service.baseUrl);
        if (origin) origins.add(origin);
      }
    }
    return [...origins];
  }
}
