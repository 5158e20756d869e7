import type { Rule } from '../schema';

/** Cross-field rules shared by the sales definitions; messages are catalogue keys under `validation.sales`. */

type Issue = ReturnType<Rule<unknown>>[number];

const blank = (v: unknown) => v === null || v === undefined || v === '';

export const issue = (path: string, key: string, params?: Record<string, string | number>): Issue => ({
  path,
  message: key.startsWith('validation.') ? key : `validation.sales.${key}`,
  params,
});

/**
 * `field` must not be earlier than `start` (ISO dates and datetimes compare as text). `key` says which
 * start it is (`notBeforeDate`: the document date, `notBeforeStart`: a period's start).
 */
export function notBefore<R>(field: keyof R & string, start: keyof R & string, key = 'notBeforeStart'): Rule<R> {
  return (r) => {
    const value = r[field];
    const from = r[start];
    if (blank(value) || blank(from)) return [];
    return String(value) < String(from) ? [issue(field, key)] : [];
  };
}

/** `field` may hold a value only when `when` holds (e.g. a VAT nature only on a 0% rate). */
export function onlyWhen<R>(field: keyof R & string, when: (r: R) => boolean, key: string): Rule<R> {
  return (r) => (!blank(r[field]) && !when(r) ? [issue(field, key)] : []);
}

/** Rows of a lines field as the rules see them (validated, so each is an object). */
export function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

export { blank };
