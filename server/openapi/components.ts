/**
 * Moves the schemas every route repeats (the problem of each error response, each definition's record)
 * into `components.schemas` and points at them with `$ref`. Without it the document holds a copy per
 * route and status (about 2 MB for the whole product) and Swagger UI takes seconds to render it.
 * Shared schemas are recognised by their `title`: `Problem`, and `<resource> record` (see recordJsonSchema).
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The component name of a shared schema, or undefined. */
function componentName(schema: Json): string | undefined {
  const title = schema.title;
  if (typeof title !== 'string') return undefined;
  if (title === 'Problem') return 'Problem';
  const record = /^(.+) record$/.exec(title);
  return record ? `${record[1].replaceAll('/', '.')}.record` : undefined;
}

function factor(node: unknown, components: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => factor(item, components));
  if (!isObject(node)) return node;
  const name = componentName(node);
  if (name && !('$ref' in node)) {
    components[name] ??= Object.fromEntries(Object.entries(node).map(([k, v]) => [k, factor(v, components)]));
    return { $ref: `#/components/schemas/${name}` };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, factor(value, components)]));
}

/** The document with its shared schemas as components (a new object; the input is left as it was). */
export function withSharedComponents<T extends Json>(document: T): T {
  const existing = (isObject(document.components) ? document.components : {}) as Json;
  const schemas: Json = { ...(isObject(existing.schemas) ? existing.schemas : {}) };
  const paths = factor(document.paths, schemas);
  return { ...document, paths, components: { ...existing, schemas } };
}

/**
 * The sections of the docs page: a service each, in the SPA's menu order, and `platform` for what
 * belongs to none (health, runtime configuration, dictionaries).
 */
export const DOC_SECTIONS = [
  'address-book',
  'sales',
  'wfm',
  'warehouse',
  'ticketing',
  'oauth2',
  'storage',
  'notifications',
  'config',
  'platform',
] as const;

function sectionOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return (DOC_SECTIONS as readonly string[]).includes(first) && first !== 'platform' ? first : 'platform';
}

/** The whole document cut down to one section's paths and the components they use, or undefined. */
export function sectionDocument(document: Json, section: string): Json | undefined {
  if (!(DOC_SECTIONS as readonly string[]).includes(section)) return undefined;
  const paths = Object.fromEntries(
    Object.entries((document.paths ?? {}) as Json).filter(([path]) => sectionOf(path) === section),
  );
  const components = (isObject(document.components) ? document.components : {}) as Json;
  const all = (isObject(components.schemas) ? components.schemas : {}) as Json;
  // Components referenced from the paths, and from those components in turn.
  const used = new Set<string>();
  const pending = [JSON.stringify(paths)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name) || !(name in all)) continue;
      used.add(name);
      pending.push(JSON.stringify(all[name]));
    }
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
  return { ...document, paths, components: { ...components, schemas } };
}
