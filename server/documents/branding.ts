import { readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, resolve, sep } from 'node:path';
import type { Company } from './pdf/frame';

/** The part of a tenant config a document's header prints (server/services/config/tenant-config.ts). */
export interface BrandedConfig {
  brand: { name: string; logoUrl: string | null };
  company?: Omit<Company, 'logo'>;
}

const DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/;
const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };
/** A logo bigger than this is not embedded in every PDF. */
const MAX_LOGO_BYTES = 512 * 1024;

const cache = new Map<string, string | undefined>();

/**
 * The brand's logo as a data URL pdfmake can embed: a data: URL as it is, or a PNG/JPEG file of the
 * config folder (`logoUrl` relative to it, e.g. "logos/acme.png"). Remote URLs are never fetched by the
 * server, and a path leaving the config folder is ignored: the document prints the company's name instead.
 */
export function logoDataUrl(configDir: string, logoUrl: string | null): string | undefined {
  if (!logoUrl) return undefined;
  if (logoUrl.startsWith('data:')) return DATA_URL.test(logoUrl) ? logoUrl : undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(logoUrl) || logoUrl.startsWith('//')) return undefined;
  const root = resolve(configDir);
  const path = resolve(root, logoUrl.replace(/^\/+/, ''));
  const type = TYPES[extname(path).toLowerCase()];
  if (!type || isAbsolute(logoUrl.replace(/^\/+/, '')) || !path.startsWith(root + sep)) return undefined;
  const key = `${path}`;
  if (cache.has(key)) return cache.get(key);
  let url: string | undefined;
  try {
    if (statSync(path).size <= MAX_LOGO_BYTES) url = `data:${type};base64,${readFileSync(path).toString('base64')}`;
  } catch {
    url = undefined;
  }
  cache.set(key, url);
  return url;
}

/** The company a tenant's documents are from: its config's `company` (the brand name while absent) and logo. */
export function companyOfConfig(configDir: string, config: BrandedConfig | undefined, fallbackName: string): Company {
  const company: Company = config?.company ?? { legalName: config?.brand.name ?? fallbackName };
  const logo = config ? logoDataUrl(configDir, config.brand.logoUrl) : undefined;
  return logo ? { ...company, logo } : company;
}
