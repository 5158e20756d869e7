import type { Db } from '../db/tables';
import type { FieldKind, ResourceDefinition } from '../../resources/schema';
import type { Lang } from '../http/lang';

type Row = Record<string, unknown>;

/**
 * What a field kind needs from outside the engine before a write: e.g. attachments are checked
 * against the storage service's files and replaced by their stored description. The engine imports
 * no service; a service registers its resolver when the app is built (docs/architecture.md, "The
 * record engine"). A resolver returns the values with its fields resolved, or throws a problem.
 */
export type KindResolver = (db: Db, def: ResourceDefinition, tenant: string, values: Row, lang: Lang) => Promise<Row>;

const resolvers = new Map<FieldKind, KindResolver>();

/** Registers (or replaces) the resolver of a field kind. */
export function registerKindResolver(kind: FieldKind, resolver: KindResolver): void {
  resolvers.set(kind, resolver);
}

/**
 * Runs the registered resolvers of the kinds the values carry. A kind with values and no resolver is
 * a wiring error, not something to let through unchecked.
 */
export async function resolveKinds(
  db: Db,
  def: ResourceDefinition,
  tenant: string,
  values: Row,
  lang: Lang,
): Promise<Row> {
  let out = values;
  const kinds = new Set(
    Object.entries(def.fields)
      .filter(([name, field]) => NEEDS_RESOLVER.has(field.kind) && values[name] !== null && values[name] !== undefined)
      .map(([, field]) => field.kind),
  );
  for (const kind of kinds) {
    const resolver = resolvers.get(kind);
    if (!resolver) throw new Error(`No resolver registered for field kind ${kind} (${def.name})`);
    out = await resolver(db, def, tenant, out, lang);
  }
  return out;
}

/** The kinds whose values the engine cannot judge alone. */
const NEEDS_RESOLVER: ReadonlySet<FieldKind> = new Set<FieldKind>(['attachments']);
