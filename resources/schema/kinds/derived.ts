import { z } from 'zod';
import { Big, DECIMAL_PATTERN, round } from '../decimal';
import { field, type CommonOptions, type Field, type FieldValue } from '../field';
import { describeIssues, type FieldIssue } from '../issues';
import type { LineFill } from '../line-fill';
import type { Fields } from '../resource';

type Row = Record<string, unknown>;

/** One child line as stored and sent: its fields (null when empty) and a stable id the server assigns. */
export type LineOf<LF extends Fields> = { id?: string } & { [K in keyof LF]: FieldValue<LF[K]> | null };

/**
 * A lines field keeps its line fields and totals keys in its type, so the catalogues can be required to
 * label each of them (i18n/labels.ts).
 */
export type LinesField<LF extends Fields, TK extends string> = Field<LineOf<LF>[], 'lines'> & {
  lineFields: LF;
  totals?(lines: readonly Record<string, unknown>[]): Record<TK, string>;
};

/** What a compute function may return for a result kind: its value, or (for decimals) a Big to round. */
export type ComputedValue<T> = T | Big | null | undefined;

const NAME = /^[a-z][a-zA-Z0-9]*$/;

/** A required value: absent or null is "required" whatever the kind (an empty choice is not "one of ..."). */
function present(schema: z.ZodType): z.ZodType {
  return z.custom((v) => v !== null && v !== undefined, { error: 'validation.required', abort: true }).pipe(schema);
}

/**
 * The schema of one line: its writable fields as a record's (required ones present, optional ones
 * defaulting to null), strict. Computed values of the line are recomputed by the server, so whatever
 * a client sends back for them (a form returns what it read) is dropped rather than refused.
 */
function lineSchema(lineFields: Fields): z.ZodType<Row> {
  const shape: Record<string, z.ZodType> = { id: z.uuid().optional() };
  for (const [name, f] of Object.entries(lineFields)) {
    if (f.readOnly) {
      shape[name] = z
        .unknown()
        .optional()
        .transform(() => undefined);
      continue;
    }
    shape[name] = f.required
      ? present(f.schema)
      : f.schema
          .nullable()
          .optional()
          .transform((v) => (v === undefined ? (f.default ?? null) : v));
  }
  return z.object(shape).strict() as unknown as z.ZodType<Row>;
}

/** Child lines and server-derived values. */
export function derivedKinds() {
  return {
    /**
     * Child rows kept inside the record (invoice lines, DDT lines, activity materials): a jsonb array of
     * objects validated by `lineFields`. Each line gets a stable `id` (uuid) from the server when it has
     * none; nested `f.computed` fields are derived per line. `totals` feeds the live totals the form
     * shows under the lines (store totals with a top-level `f.computed`).
     */
    lines<LF extends Fields, TK extends string = never>(
      lineFields: LF,
      opts: Pick<CommonOptions<LineOf<LF>[]>, 'required' | 'readOnly'> & {
        min?: number;
        max?: number;
        totals?: (lines: LineOf<LF>[]) => Record<TK, string>;
        /** Filling a line from the product or item picked on it; the record's fields are checked by defineResource. */
        fill?: LineFill<keyof LF & string>;
      } = {},
    ): LinesField<LF, TK> {
      for (const [name, f] of Object.entries(lineFields)) {
        if (name === 'id' || !NAME.test(name)) throw new Error(`Line field name ${name} is not allowed`);
        if (f.kind === 'lines' || f.writeOnly) throw new Error(`Line field ${name}: kind ${f.kind} cannot be nested`);
      }
      const { min, max = 500, totals, fill, ...common } = opts;
      const minItems = min ?? (common.required ? 1 : 0);
      const schema = z
        .array(lineSchema(lineFields))
        .min(minItems)
        .max(max)
        .superRefine((lines, ctx) => {
          const seen = new Set<string>();
          lines.forEach((line, i) => {
            if (typeof line.id !== 'string') return;
            if (seen.has(line.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'validation.duplicates' });
            seen.add(line.id);
          });
        }) as unknown as z.ZodType<LineOf<LF>[]>;
      return field(
        'lines',
        schema,
        'jsonb',
        [],
        { sortable: false, ...common },
        {
          lineFields,
          totals: totals as Field['totals'],
          ...(fill ? { fill } : {}),
          minItems,
          maxItems: max,
        },
      ) as LinesField<LF, TK>;
    },
    /**
     * A read-only value the server derives from the record (or, inside `lines`, from the line) on every
     * create and update, and stores, so lists can filter and sort on it. `result` is the kind of the value
     * (`f.money()`, `f.integer()`, `f.date()` ...): it gives the column, the filters and the display.
     * Clients never send it (a create or update naming it is refused); forms preview it with the same
     * function. Decimal results may be returned as a Big: they are rounded half-up to the kind's scale.
     */
    computed<T, K extends Field['kind']>(
      result: Field<T, K>,
      compute: (record: Readonly<Row>) => ComputedValue<T>,
      opts: Pick<CommonOptions<T>, 'filter' | 'sortable'> = {},
    ): Field<T, 'computed'> {
      if (result.kind === 'lines' || result.kind === 'computed' || result.writeOnly || result.kind === 'address')
        throw new Error(`A computed field cannot be of kind ${result.kind}`);
      const illegal = (opts.filter ?? []).filter((op) => !result.filter.includes(op));
      if (illegal.length > 0)
        throw new Error(`Computed ${result.kind} does not support operators ${illegal.join(', ')}`);
      return {
        ...result,
        kind: 'computed',
        required: false,
        readOnly: true,
        unique: false,
        searchable: false,
        default: undefined,
        filter: opts.filter ?? result.filter,
        sortable: opts.sortable ?? result.sortable,
        result: result as Field,
        compute: compute as Field['compute'],
      };
    },
  };
}

