import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import numberingSeries, { formatNumber, type DocumentKind } from '../../../resources/sales/numbering-series';
import { tableRef } from '../../db/derive';
import type { Lang } from '../../http/lang';
import { issue, invalid } from '../../records';
import type { Db } from '../../db/tables';

/** sales.numbering_series: the series' row is the counter, locked while a number is handed out. */
const SERIES = tableRef(numberingSeries);

interface SeriesDefaults {
  code: string;
  format: string;
  resetYearly: boolean;
  fiscal: boolean;
  description: string;
}

/**
 * The series a kind gets when a tenant has none yet (created on first use, so another module can number
 * its documents without seeding anything): the formats of docs/domain.md#numbering, yearly except for party codes.
 */
export const DEFAULT_SERIES: Readonly<Record<DocumentKind, SeriesDefaults>> = {
  invoice: { code: 'FT', format: 'FT/{year}/{number:0000}', resetYearly: true, fiscal: true, description: 'Fatture' },
  creditNote: { code: 'NC', format: 'NC/{year}/{number:0000}', resetYearly: true, fiscal: true, description: 'Note di credito' },
  proforma: { code: 'PF', format: 'PF/{year}/{number:0000}', resetYearly: true, fiscal: false, description: 'Proforma' },
  quote: { code: 'Q', format: 'Q/{year}/{number:0000}', resetYearly: true, fiscal: false, description: 'Preventivi' },
  activity: { code: 'INT', format: 'INT/{year}/{number:00000}', resetYearly: true, fiscal: false, description: 'Interventi' },
  ticket: { code: 'RIC', format: 'RIC/{year}/{number:00000}', resetYearly: true, fiscal: false, description: 'Richieste' },
  workReport: { code: 'RAP', format: 'RAP/{year}/{number:00000}', resetYearly: true, fiscal: false, description: 'Rapportini' },
  movement: { code: 'MOV', format: 'MOV/{year}/{number:000000}', resetYearly: true, fiscal: false, description: 'Movimenti di magazzino' },
  ddtIn: { code: 'DDT-IN', format: 'DDT-IN/{year}/{number:0000}', resetYearly: true, fiscal: false, description: 'DDT in entrata' },
  contract: { code: 'CTR', format: 'CTR/{year}/{number:0000}', resetYearly: true, fiscal: false, description: 'Contratti' },
  customer: { code: 'C', format: 'C{number:00000}', resetYearly: false, fiscal: false, description: 'Codici cliente' },
  supplier: { code: 'F', format: 'F{number:00000}', resetYearly: false, fiscal: false, description: 'Codici fornitore' },
}; // prettier-ignore

/** A number handed out: the series it came from, its year and number, and the formatted one. */
export interface AssignedNumber {
  seriesId: string;
  code: string;
  year: number;
  number: number;
  /** e.g. "Q/2026/0007" */
  fullNumber: string;
}

interface SeriesRow {
  id: string;
  documentKind: string;
  code: string;
  format: string;
  resetYearly: boolean | null;
  nextNumber: number;
  year: number | null;
  active: boolean | null;
}

const YEAR_IN_ROME = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' });

/** The calendar year of a document date ("2026-03-01"), or of an instant as seen in Italy. */
export function yearOf(date: string | Date): number {
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) return Number(date.slice(0, 4));
  return Number(YEAR_IN_ROME.format(typeof date === 'string' ? new Date(date) : date));
}

async function lockSeries(
  trx: Db,
  tenant: string,
  kind: DocumentKind,
  seriesId: string | undefined,
): Promise<SeriesRow | undefined> {
  let query = trx
    .selectFrom(SERIES)
    .select(['id', 'documentKind', 'code', 'format', 'resetYearly', 'nextNumber', 'year', 'active'])
    .where('tenantId', '=', tenant);
  query = seriesId
    ? query.where('id', '=', seriesId)
    : query.where('documentKind', '=', kind).where('active', 'is not', false).orderBy('code').limit(1);
  return (await query.forUpdate().executeTakeFirst()) as SeriesRow | undefined;
}

/**
 * The kind's default series, made on first use. An advisory lock per tenant and kind makes two
 * transactions that both find none take turns, so only one series is made.
 */
async function defaultSeries(trx: Db, tenant: string, kind: DocumentKind): Promise<SeriesRow> {
  await sql`select pg_advisory_xact_lock(hashtext(${`numbering:${tenant}:${kind}`}))`.execute(trx);
  const existing = await lockSeries(trx, tenant, kind, undefined);
  if (existing) return existing;
  const defaults = DEFAULT_SERIES[kind];
  const row = {
    tenantId: tenant,
    id: randomUUID(),
    createdBy: 'system',
    updatedBy: 'system',
    version: 1,
    documentKind: kind,
    code: defaults.code,
    description: defaults.description,
    format: defaults.format,
    resetYearly: defaults.resetYearly,
    nextNumber: 1,
    year: null,
    fiscal: defaults.fiscal,
    active: true,
  };
  await trx.insertInto(SERIES).values(row).execute();
  return row;
}

/**
 * The series a document of `kind` is numbered from when it names none: the tenant's first active one by
 * code, else the default one made now (a draft credit note names it before it has a number).
 */
export async function defaultSeriesId(trx: Db, tenant: string, kind: DocumentKind): Promise<string> {
  const series = (await lockSeries(trx, tenant, kind, undefined)) ?? (await defaultSeries(trx, tenant, kind));
  return series.id;
}

/**
 * Hands out the next number of a document kind for a document dated `date`, inside the caller's
 * transaction (so a rolled-back document gives its number back: fiscal series stay gap-free). The
 * series' row stays locked until that transaction ends, so concurrent documents take turns.
 *
 * The series is `options.seriesId` (it must be of that kind and active), else the tenant's first active
 * series of the kind by code, else a default one made now (DEFAULT_SERIES). A series that restarts
 * every year starts again from 1 in a new year; a document dated in an earlier year than the series has
 * reached is refused (400 on `date`), since its number would break the series' order.
 */
export async function nextNumber(
  trx: Db,
  tenant: string,
  kind: DocumentKind,
  date: string | Date,
  options: { seriesId?: string; lang?: Lang } = {},
): Promise<AssignedNumber> {
  const lang = options.lang ?? 'en';
  const year = yearOf(date);
  let series = await lockSeries(trx, tenant, kind, options.seriesId);
  if (options.seriesId && (!series || series.documentKind !== kind || series.active === false))
    throw invalid(lang, [issue('seriesId', 'validation.sales.seriesKind', { kind })]);
  series ??= await defaultSeries(trx, tenant, kind);

  let number = series.nextNumber;
  let reached = series.year === null ? year : Math.max(series.year, year);
  if (series.resetYearly !== false && series.year !== null) {
    if (year < series.year)
      throw invalid(lang, [issue('date', 'validation.sales.numberingYear', { year: series.year })]);
    if (year > series.year) number = 1;
    reached = year;
  }
  await trx
    .updateTable(SERIES)
    .set({ nextNumber: number + 1, year: reached, updatedAt: sql`now()`, version: sql`version + 1` })
    .where('tenantId', '=', tenant)
    .where('id', '=', series.id)
    .execute();
  const fullNumber = formatNumber(series.format, { number, year, code: series.code });
  return { seriesId: series.id, code: series.code, year, number, fullNumber };
}
