/**
 * Named list filters ("presets") a definition declares in `views.list.presets`: conditions on its fields
 * whose date values may be relative to today, so a filter such as "overdue" is evaluated against the day
 * of the request, never stored as a flag that goes stale (docs/wire-contract.md#lists). The services turn
 * a preset into conditions (server/records/list-query.ts); the SPA offers it as a filter toggle and marks
 * the records that meet it, both from this one declaration.
 */

/** A date `today` days from today in Italy (0: today, 30: in thirty days), evaluated when used. */
export interface RelativeDay {
  today: number;
}

export type PresetCondition<K extends string = string> =
  | { field: K; operator: 'eq' | 'neq'; value: string | boolean }
  | { field: K; operator: 'lt' | 'lte' | 'gt' | 'gte'; value: string | RelativeDay };

export interface Preset<K extends string = string> {
  /** Conditions a record meets all of. */
  where: readonly PresetCondition<K>[];
  /** The field whose value stands out (a chip in lists and on the record's page) when a record meets it. */
  marks?: K;
  /** How it stands out: `error` for what is late, `warning` for what is close. */
  tone?: 'error' | 'warning';
}

/** Today's calendar date in Italy, whatever the machine's time zone. */
export function todayInItaly(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}

/** `YYYY-MM-DD` plus whole days. */
function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The value a preset condition compares with on `today` (`YYYY-MM-DD`, Italy). */
export function presetValue(value: string | boolean | RelativeDay, today: string): string | boolean {
  return typeof value === 'object' ? plusDays(today, value.today) : value;
}

/**
 * Whether a record meets a preset on `today`, as the service's SQL would judge it: a missing value meets
 * no comparison except `neq`.
 */
export function meetsPreset(preset: Preset, record: Readonly<Record<string, unknown>>, today: string): boolean {
  return preset.where.every((c) => {
    const stored = record[c.field];
    const wanted = presetValue(c.value, today);
    if (c.operator === 'neq') return stored !== wanted;
    if (stored === null || stored === undefined || stored === '') return false;
    if (c.operator === 'eq') return stored === wanted;
    const a = String(stored);
    const b = String(wanted);
    if (c.operator === 'lt') return a < b;
    if (c.operator === 'lte') return a <= b;
    if (c.operator === 'gt') return a > b;
    return a >= b;
  });
}
