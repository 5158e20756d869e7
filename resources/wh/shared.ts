import { f, todayInItaly } from '../schema';

/** Units of measure a stocked item is counted in (docs/domain.md#items-warehouses-and-locations): pieces, kilograms, metres, litres. */
export const UNITS = ['pz', 'kg', 'm', 'l'] as const;

/** Units counted in whole pieces: no 2.5 "pz" (docs/domain.md#items-warehouses-and-locations). */
export const INTEGRAL_UNITS: readonly string[] = ['pz'];

/** Whether a quantity fits its unit: a unit counted in pieces takes whole numbers only. */
export function fitsUnit(quantity: unknown, uom: unknown): boolean {
  if (typeof quantity !== 'string' || typeof uom !== 'string' || !INTEGRAL_UNITS.includes(uom)) return true;
  return !/\.\d*[1-9]/.test(quantity);
}

/** A unit of measure field; its labels live under each resource's `enums`. */
export const unitField = (opts: { required?: boolean; default?: (typeof UNITS)[number] } = {}) => f.enum(UNITS, opts);

/** Today as a calendar date in Italy: a DDT dated "today" in Rome is not in the future, whatever the server's zone. */
export { todayInItaly };

/** The calendar date in Italy of an instant (ISO string). */
export function dateInItaly(instant: string): string {
  return todayInItaly(new Date(instant));
}

/** A blank value: what a rule treats as "not given". */
export function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/** Lower-case uuid pattern for ids kept as text (a movement's polymorphic source). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
