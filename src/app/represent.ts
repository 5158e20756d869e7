import type { I18nProvider } from 'react-admin';
import type { ResourceDefinition } from '../../resources/schema';
import { formatDecimal } from '../views/fields/decimal-text';
import type { RepresentFormat, Representation } from './manifest';

type Row = Record<string, unknown>;
export type RepresentRecord = (def: ResourceDefinition, record: Row) => string;

/** A `YYYY-MM-DD` day as the locale writes it (24/11/2026 in Italian), whatever the browser's time zone. */
export function formatDay(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return value == null ? '' : String(value);
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    day,
  );
}

/** The locale's formats a representation writes with (the locale read at each call: a switch applies at once). */
export function representFormat(locale: () => string, currency: string): RepresentFormat {
  return {
    date: (value) => formatDay(value, locale()),
    money: (value) => formatDecimal(value, locale(), { style: 'currency', currency }),
  };
}

/**
 * How the app names a record (AppState.represent, every <Resource>'s recordRepresentation): its module's
 * translated representation when a manifest declares one, else the definition's fields joined by spaces
 * (`base`, representRecord). An empty name falls back to the definition's (docs/spa.md#record-names).
 */
export function recordNamer(
  base: RepresentRecord,
  representations: Readonly<Record<string, Representation>>,
  i18n: Pick<I18nProvider, 'translate' | 'getLocale'>,
  currency: string,
): RepresentRecord {
  const format = representFormat(() => i18n.getLocale(), currency);
  const translate = (key: string, options?: Record<string, unknown>) => i18n.translate(key, options);
  return (def, record) => {
    const custom = Object.hasOwn(representations, def.name) ? representations[def.name] : undefined;
    return (custom && custom(record, translate, format)) || base(def, record);
  };
}
