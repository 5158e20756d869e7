import type { TenantConfig } from '../services/config/tenant-config';

// The product's services as the demo tenants' configs list them; the SPA labels them from its catalogues.
const MICROSERVICES: TenantConfig['microservices'] = [
  { id: 'oauth2', alias: 'Utenti', baseUrl: '/oauth2', showInContextMenu: true, enabled: true },
  { id: 'storage', alias: 'Archivio', baseUrl: '/storage', showInContextMenu: false, enabled: true },
  { id: 'notifications', alias: 'Notifiche', baseUrl: '/notifications', showInContextMenu: false, enabled: true },
  { id: 'address-book', alias: 'Rubrica', baseUrl: '/address-book', showInContextMenu: true, enabled: true },
  { id: 'wfm', alias: 'Interventi', baseUrl: '/wfm', showInContextMenu: true, enabled: true },
  { id: 'warehouse', alias: 'Magazzino', baseUrl: '/warehouse', showInContextMenu: true, enabled: true },
  { id: 'sales', alias: 'Vendite', baseUrl: '/sales', showInContextMenu: true, enabled: true },
  { id: 'ticketing', alias: 'Ticketing', baseUrl: '/ticketing', showInContextMenu: true, enabled: true },
  { id: 'export', alias: 'Esportazioni', baseUrl: '/export', showInContextMenu: false, enabled: true },
];

/**
 * A new tenant's config (docs/wire-contract.md#tenant-config-and-dictionaries): every service on,
 * served from this origin, Italian and English. The operator edits the file afterwards (brand colour,
 * logo, services) and an administrator reloads it (POST /config/api/reload).
 */
export function tenantConfigTemplate(tenant: { id: string; name: string; locale: 'it' | 'en' }): TenantConfig {
  return {
    apiUrl: '',
    brand: { name: tenant.name, logoUrl: null, primaryColor: '#0b6e99' },
    features: {
      i18n: {
        defaultLocale: tenant.locale,
        locales: (['it', 'en'] as const).map((locale) => ({
          locale,
          dictionaryUrl: `/i18n/${tenant.id}/${locale}.json`,
        })),
      },
      storageDriverGuid: 'local',
    },
    maintenanceMode: { enabled: false },
    currency: 'EUR',
    microservices: MICROSERVICES.map((service) => ({ ...service })),
  };
}
