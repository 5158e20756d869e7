import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { SERVICES, isValidIban, normaliseCode } from '../../../resources/schema';
import { LOCALES } from '../../../i18n/index';

export const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;
/** FatturaPA RegimeFiscale codes (XSD 1.2.2). */
export const TAX_REGIMES = [
  'RF01', 'RF02', 'RF04', 'RF05', 'RF06', 'RF07', 'RF08', 'RF09', 'RF10',
  'RF11', 'RF12', 'RF13', 'RF14', 'RF15', 'RF16', 'RF17', 'RF18', 'RF19',
] as const; // prettier-ignore

/** The tenant config of docs/wire-contract.md#tenant-config-and-dictionaries, checked when the server starts rather than when a user logs in. */
export const tenantConfigSchema = z
  .object({
    apiUrl: z.string().refine((v) => v === '' || URL.canParse(v), 'must be "" (same origin) or an absolute URL'),
    brand: z
      .object({
        name: z.string().min(1),
        logoUrl: z.string().min(1).nullable(),
        primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #0b6e99'),
      })
      .strict(),
    features: z
      .object({
        i18n: z
          .object({
            defaultLocale: z.string().regex(LOCALE),
            locales: z
              .array(z.object({ locale: z.string().regex(LOCALE), dictionaryUrl: z.string().min(1) }).strict())
              .min(1),
          })
          .strict()
          .refine((i18n) => i18n.locales.some((l) => l.locale === i18n.defaultLocale), {
            message: 'defaultLocale must be one of locales',
            path: ['defaultLocale'],
          }),
        storageDriverGuid: z.string().min(1),
      })
      .strict(),
    maintenanceMode: z.object({ enabled: z.boolean() }).strict(),
    /**
     * The company the tenant is, as its documents' header prints it (work reports, later invoices and
     * quotes); the brand name stands in while it is absent.
     */
    company: z
      .object({
        legalName: z.string().min(1).max(80),
        vatNumber: z.string().max(30).optional(),
        taxCode: z.string().max(16).optional(),
        address: z.string().max(200).optional(),
        phone: z.string().max(30).optional(),
        email: z.string().max(120).optional(),
        /** REA: the chamber of commerce's office (province) and number, printed on invoices (art. 2250 c.c.). */
        reaOffice: z
          .string()
          .regex(/^[A-Z]{2}$/, 'must be a province code such as MI')
          .optional(),
        reaNumber: z.string().min(1).max(20).optional(),
        /** Capitale sociale, a decimal string ("10000.00"), "i.v." (fully paid) when shareCapitalPaid. */
        shareCapital: z
          .string()
          .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal such as 10000.00')
          .optional(),
        shareCapitalPaid: z.boolean().optional(),
        pec: z.string().email().max(120).optional(),
        website: z.string().max(120).optional(),
        /**
         * The electronic invoice's sender (FatturaPA CedentePrestatore, docs/domain.md#electronic-invoice-fatturapa):
         * the registered office as the schema's Sede wants it, the tax regime (RF01 ordinary ... RF19 flat rate),
         * the sole shareholder (SU one, SM several) and whether the company is being wound up.
         */
        registeredOffice: z
          .object({
            street: z.string().min(1).max(60),
            streetNumber: z.string().min(1).max(8).optional(),
            zip: z.string().regex(/^\d{5}$/, 'must be a CAP of 5 digits'),
            city: z.string().min(1).max(60),
            province: z
              .string()
              .regex(/^[A-Z]{2}$/, 'must be a province code such as MI')
              .optional(),
            country: z
              .string()
              .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 code such as IT')
              .optional(),
          })
          .strict()
          .optional(),
        taxRegime: z.enum(TAX_REGIMES, { error: `must be one of ${TAX_REGIMES.join(', ')}` }).optional(),
        soleShareholder: z.enum(['SU', 'SM']).optional(),
        inLiquidation: z.boolean().optional(),
        /**
         * Whether invoices charge the virtual stamp duty (2.00 euro) to the customer: the default of each invoice's
         * `stampDutyCharged`, true when absent (docs/domain.md#stamp-duty).
         */
        stampDutyCharged: z.boolean().optional(),
        /** Where customers pay bank transfers and RiBa: printed with the due dates. */
        bank: z
          .object({
            name: z.string().min(1).max(80),
            iban: z.string().transform(normaliseCode).refine(isValidIban, 'must be a valid IBAN'),
            bic: z
              .string()
              .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters')
              .optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR'),
    /** The company's F-gas certificate (DPR 146/2018): every register record a completed job writes carries it. */
    fgas: z
      .object({ companyCertificateNumber: z.string().min(1).max(40) })
      .strict()
      .optional(),
    /** The planner's generated work (docs/domain.md#generated-work): days ahead leak checks and contract visits are proposed. */
    planning: z
      .object({ horizonDays: z.number().int().min(1).max(366).optional() })
      .strict()
      .optional(),
    microservices: z
      .array(
        z
          .object({
            id: z.enum(SERVICES, { error: `must be one of ${SERVICES.join(', ')}` }),
            alias: z.string().min(1),
            baseUrl: z.string().min(1),
            showInContextMenu: z.boolean(),
            enabled: z.boolean(),
          })
          .strict(),
      )
      .refine((list) => new Set(list.map((m) => m.id)).size === list.length, 'microservice ids must be unique'),
  })
  .strict();

export type TenantConfig = z.infer<typeof tenantConfigSchema>;

/** A config file that cannot be used, with what is wrong where: the message names both. */
export class ConfigFileError extends Error {
  constructor(
    /** Relative to CONFIG_DIR, e.g. `tenants/acme.json`: never an absolute server path in an answer. */
    readonly file: string,
    readonly issues: readonly { path: string; message: string }[],
    absolute: string,
  ) {
    const lines = issues.map((i) => `  at ${i.path || '(root)'}: ${i.message}`);
    super([`${absolute}: invalid configuration file`, ...lines].join('\n'));
  }
}

/** Reads a JSON file of the config folder; a missing or malformed one is a ConfigFileError. */
export async function readConfigJson(configDir: string, file: string): Promise<unknown> {
  const absolute = join(configDir, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ConfigFileError(
      file,
      [{ path: '', message: missing ? 'file not found' : (error as Error).message }],
      absolute,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError(file, [{ path: '', message: `not valid JSON (${(error as Error).message})` }], absolute);
  }
}

/** Checks that need the tenant id: its own dictionaries must be ones this server can build. */
function crossCheck(tenant: string, config: TenantConfig): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  config.features.i18n.locales.forEach(({ locale, dictionaryUrl }, i) => {
    if (!dictionaryUrl.startsWith('/i18n/')) return; // served elsewhere: not ours to check
    const expected = `/i18n/${tenant}/${locale}.json`;
    if (dictionaryUrl !== expected)
      issues.push({ path: `features.i18n.locales.${i}.dictionaryUrl`, message: `must be ${expected}` });
    else if (!(LOCALES as readonly string[]).includes(locale))
      issues.push({
        path: `features.i18n.locales.${i}.locale`,
        message: `no catalogue for ${locale} on this server (there are ${LOCALES.join(', ')})`,
      });
  });
  return issues;
}

/** One tenant's `tenants/{tenant}.json`, validated; a ConfigFileError names the file and each path. */
export async function loadTenantConfig(configDir: string, tenant: string): Promise<TenantConfig> {
  const file = `tenants/${tenant}.json`;
  const absolute = join(configDir, file);
  if (!TENANT_ID.test(tenant))
    throw new ConfigFileError(
      file,
      [{ path: '', message: `"${tenant}" is not a valid tenant id (lower-case letters, digits, dashes)` }],
      absolute,
    );
  const result = tenantConfigSchema.safeParse(await readConfigJson(configDir, file));
  if (!result.success)
    throw new ConfigFileError(
      file,
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      absolute,
    );
  const issues = crossCheck(tenant, result.data);
  if (issues.length > 0) throw new ConfigFileError(file, issues, absolute);
  return result.data;
}

/** The tenants that have a config file: `{tenant}.json` (not the `{tenant}.{locale}.json` overrides). */
export async function tenantsInConfigDir(configDir: string): Promise<string[]> {
  const dir = join(configDir, 'tenants');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new Error(`Cannot read tenant configs in ${dir}: ${(error as Error).message}`, { cause: error });
  }
  return names
    .filter((n) => /^[^.]+\.json$/.test(n))
    .map((n) => n.slice(0, -'.json'.length))
    .sort();
}

/** Every `CONFIG_DIR/tenants/{tenant}.json`, validated; a bad file stops the start naming file and path. */
export async function loadTenantConfigs(configDir: string): Promise<Map<string, TenantConfig>> {
  const configs = new Map<string, TenantConfig>();
  for (const tenant of await tenantsInConfigDir(configDir))
    configs.set(tenant, await loadTenantConfig(configDir, tenant));
  return configs;
}
