import type { Lang } from '../http/lang';
import type { Mailer } from '../mail/mailer';
import type { ServerFiles } from '../services/storage/server-files';
import type { Company } from './pdf/frame';

/**
 * What the hooks that print and send documents need from the running server: the tenant's company
 * and language, where files are stored, how mail leaves. Hooks are plain data registries built at import
 * time, so buildApp provides these once it has read the configuration.
 */
export interface DocumentServices {
  companyOf(tenant: string): Company;
  /** The tenant's default language: documents for its customers are printed in it. */
  langOf(tenant: string): Lang;
  /** The tenant's currency (ISO 4217), e.g. the electronic invoice's Divisa. */
  currencyOf(tenant: string): string;
  files: ServerFiles;
  mailer: Mailer;
}

let provided: DocumentServices | undefined;

export function provideDocumentServices(services: DocumentServices): void {
  provided = services;
}

export function documentServices(): DocumentServices {
  if (!provided) throw new Error('buildApp has not provided the document services yet');
  return provided;
}
