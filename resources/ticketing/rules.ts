import type { Rule } from '../schema';

const present = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/**
 * `end` comes after `start` (strictly, or on the same instant when `orEqual`); nothing to say while
 * either is empty. Dates (`YYYY-MM-DD`) and UTC instants (ISO strings the schemas normalise) both
 * compare correctly as text.
 */
export function endAfterStart<R>(end: keyof R & string, start: keyof R & string, orEqual = false): Rule<R> {
  return (r) => {
    const [a, b] = [r[start], r[end]];
    if (!present(a) || !present(b) || typeof a !== 'string' || typeof b !== 'string') return [];
    const ok = orEqual ? b >= a : b > a;
    if (ok) return [];
    return [{ path: end, message: orEqual ? 'validation.notBeforeStart' : 'validation.endAfterStart' }];
  };
}

/** `field` is required while `status` is one of `statuses` (a close reason once closed). */
export function requiredInStatus<R>(field: keyof R & string, statuses: readonly string[]): Rule<R> {
  return (r) => {
    const status = (r as Record<string, unknown>).status;
    return typeof status === 'string' && statuses.includes(status) && !present(r[field])
      ? [{ path: field, message: 'validation.required' }]
      : [];
  };
}

/** Both fields or neither (a periodic plan and the occurrence a request was generated for). */
export function together<R>(a: keyof R & string, b: keyof R & string): Rule<R> {
  return (r) => {
    if (present(r[a]) && !present(r[b])) return [{ path: b, message: 'validation.required' }];
    if (present(r[b]) && !present(r[a])) return [{ path: a, message: 'validation.required' }];
    return [];
  };
}
