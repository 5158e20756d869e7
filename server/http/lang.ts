import { dictionaries, type Messages } from '../../i18n/index';
import { interpolate, type FieldIssue } from '../../resources/schema';
import type { ProblemItem } from './errors';

export type Lang = 'it' | 'en';

/** The first of it/en the client prefers (by q-value); English when it names neither. */
export function requestLang(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { primary: tag.split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && (entry.primary === 'it' || entry.primary === 'en'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.primary as Lang | undefined) ?? 'en';
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A catalogue message in `lang`, falling back to English and then to the key itself. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const template =
    lookup(dictionaries[lang] as unknown as Messages, key) ??
    lookup(dictionaries.en as unknown as Messages, key) ??
    key;
  return interpolate(template, params);
}

export function renderIssues(lang: Lang, issues: readonly FieldIssue[]): ProblemItem[] {
  return issues.map((issue) => ({ ...issue, message: translate(lang, issue.key, issue.params) }));
}

/** The detail of a 400 naming its fields, in the request's language (the SPA may show it as it is). */
export function invalidFields(lang: Lang, errors: readonly { path: string }[]): string {
  return translate(lang, 'validation.invalidFields', { fields: [...new Set(errors.map((e) => e.path))].join(', ') });
}

/** The detail of a 403 on fields the actor's role may not change, in the request's language. */
export function forbiddenFields(lang: Lang, errors: readonly { path: string }[]): string {
  return translate(lang, 'validation.forbiddenFields', { fields: [...new Set(errors.map((e) => e.path))].join(', ') });
}

/**
 * A decimal quantity as a person of `lang` reads it: no trailing zeros, the locale's decimal separator
 * and digit grouping ("10", "2,5", "1.250,75" in Italian). "10.000" in a message would read as ten
 * thousand to an Italian. Works on the decimal string, never through a float.
 */
export function formatQuantity(lang: Lang, value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const [group, point] = lang === 'it' ? ['.', ','] : [',', '.'];
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const decimals = fraction.replace(/0+$/, '');
  const text = decimals ? `${grouped}${point}${decimals}` : grouped;
  return text === '0' ? '0' : `${sign}${text}`;
}
