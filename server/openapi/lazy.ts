type Schema = Record<string, unknown>;

const BUILD = Symbol('route documentation');

/**
 * A route schema built when the OpenAPI document is first asked for, not when the route is added:
 * route schemas only document (server/http/server-options.ts), and converting every definition's zod
 * schemas to JSON Schema took a large share of each start (docs/deployment.md#start-up-time). The
 * document's `transform` (index.ts) calls `expandDocs`.
 */
export function lazyDocs(build: () => Schema): Schema {
  let built: Schema | undefined;
  return { [BUILD]: () => (built ??= build()) };
}

/** The schema a route was given, with its lazy documentation built. */
export function expandDocs(schema: Schema | undefined): Schema | undefined {
  const build = schema?.[BUILD as unknown as string] as (() => Schema) | undefined;
  return build ? { ...schema, ...build() } : schema;
}

/** A function computed on its first call only. */
export function once<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}
