/**
 * The tenant's F-gas company certificate (the tenant config's `fgas.companyCertificateNumber`), which the
 * register records of completed jobs carry. Hooks are registries built at import time: buildApp
 * provides the live lookup once it has read the configuration.
 */
let lookup: ((tenant: string) => string | undefined) | undefined;

export function provideFgasCompany(certificateOf: (tenant: string) => string | undefined): void {
  lookup = certificateOf;
}

export function companyCertificateOf(tenant: string): string | undefined {
  return lookup?.(tenant);
}
