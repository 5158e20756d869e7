/**
 * The strict reader of the list contract's bracket-index query string
 * (`filters[0][field]=kind&filters[0][value][1]=x&options[sortBy]=lastName`). Hand-written rather
 * than a generic qs parser because anything it does not recognise must be a 400 naming the
 * parameter, not silently dropped or turned into a nested object.
 */

import { MAX_FILTER_VALUES } from '../../resources/schema';
import type { QueryIssue, RawListQuery } from '../records/list-query';

export type { QueryIssue, RawFilter, RawListQuery } from '../records/list-query';

export interface QueryLimits {
  /** Characters of the whole query string; a longer one is a 400 before any parsing (414 is for path segments). */
  maxLength: number;
  maxParams: number;
  maxFilters: number;
  /** Items of one `in` (or `between`) list. */
  maxValues: number;
  maxKeyLength: number;
  maxValueLength: number;
}

export const DEFAULT_LIMITS: QueryLimits = {
  maxLength: 8192,
  maxParams: 200,
  maxFilters: 20,
  // Shared with the SPA, which batches its id lists by it (docs/wire-contract.md#limits).
  maxValues: MAX_FILTER_VALUES,
  maxKeyLength: 64,
  maxValueLength: 500,
};

const INDEX = '(0|[1-9][0-9]{0,3})';
const FILTER_PART = new RegExp(`^filters\\[${INDEX}\\]\\[(field|operator|value)\\]$`);
const FILTER_VALUE_ITEM = new RegExp(`^filters\\[${INDEX}\\]\\[value\\]\\[${INDEX}\\]$`);
const OPTION = /^options\[(sortBy|sortDirection|total|fields)\]$/;
// filters[i][value][j] is the deepest shape the contract has.
const MAX_BRACKETS = 3;

/** Names are echoed in messages: a hostile one is cut short and stripped of control characters. */
export function shown(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 64 ? `${clean.slice(0, 64)}...` : clean;
}

function unknownParam(key: string): QueryIssue {
  const brackets = (key.match(/\[/g) ?? []).length;
  if (brackets > MAX_BRACKETS && /^(filters|options)\[/.test(key))
    return {
      param: shown(key),
      message: `Query parameter ${shown(key)} nests too deeply (the deepest form is filters[i][value][j])`,
    };
  return { param: shown(key), message: `Unknown query parameter: ${shown(key)}` };
}

export function parseListQueryString(
  raw: string,
  limits: QueryLimits = DEFAULT_LIMITS,
): { query: RawListQuery; issues: QueryIssue[] } {
  const issues: QueryIssue[] = [];
  const query: RawListQuery = { filters: [] };
  const filters = new Map<number, { field?: string; operator?: string; scalar?: string; items: Map<number, string> }>();
  const seen = new Set<string>();
  if (raw.length > limits.maxLength) {
    return {
      query,
      issues: [{ param: '', message: `The query string is longer than ${limits.maxLength} characters` }],
    };
  }
  const pairs = raw.split('&').filter((pair) => pair !== '');
  if (pairs.length > limits.maxParams) {
    return { query, issues: [{ param: '', message: `Too many query parameters (at most ${limits.maxParams})` }] };
  }

  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = decode(eq === -1 ? '' : pair.slice(eq + 1));
    if (key === null || value === null) {
      issues.push({ param: shown(key ?? pair.slice(0, Math.max(eq, 0))), message: 'Malformed percent-encoding' });
      continue;
    }
    if (key.length > limits.maxKeyLength) {
      issues.push({ param: shown(key), message: `Query parameter name longer than ${limits.maxKeyLength} characters` });
      continue;
    }
    if (seen.has(key)) {
      issues.push({ param: key, message: `Query parameter ${shown(key)} is given more than once` });
      continue;
    }
    seen.add(key);
    if (value.length > limits.maxValueLength) {
      issues.push({
        param: shown(key),
        message: `Query parameter ${shown(key)} is longer than ${limits.maxValueLength} characters`,
      });
      continue;
    }
    // PostgreSQL text cannot hold NUL: refused here rather than as a database error.
    if (value.includes('\u0000') || key.includes('\u0000')) {
      issues.push({ param: shown(key), message: `Query parameter ${shown(key)} contains a NUL character` });
      continue;
    }

    if (key === 'page' || key === 'pageSize') {
      query[key] = value;
      continue;
    }
    const option = OPTION.exec(key);
    if (option) {
      query[option[1] as 'sortBy' | 'sortDirection' | 'total' | 'fields'] = value;
      continue;
    }
    const part = FILTER_PART.exec(key) ?? FILTER_VALUE_ITEM.exec(key);
    if (!part) {
      issues.push(unknownParam(key));
      continue;
    }
    const index = Number(part[1]);
    if (index >= limits.maxFilters) {
      issues.push({ param: key, message: `Too many filters (at most ${limits.maxFilters})` });
      continue;
    }
    const filter = filters.get(index) ?? { items: new Map<number, string>() };
    filters.set(index, filter);
    if (part[2] === 'field') filter.field = value;
    else if (part[2] === 'operator') filter.operator = value;
    else if (part[2] === 'value') filter.scalar = value;
    else {
      const item = Number(part[2]);
      if (item >= limits.maxValues)
        issues.push({ param: key, message: `Too many values (at most ${limits.maxValues})` });
      else filter.items.set(item, value);
    }
  }

  const indices = [...filters.keys()].sort((a, b) => a - b);
  indices.forEach((index, position) => {
    if (index !== position)
      issues.push({
        param: `filters[${index}]`,
        message: `Filter indices must count from 0 without gaps (missing filters[${position}])`,
      });
  });
  for (const index of indices) {
    const filter = filters.get(index)!;
    const name = `filters[${index}]`;
    if (filter.field === undefined) issues.push({ param: `${name}[field]`, message: `${name}[field] is missing` });
    if (filter.operator === undefined)
      issues.push({ param: `${name}[operator]`, message: `${name}[operator] is missing` });
    let value: string | string[] | undefined = filter.scalar;
    if (filter.items.size > 0) {
      if (filter.scalar !== undefined) {
        issues.push({
          param: `${name}[value]`,
          message: `${name}[value] is given both as a single value and as a list`,
        });
      }
      const items = [...filter.items.entries()].sort(([a], [b]) => a - b);
      if (items.some(([i], position) => i !== position)) {
        issues.push({ param: `${name}[value]`, message: `${name}[value] list indices must count from 0 without gaps` });
      }
      value = items.map(([, v]) => v);
    }
    query.filters.push({ field: filter.field, operator: filter.operator, value });
  }
  return { query, issues };
}

/** `+` is a space in form encoding; a broken `%` escape is the client's error, not a crash. */
function decode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
