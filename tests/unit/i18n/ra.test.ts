import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raEnglish, toColonPlaceholders } from '../../../i18n/ra/en';
import { raItalian } from '../../../i18n/ra/it';

/** Flattens a message tree into `dotted.path -> string` (non-string leaves are kept so the tests can flag them). */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [p, v] of leaves(value, path)) out.set(p, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const polyglotNames = (s: string) => [...s.matchAll(/%\{\s*(\w+)\s*\}/g)].map((m) => m[1]).sort();
const colonNames = (s: string) => [...s.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]).sort();

const english = leaves(englishMessages);
const italian = leaves(raItalian);

describe('react-admin Italian messages', () => {
  it('cover ra-language-english', () => {
    expect(english.size).toBeGreaterThan(100);
    const missing = [...english.keys()].filter((key) => typeof italian.get(key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('have no keys unknown to ra-language-english', () => {
    expect([...italian.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('are non-empty wherever the English is', () => {
    const empty = [...english].filter(
      ([key, en]) => String(en).trim() !== '' && String(italian.get(key) ?? '').trim() === '',
    );
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('never use polyglot %{name} placeholders', () => {
    expect([...italian].filter(([, it]) => String(it).includes('%{')).map(([key]) => key)).toEqual([]);
  });

  it.each([...english].filter(([, en]) => typeof en === 'string' && en.includes('%{')))(
    '%s keeps its placeholders as :name',
    (key, en) => {
      const it = String(italian.get(key));
      // Every English placeholder is present, and nothing else in the Italian text reads as a placeholder.
      expect([...new Set(colonNames(it))].sort()).toEqual([...new Set(polyglotNames(en as string))].sort());
    },
  );

  it('has no stray :word tokens in strings whose English has no placeholder', () => {
    const stray = [...english]
      .filter(([, en]) => !String(en).includes('%{'))
      .filter(([key]) => colonNames(String(italian.get(key))).length > 0)
      .map(([key]) => key);
    expect(stray).toEqual([]);
  });

  it('keeps the "singolare |||| plurale" form where the English has it', () => {
    const mismatched = [...english]
      .filter(([key, en]) => String(en).split('||||').length !== String(italian.get(key)).split('||||').length)
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

describe('react-admin English messages (:name form)', () => {
  it('are ra-language-english with %{name} written as :name', () => {
    const converted = leaves(raEnglish);
    expect([...converted.keys()]).toEqual([...english.keys()]);
    for (const [key, en] of english) {
      expect(converted.get(key), key).toBe(String(en).replace(/%\{(\w+)\}/g, ':$1'));
      expect(String(converted.get(key)), key).not.toContain('%{');
    }
    expect(raEnglish.ra.navigation.page_range_info).toBe(':offsetBegin-:offsetEnd of :total');
    expect(raEnglish.ra.action.bulk_actions).toBe('1 item selected |||| :smart_count items selected');
  });

  it('toColonPlaceholders is pure and recursive', () => {
    const input = { a: 'Hi %{name}', b: { c: 'Page %{page} of %{ total }', d: 'plain' } };
    const snapshot = structuredClone(input);
    const output = toColonPlaceholders(input);
    expect(output).toEqual({ a: 'Hi :name', b: { c: 'Page :page of :total', d: 'plain' } });
    expect(input).toEqual(snapshot);
    expect(output).not.toBe(input);
    expect(output.b).not.toBe(input.b);
  });
});
