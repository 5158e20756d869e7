import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import numberingSeries, { formatNumber } from '../../resources/sales/numbering-series';
import { createSchema, deriveRecord, describeIssues, type ResourceDefinition } from '../../resources/schema';
import { tableRef } from '../db/derive';
import { type Actor, columnValue } from '../records';
import { nextNumber, yearOf } from '../services/sales/numbering';
import { dynamic, type Db } from '../db/tables';

type Row = Record<string, unknown>;

/** Rows per insert statement. */
const CHUNK = 200;

/** A create body checked by the definition's own create schema (fields and rules), as the API checks it. */
function validated(def: ResourceDefinition, schema: ReturnType<typeof createSchema>, body: Row): Row {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`Invalid demo ${def.name} ${JSON.stringify(body)}: ${JSON.stringify(describeIssues(parsed.error.issues))}`); // prettier-ignore
  return parsed.data;
}

/**
 * Many records of a definition without hooks on create, attachments or rich text, in a few statements:
 * each validated and derived (line ids, computed values) exactly as Records.insert does, which on
 * PGlite costs several milliseconds per record. Returns the ids, in order.
 */
export async function bulkInsert(trx: Db, def: ResourceDefinition, actor: Actor, bodies: Row[]): Promise<string[]> {
  const kinds = Object.values(def.fields).map((f) => f.kind);
  if (kinds.includes('attachments') || kinds.includes('richText'))
    throw new Error(`${def.name}: bulkInsert takes no attachments or rich text`);
  const schema = createSchema(def);
  const rows = bodies.map((body) => {
    const { record, issues } = deriveRecord(def.fields, validated(def, schema, body), randomUUID);
    if (issues.length > 0) throw new Error(`Invalid demo ${def.name}: ${JSON.stringify(issues)}`);
    const row: Row = { tenantId: actor.tenant, id: randomUUID(), createdBy: actor.username, updatedBy: actor.username, version: 1 }; // prettier-ignore
    for (const [name, value] of Object.entries(record)) row[name] = columnValue(def, name, value);
    return row;
  });
  for (let i = 0; i < rows.length; i += CHUNK)
    await dynamic(trx)
      .insertInto(tableRef(def))
      .values(rows.slice(i, i + CHUNK))
      .execute();
  return rows.map((row) => row.id as string);
}

const SERIES = tableRef(numberingSeries);

/**
 * The demo history's movements, written in bulk: each body validated by the movements' own create
 * schema (fields and rules) as it is added, then numbered in date order from the movement series of
 * its year (the series hands out the year's first number and is moved past the rest in one write),
 * then inserted a few hundred at a time. The stock projection is replayed from them afterwards
 * (services/warehouse/ledger.ts), as the posting hooks would have built it one movement at a time.
 */
export class MovementLedger {
  private readonly schema: ReturnType<typeof createSchema>;
  private readonly pending: { id: string; username: string; values: Row }[] = [];

  constructor(
    private readonly trx: Db,
    private readonly tenant: string,
    private readonly def: ResourceDefinition,
    /** The unit of each item, for movements that leave it empty (as the hook fills it). */
    private readonly uomOf: (itemId: string) => string | undefined,
  ) {
    this.schema = createSchema(def);
  }

  add(username: string, body: Row): string {
    const values = validated(this.def, this.schema, body);
    const id = randomUUID();
    this.pending.push({ id, username, values });
    return id;
  }

  async flush(): Promise<void> {
    const byYear = new Map<number, typeof this.pending>();
    for (const entry of this.pending) {
      const year = yearOf(entry.values.date as string);
      byYear.set(year, [...(byYear.get(year) ?? []), entry]);
    }
    const rows: Row[] = [];
    for (const entries of [...byYear.keys()].sort().map((year) => byYear.get(year)!)) {
      const numbers = await this.reserve(entries[0].values.date as string, entries.length);
      entries.forEach(({ id, username, values }, n) =>
        rows.push({
          tenantId: this.tenant,
          id,
          createdBy: username,
          updatedBy: username,
          version: 1,
          ...values,
          uom: values.uom ?? this.uomOf(values.itemId as string) ?? null,
          number: numbers[n],
          performedBy: username,
        }),
      );
    }
    for (let i = 0; i < rows.length; i += CHUNK)
      await dynamic(this.trx)
        .insertInto(tableRef(this.def))
        .values(rows.slice(i, i + CHUNK))
        .execute();
    this.pending.length = 0;
  }

  /** `count` consecutive numbers of the year of `date`. */
  private async reserve(date: string, count: number): Promise<string[]> {
    const first = await nextNumber(this.trx, this.tenant, 'movement', date);
    if (count === 1) return [first.fullNumber];
    const series = await this.trx
      .updateTable(SERIES)
      .set({ nextNumber: sql`next_number + ${count - 1}` })
      .where('tenantId', '=', this.tenant)
      .where('id', '=', first.seriesId)
      .returning(['format'])
      .executeTakeFirstOrThrow();
    return Array.from({ length: count }, (_, n) =>
      formatNumber(series.format as string, { number: first.number + n, year: first.year, code: first.code }),
    );
  }
}
