import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../../i18n';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `dotted.path -> message` of a message tree. */
function leaves(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') leaves(value, path, out);
    else out.set(path, value);
  }
  return out;
}

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

const it_ = leaves(dictionaries.it);
const en = leaves(dictionaries.en);
const names = (s: unknown) =>
  [...new Set([...String(s).matchAll(/(?<![A-Za-z0-9_]):([A-Za-z_]\w*)/g)].map((m) => m[1]))].sort();

describe('catalogues', () => {
  it('Italian and English have the same keys, every one a string', () => {
    expect([...it_.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !it_.has(k))).toEqual([]);
    expect([...it_].filter(([, v]) => typeof v !== 'string').map(([k]) => k)).toEqual([]);
  });

  it('no Italian message is empty where the English one is not', () => {
    const empty = [...en].filter(([k, v]) => String(v).trim() !== '' && String(it_.get(k)).trim() === '');
    expect(empty.map(([k]) => k)).toEqual([]);
  });

  it('both languages use the same :name placeholders in every message', () => {
    const mismatched = [...en].filter(([k, v]) => names(v).join() !== names(it_.get(k)).join()).map(([k]) => k);
    expect(mismatched).toEqual([]);
  });

  it('have every react-admin text its packages ask for (ra-core, ra-ui-materialui, ra-input-rich-text)', () => {
    const packages = ['ra-core', 'ra-ui-materialui', 'ra-input-rich-text'].map((p) =>
      join(ROOT, 'node_modules', p, 'dist'),
    );
    const used = new Set<string>();
    for (const file of packages.flatMap((dir) => files(dir, /\.js$/))) {
      // Code only: doc comments mention keys that nothing asks for.
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const m of code.matchAll(/['"`](ra\.[a-zA-Z0-9_]+\.[a-zA-Z0-9_.]+)['"`]/g)) used.add(m[1]);
    }
    // A store key, not a text.
    used.delete('ra.inspector.position');
    expect(used.size).toBeGreaterThan(150);
    expect([...used].filter((key) => !it_.has(key) || !en.has(key)).sort()).toEqual([]);
  });

  it('have every key the shell pages ask for', () => {
    const used = new Set<string>();
    for (const file of files(join(ROOT, 'src/shell'), /\.tsx?$/)) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(
        /['"`]((?:pages|app|oauth2|validation|resources)\.[a-zA-Z0-9_.]+[a-zA-Z0-9_])['"`]/g,
      ))
        used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !it_.has(key)).sort()).toEqual([]);
  });

  it("quote the original product's texts as written (docs/spa.md#errors-and-toasts)", () => {
    expect(dictionaries.it.app.notFound.title).toBe('Page not found');
    expect(dictionaries.it.app.login.serverError).toBe('Server Error');
    expect(dictionaries.it.pages.forgotPassword.link).toBe('Password dimenticata?');
    expect(dictionaries.it.ra.tiptap.bold).toBe('Grassetto');
  });
});
