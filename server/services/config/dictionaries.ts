import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { dictionaries, LOCALES, type Locale, type Messages } from '../../../i18n/index';
import { ConfigFileError, readConfigJson } from './tenant-config';

export const DICTIONARY_LOCALES: readonly Locale[] = LOCALES;

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Overrides win key by key; nested groups merge rather than replace. */
export function mergeMessages(base: Messages, override: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isMessages(current) && isMessages(value) ? mergeMessages(current, value) : value;
  }
  return out;
}

/** What is wrong with an override's shape (nested objects of strings only), path by path. */
function shapeIssues(value: unknown, path: string, issues: { path: string; message: string }[]): void {
  if (!isMessages(value)) {
    issues.push({ path, message: 'must be an object of messages' });
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype')
      issues.push({ path: at, message: 'is not an allowed key' });
    else if (typeof child !== 'string') shapeIssues(child, at, issues);
  }
}

/** Where a tenant's override of a locale lives, relative to CONFIG_DIR. */
export const overrideFile = (tenant: string, locale: Locale) => `tenants/${tenant}.${locale}.json`;

export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * The dictionary of one tenant and locale: the app catalogue with react-admin's messages, merged
 * with `CONFIG_DIR/tenants/{tenant}.{locale}.json` when present. A malformed override is a
 * ConfigFileError naming the file and the path of each wrong entry.
 */
export async function buildDictionary(configDir: string, tenant: string, locale: Locale): Promise<Messages> {
  const base = dictionaries[locale] as unknown as Messages;
  const file = overrideFile(tenant, locale);
  if (!(await exists(join(configDir, file)))) return base;
  const json = await readConfigJson(configDir, file);
  const issues: { path: string; message: string }[] = [];
  shapeIssues(json, '', issues);
  if (issues.length > 0) throw new ConfigFileError(file, issues, join(configDir, file));
  return mergeMessages(base, json as Messages);
}
