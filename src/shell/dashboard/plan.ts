import type { Field, FilterOperator, ResourceDefinition } from '../../../resources/schema';
// access.ts, not the schema index: the index brings zod along.
import { canAccess } from '../../../resources/schema/access';
import type { HighlightCard, ModuleManifest } from '../../app/manifest';
import { MODULES } from '../../modules';

/** A react-admin filter object in the data providers' `field_operator` convention. */
export type ListFilter = Record<string, unknown>;

/** One number of the dashboard: how many records of `resource` match `filter`. */
export interface Count {
  key: string;
  resource: string;
  filter: ListFilter;
  /** The card it shares with the other counts of its group (highlights only). */
  group?: string;
}

/** A chart: the records of `resource` counted per value of the enum `field`. */
export interface Breakdown {
  key: string;
  label: string;
  resource: string;
  field: string;
  bars: (Count & { value: string })[];
}

export interface Range {
  from: Date;
  to: Date;
}

/** The definitions whose module the tenant enables and that the user may list. */
export function listable(
  definitions: readonly ResourceDefinition[],
  roles: readonly string[],
  isEnabled: (service: ResourceDefinition['service']) => boolean,
): ResourceDefinition[] {
  return definitions.filter((def) => isEnabled(def.service) && canAccess(roles, def, 'list'));
}

/** The cards of every module (src/modules), in the order the dashboard shows them. */
export function dashboardCards(modules: readonly Pick<ModuleManifest, 'dashboard'>[]) {
  const cards = modules.flatMap((m) => (m.dashboard ? [m.dashboard] : []));
  const byRank = <T extends { rank: number }>(list: T[]) => list.sort((x, y) => x.rank - y.rank);
  return {
    /** The records an administrator counts at a glance: the business entities, not the supporting tables. */
    headlines: cards.flatMap((c) => c.headlines ?? []),
    highlights: byRank(cards.flatMap((c) => c.highlights ?? [])),
    breakdowns: byRank(cards.flatMap((c) => c.breakdowns ?? [])),
  };
}

const CARDS = dashboardCards(MODULES);

/**
 * The headline counts whose definitions exist. One list call each, so the modules name few and chosen.
 */
export function headlines(defs: readonly ResourceDefinition[], cards = CARDS): Count[] {
  return cards.headlines
    .filter((name) => defs.some((d) => d.name === name))
    .map((resource) => ({
      key: `total:${resource}`,
      resource,
      filter: {},
    }));
}

/** Local midnight of `now`'s day, and the seven days from it (today included). */
export function nextSevenDays(now: Date): Range {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 7);
  return { from, to: new Date(to.getTime() - 1) };
}

/** The calendar month of `now`, local time. */
export function thisMonth(now: Date): Range {
  const from = new Date(now.getFullYear(), now.getMonth(), 1);
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return { from, to: new Date(next.getTime() - 1) };
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const allows = (field: Field | undefined, operator: FilterOperator) => !!field && field.filter.includes(operator);

/**
 * The filter for "`name` within `range`" in the operators the field allows (`between`, else `gte` with
 * `lte`); dates as days, datetimes as instants. Undefined when the field cannot be filtered so.
 */
export function rangeFilter(def: ResourceDefinition, name: string, range: Range): ListFilter | undefined {
  const field = name === 'createdAt' ? undefined : def.fields[name];
  const value = (d: Date) => (field?.kind === 'date' ? isoDay(d) : d.toISOString());
  if (name === 'createdAt' || allows(field, 'between'))
    return { [`${name}_between`]: [value(range.from), value(range.to)] };
  if (allows(field, 'gte') && allows(field, 'lte'))
    return { [`${name}_gte`]: value(range.from), [`${name}_lte`]: value(range.to) };
  return undefined;
}

/** An enum filter with the values the definition knows; undefined when none of them exists. */
function enumFilter(def: ResourceDefinition, name: string, wanted: readonly string[]): ListFilter | undefined {
  const field = def.fields[name];
  if (!field || field.kind !== 'enum') return undefined;
  const values = wanted.filter((v) => field.values?.includes(v));
  if (values.length === 1 && allows(field, 'eq')) return { [name]: values[0] };
  if (values.length > 0 && allows(field, 'in')) return { [`${name}_in`]: values };
  return undefined;
}

/** The filter of a highlight card, when the definition has its field, values and operator. */
function highlightFilter(def: ResourceDefinition, card: HighlightCard): ListFilter | undefined {
  if ('preset' in card)
    return def.views.list.presets && Object.hasOwn(def.views.list.presets, card.preset)
      ? { [card.preset]: true }
      : undefined;
  if (card.values !== true) return enumFilter(def, card.field, card.values);
  const flag = def.fields[card.field];
  return flag?.kind === 'boolean' && allows(flag, 'eq') ? { [card.field]: true } : undefined;
}

/**
 * Numbers worth a look when their module exists, each validated against its definition: a field, value
 * or operator the definition does not have drops the number rather than sending a query the service
 * would refuse.
 */
export function highlights(defs: readonly ResourceDefinition[], cards = CARDS): Count[] {
  return cards.highlights.flatMap((card) => {
    const def = defs.find((d) => d.name === card.resource);
    const f = def && highlightFilter(def, card);
    if (!f) return [];
    return [{ key: card.key, resource: card.resource, filter: f, ...(card.group ? { group: card.group } : {}) }];
  });
}

/** Charts of records per enum value, when their definitions exist; `period` restricts to a date field's month. */
export function breakdowns(defs: readonly ResourceDefinition[], now: Date, cards = CARDS): Breakdown[] {
  return cards.breakdowns.flatMap(({ key, resource, field, period }) => {
    const def = defs.find((d) => d.name === resource);
    const enumField = def?.fields[field];
    if (!def || enumField?.kind !== 'enum' || !allows(enumField, 'eq') || !enumField.values) return [];
    let scope: ListFilter = {};
    if (period) {
      // The record's own date when it has one the list can filter by, its creation otherwise.
      const filter = rangeFilter(def, period, thisMonth(now)) ?? rangeFilter(def, 'createdAt', thisMonth(now));
      if (!filter) return [];
      scope = filter;
    }
    const bars = enumField.values.map((value) => ({
      key: `${key}:${value}`,
      resource,
      value,
      filter: { ...scope, [field]: value },
    }));
    return [{ key, label: `pages.dashboard.${key}`, resource, field, bars }];
  });
}

/** The technician's activities of the next seven days (the service returns only their own), by start time. */
export function technicianQuery(defs: readonly ResourceDefinition[], now: Date) {
  const def = defs.find((d) => d.name === 'wfm/activities');
  const filter = def && rangeFilter(def, 'scheduledStart', nextSevenDays(now));
  if (!def || !filter) return undefined;
  const sortable = def.fields.scheduledStart?.sortable === true;
  return {
    def,
    filter,
    sort: sortable ? { field: 'scheduledStart', order: 'ASC' as const } : { field: 'createdAt', order: 'ASC' as const },
  };
}

/** Whether an instant (or a day) falls on `now`'s local day. */
export function isToday(value: unknown, now: Date): boolean {
  if (typeof value !== 'string' || !value) return false;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return isoDay(date) === isoDay(now);
}
