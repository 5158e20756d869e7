import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dictionaries, LOCALES, type Locale } from '../../../i18n';
import { resources } from '../../../resources';
import {
  defineResource,
  f,
  SERVICES,
  SYSTEM_FIELDS,
  type ActionMap,
  type Field,
  type Fields,
} from '../../../resources/schema';

/**
 * The registry (`resources/index.ts`) against the catalogues (`i18n/`). `LabelsFor` types a catalogue
 * entry from its definition, but only where a module catalogue names that definition: a definition
 * registered without an entry, or an entry whose definition is no longer registered, passes the type
 * check. This test walks the registry instead, in both languages, so a missing or orphaned label fails
 * naming its full key. Nothing else lives under `resources.<name>`: the texts of custom views and
 * related lists have their own namespaces (`warehouse.*`, `ticketing.*`, `pages.*`), so no sub-tree is
 * exempt here.
 */

/** A message tree: leaves are the labels the SPA and the server look up. */
interface Tree {
  [key: string]: string | Tree;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const enumValues = (field: Field): readonly string[] =>
  field.kind === 'enum' || field.kind === 'enumList' ? (field.values ?? []) : [];

/** `enums.<field>.<value>` of the fields that have values (enum, enumList); none when no field has. */
function enumsOf(fields: Fields): Tree {
  const enums: Tree = {};
  for (const [name, field] of Object.entries(fields)) {
    const values = enumValues(field);
    if (values.length > 0) enums[name] = Object.fromEntries(values.map((v) => [v, v]));
  }
  return enums;
}

/**
 * The labels of a `lines` field, as src/views/fields/lines.tsx looks them up: every line field, the
 * values of the line's enum fields, and the keys its `totals` returns (static per field: asked of no lines).
 */
function linesOf(field: Field): Tree {
  const lineFields = field.lineFields ?? {};
  const tree: Tree = { fields: Object.fromEntries(Object.keys(lineFields).map((name) => [name, name])) };
  const enums = enumsOf(lineFields);
  if (Object.keys(enums).length > 0) tree.enums = enums;
  if (field.totals) tree.totals = Object.fromEntries(Object.keys(field.totals([])).map((key) => [key, key]));
  return tree;
}

/** What the labels of a definition depend on. */
interface Labelled {
  name: string;
  fields: Fields;
  views: { form: { sections: readonly { id: string }[] }; list: { presets?: Readonly<Record<string, unknown>> } };
  actions?: ActionMap;
}

/**
 * Every label a definition needs under `resources.<name>`, shaped like the catalogue entry (leaf values
 * are placeholders). The same keys `LabelsFor` requires, plus the enum values of action inputs, which the
 * action dialog looks up under `enums` like the definition's own fields.
 */
function expectedEntry(def: Labelled): Tree {
  const actions = Object.entries(def.actions ?? {});
  const inputs: Fields = Object.assign({}, ...actions.map(([, action]) => action.input ?? {}));
  const fieldNames = [...Object.keys(def.fields), ...SYSTEM_FIELDS, ...Object.keys(inputs)];
  const entry: Tree = {
    name: def.name,
    fields: Object.fromEntries(fieldNames.map((name) => [name, name])),
    enums: enumsOf({ ...inputs, ...def.fields }),
    sections: Object.fromEntries(def.views.form.sections.map((s) => [s.id, s.id])),
  };
  const lines = Object.entries(def.fields).filter(([, field]) => field.kind === 'lines');
  if (lines.length > 0) entry.lines = Object.fromEntries(lines.map(([name, field]) => [name, linesOf(field)]));
  if (actions.length > 0) entry.actions = Object.fromEntries(actions.map(([name]) => [name, name]));
  const presets = Object.keys(def.views.list.presets ?? {});
  if (presets.length > 0) entry.presets = Object.fromEntries(presets.map((name) => [name, name]));
  return entry;
}

/** The whole `resources` namespace the definitions ask for. */
const expectedOf = (defs: readonly Labelled[]): Tree =>
  Object.fromEntries(defs.map((def) => [def.name, expectedEntry(def)]));
const expected = expectedOf(resources);

/** `<lang>: <key>` of every expected label that is absent or blank in `actual`. */
function missing(lang: Locale, want: Tree, actual: unknown, path: string): string[] {
  return Object.entries(want).flatMap(([key, sub]) => {
    const at = `${path}.${key}`;
    const value = (actual as Record<string, unknown> | undefined)?.[key];
    if (typeof sub === 'object') return missing(lang, sub, typeof value === 'object' ? value : undefined, at);
    return typeof value === 'string' && value.trim() !== '' ? [] : [`${lang}: ${at}`];
  });
}

/**
 * `<lang>: <key>` of every catalogue node nothing asks for, reported at the highest such node (a whole
 * entry of an unregistered resource is one line), and of a node whose shape differs (a label where a
 * group is expected, or the reverse).
 */
function orphaned(lang: Locale, actual: unknown, want: Tree, path: string): string[] {
  return Object.entries(actual as Record<string, unknown>).flatMap(([key, value]) => {
    const at = `${path}.${key}`;
    if (!Object.hasOwn(want, key)) return [`${lang}: ${at}`];
    const sub = want[key];
    if (typeof sub === 'object')
      return typeof value === 'object' && value ? orphaned(lang, value, sub, at) : [`${lang}: ${at}`];
    return typeof value === 'string' ? [] : [`${lang}: ${at}`];
  });
}

describe('the label checks', () => {
  // A definition with one of everything that has a label, and an entry that misses or adds one of each.
  const sample = defineResource({
    name: 'test/jobs',
    service: 'wfm',
    endpoint: 'jobs',
    recordRepresentation: ['title'],
    fields: {
      title: f.text(),
      tags: f.enumList(['hot', 'cold']),
      status: f.enum(['open', 'done'], { default: 'open', readOnly: true }),
      parts: f.lines(
        { kind: f.enum(['part', 'labour']), note: f.text() },
        { totals: (lines) => ({ count: String(lines.length) }) },
      ),
    },
    actions: { finish: { from: ['open'], to: 'done', roles: ['ROLE_ADMIN'], input: { outcome: f.text() } } },
    views: {
      list: { columns: ['title'], sort: { field: 'title', order: 'ASC' } },
      form: { sections: [{ id: 'main', fields: ['title', 'tags', 'parts'] }] },
    },
  });
  const want = expectedOf([sample]);
  const system = Object.fromEntries(SYSTEM_FIELDS.map((name) => [name, 'x']));

  it('ask for the name, every field, enum value, line label, total, section and action', () => {
    expect(missing('it', want, { 'test/jobs': { name: 'Lavoro', fields: system } }, 'resources')).toEqual([
      'it: resources.test/jobs.fields.title',
      'it: resources.test/jobs.fields.tags',
      'it: resources.test/jobs.fields.status',
      'it: resources.test/jobs.fields.parts',
      'it: resources.test/jobs.fields.outcome',
      'it: resources.test/jobs.enums.tags.hot',
      'it: resources.test/jobs.enums.tags.cold',
      'it: resources.test/jobs.enums.status.open',
      'it: resources.test/jobs.enums.status.done',
      'it: resources.test/jobs.sections.main',
      'it: resources.test/jobs.lines.parts.fields.kind',
      'it: resources.test/jobs.lines.parts.fields.note',
      'it: resources.test/jobs.lines.parts.enums.kind.part',
      'it: resources.test/jobs.lines.parts.enums.kind.labour',
      'it: resources.test/jobs.lines.parts.totals.count',
      'it: resources.test/jobs.actions.finish',
    ]);
    expect(missing('en', want, {}, 'resources')).toContain('en: resources.test/jobs.name');
    expect(missing('en', want, { 'test/jobs': { name: ' ' } }, 'resources')).toContain('en: resources.test/jobs.name');
  });

  it('name each orphaned node once, at its highest level', () => {
    const catalogue = {
      'test/jobs': {
        name: 'Job',
        fields: { ...system, title: 'Title', gone: 'Gone' },
        enums: { tags: { hot: 'Hot', warm: 'Warm' }, title: { a: 'A' } },
        sections: { main: 'Main', old: 'Old' },
        lines: { parts: { fields: { kind: 'Kind' }, enums: 'Kind', totals: { count: 'Count', sum: 'Sum' } } },
        actions: { finish: 'Finish', reopen: 'Reopen' },
        help: { title: 'Help' },
      },
      'test/removed': { name: 'Removed', fields: {} },
    };
    expect(orphaned('en', catalogue, want, 'resources')).toEqual([
      'en: resources.test/jobs.fields.gone',
      'en: resources.test/jobs.enums.tags.warm',
      'en: resources.test/jobs.enums.title',
      'en: resources.test/jobs.sections.old',
      'en: resources.test/jobs.lines.parts.enums',
      'en: resources.test/jobs.lines.parts.totals.sum',
      'en: resources.test/jobs.actions.reopen',
      'en: resources.test/jobs.help',
      'en: resources.test/removed',
    ]);
  });
});

describe('registry', () => {
  // The catalogue is keyed by name, and each service's store by table: two definitions sharing one
  // would silently share labels, routes or rows.
  it('registers each definition once', () => {
    const dupes = (keys: string[]) => keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(resources.length).toBeGreaterThan(25);
    expect(dupes(resources.map((d) => d.name))).toEqual([]);
    expect(dupes(resources.map((d) => `${d.service} ${d.table}`))).toEqual([]);
    expect(dupes(resources.map((d) => `${d.service} ${d.endpoint}`))).toEqual([]);
  });
});

describe.each(LOCALES)('labels (%s)', (lang) => {
  const catalogue = dictionaries[lang];

  it('label every registered definition: name, fields, enum values, lines, sections, actions', () => {
    expect(missing(lang, expected, catalogue.resources, 'resources')).toEqual([]);
  });

  it('have no key under resources that no definition asks for', () => {
    expect(orphaned(lang, catalogue.resources, expected, 'resources')).toEqual([]);
  });

  // The menu groups the routes by service (src/app/layout/Menu.tsx): one heading per service id.
  it('name every service once in the menu, and nothing else', () => {
    expect(Object.keys(catalogue.app.menu.groups).sort()).toEqual([...SERVICES].sort());
    expect(Object.values(catalogue.app.menu.groups).filter((label) => label.trim() === '')).toEqual([]);
  });
});

/** Source files under `dir` (recursively) whose names match. */
function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** `dotted.path` of every node of a message tree: comments name a module's group, code a message. */
function paths(tree: unknown, prefix: string, out = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = `${prefix}.${key}`;
    out.add(path);
    if (value !== null && typeof value === 'object') paths(value, path, out);
  }
  return out;
}

describe('validation messages', () => {
  // Rules (resources/) and hooks (server/) name their messages by key, most as literals; the keys they
  // build from a module prefix (`validation.sales.${key}`) cannot be read off the source.
  it('have a message for every literal `validation.*` key the definitions and the services use', () => {
    const used = new Set<string>();
    for (const dir of ['resources', 'server', 'src'])
      for (const file of files(join(ROOT, dir), /\.tsx?$/))
        for (const m of readFileSync(file, 'utf8').matchAll(/['"`](validation\.[a-zA-Z0-9_.]*[a-zA-Z0-9_])['"`]/g))
          used.add(m[1]);
    expect(used.size).toBeGreaterThan(30);
    for (const lang of LOCALES) {
      const known = paths(dictionaries[lang].validation, 'validation');
      expect([...used].filter((key) => !known.has(key)).map((key) => `${lang}: ${key}`)).toEqual([]);
    }
  });
});