/** A computed value checked against its result kind, decimals rounded to the kind's scale. */
function settle(result: Field, raw: unknown, path: string, issues: FieldIssue[]): unknown {
  if (raw === null || raw === undefined) return null;
  let value = raw;
  if (result.scale !== undefined && (raw instanceof Big || typeof raw === 'number')) value = round(raw, result.scale);
  else if (result.scale !== undefined && typeof raw === 'string' && DECIMAL_PATTERN.test(raw.trim()))
    value = round(raw, result.scale);
  else if (raw instanceof Big) value = Number(raw.round(0, Big.roundHalfUp).toFixed(0));
  const parsed = result.schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of describeIssues(parsed.error.issues))
    issues.push({ ...issue, path: issue.path ? `${path}.${issue.path}` : path });
  return null;
}

function deriveLine(
  lineFields: Fields,
  line: unknown,
  path: string,
  newId: (() => string) | undefined,
  issues: FieldIssue[],
) {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return line;
  const out: Row = { ...(line as Row) };
  if (newId && typeof out.id !== 'string') out.id = newId();
  for (const [name, f] of Object.entries(lineFields)) {
    if (f.kind === 'computed' && f.compute && f.result)
      out[name] = settle(f.result, f.compute(out), `${path}.${name}`, issues);
  }
  return out;
}

/**
 * The record with its derived values: every line of every `lines` field gets an id (when `newId` is
 * given: the server's, not a form preview's) and its computed values, then the record's own computed
 * fields are evaluated in declaration order, each seeing the ones before it. A computed value that does
 * not fit its kind (an amount too large for the column) is an issue on that field, not a crash.
 */
export function deriveRecord(
  fields: Fields,
  record: Readonly<Row>,
  newId?: () => string,
): { record: Row; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const out: Row = { ...record };
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind !== 'lines' || !f.lineFields || !Array.isArray(out[name])) continue;
    out[name] = (out[name] as unknown[]).map((line, i) =>
      deriveLine(f.lineFields!, line, `${name}.${i}`, newId, issues),
    );
  }
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind === 'computed' && f.compute && f.result) out[name] = settle(f.result, f.compute(out), name, issues);
  }
  return { record: out, issues };
}

/** True when a definition has anything to derive, so plain resources skip the work. */
export function hasDerivedFields(fields: Fields): boolean {
  return Object.values(fields).some((f) => f.kind === 'computed' || f.kind === 'lines');
}
