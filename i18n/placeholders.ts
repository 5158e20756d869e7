import type { Messages } from './index';

/**
 * `:name` as a placeholder: a colon right before an identifier, not glued to a preceding letter or digit,
 * so "10:30", "https://" and "Nota:bene" stay text. Underscores are allowed for react-admin's `:smart_count`.
 */
const COLON_PLACEHOLDER = /(?<![A-Za-z0-9_]):([A-Za-z_][A-Za-z0-9_]*)/g;

/** Converts one message from the wire form (`:name`) to polyglot's (`%{name}`). */
export function toPolyglotPlaceholders(message: string): string {
  return message.replace(COLON_PLACEHOLDER, '%{$1}');
}

/** Deep copy of a dictionary with every placeholder converted; the input is left untouched. */
export function toPolyglotMessages(messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    out[key] = typeof value === 'string' ? toPolyglotPlaceholders(value) : toPolyglotMessages(value);
  }
  return out;
}

/** What a dictionary entry is; anything else (numbers, arrays, null) is a mistake of a hand-written file. */
type Kind = 'message' | 'group' | 'invalid';
const kindOf = (value: unknown): Kind =>
  typeof value === 'string'
    ? 'message'
    : value !== null && typeof value === 'object' && !Array.isArray(value)
      ? 'group'
      : 'invalid';

/**
 * Deep merge where `over` wins: used to fill a dictionary's gaps from its fallbacks. Tenant overrides
 * are hand-written JSON that no compiler checks, so where `over` disagrees with `base` on the shape
 * (a message where `base` has a group of messages, or the reverse) `base` is kept: a whole group of
 * keys must not vanish because one file replaced it with a string.
 */
export function mergeMessages(base: Messages, over: Messages, path = ''): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const at = path ? `${path}.${key}` : key;
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    const kind = kindOf(value);
    if (kind === 'invalid') console.error(`Dictionary: ${at} is neither a message nor a group, ignored`);
    else if (current === undefined) out[key] = value;
    else if (kindOf(current) !== kind) console.error(`Dictionary: ${at} does not match the catalogue's shape, ignored`);
    else out[key] = kind === 'group' ? mergeMessages(current as Messages, value as Messages, at) : value;
  }
  return out;
}
