import englishMessages from 'ra-language-english';

/**
 * Deep "every leaf is a string" shape of a message tree.
 *
 * ra-language-english declares its default export as ra-core's `TranslationMessages`, whose interface has
 * `[key: string]` index signatures on most sections and marks `ra.guesser` / `ra.configurable` optional. A plain
 * `{ [K in keyof T]: ... }` mapping keeps both, so a missing `ra.configurable` (or `ra.guesser`) would still compile
 * and misspelt keys would be accepted by the index signatures. This mapping drops the index signatures and the `?`
 * markers, so every react-admin key is required and unknown keys are rejected.
 */
export type Shape<T> = { -readonly [K in keyof T as KnownKey<K>]-?: Leaf<T[K]> };
type KnownKey<K> = string extends K ? never : number extends K ? never : K;
type Leaf<V> = NonNullable<V> extends string ? string : Shape<NonNullable<V>>;

/** The full key tree of react-admin's own UI messages (ra.*). */
export type RaShape = Shape<typeof englishMessages>;

/** Polyglot interpolation, e.g. `%{smart_count}` or `%{ name }`. */
const POLYGLOT_PLACEHOLDER = /%\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

function convert(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(POLYGLOT_PLACEHOLDER, ':$1');
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, convert(child)]));
  }
  return value;
}

/**
 * Returns a deep copy of a message tree with every polyglot `%{name}` placeholder written as `:name`
 * (the form used by the project's dictionaries on the wire). Pure: the input is not modified.
 */
export function toColonPlaceholders<T extends object>(obj: T): Shape<T> {
  return convert(obj) as Shape<T>;
}

/** react-admin's English UI messages with `:name` placeholders. */
export const raEnglish: RaShape = toColonPlaceholders(englishMessages);
