import incomingDdts from '../../../resources/wh/incoming-ddts';
import { sql } from 'kysely';
import movements from '../../../resources/wh/movements';
import { decimal } from '../../../resources/schema';
import { HttpProblem } from '../../http/errors';
import { defineHooks, type HookContext, type Issue, Records, type Row, type ValuesOf } from '../../records';
import { nextNumber, yearOf } from '../sales/numbering';
import { movementHooks } from './movements';
import { checkPlace, TABLES } from './references';
import { lockItem } from './stock';

type DdtLines = NonNullable<ValuesOf<typeof incomingDdts>['lines']>;

const blank = (v: unknown) => v === null || v === undefined || v === '';
const linesOf = (ddt: Row): Row[] => (Array.isArray(ddt.lines) ? (ddt.lines as Row[]) : []);

/** The items a DDT's lines name, by id, in one query. */
async function itemsOf(ctx: HookContext, lines: Row[]): Promise<Map<string, Row>> {
  const ids = [...new Set(lines.map((l) => l.itemId).filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.trx
    .selectFrom(TABLES.items)
    .select(['id', 'uom', 'tracking', 'active', 'standardCost'])
    .where('tenantId', '=', ctx.actor.tenant)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row: Row) => [row.id as string, row]));
}

/**
 * Lines as stored: each numbered (an empty number is the next after the highest), its unit the item's
 * when empty, its item existing and active, its location one of the destination warehouse.
 */
async function prepareLines(ctx: HookContext, ddt: Row): Promise<DdtLines> {
  const { trx, actor } = ctx;
  const issues: Issue[] = [];
  const lines = linesOf(ddt).map((line) => ({ ...line }));
  const items = await itemsOf(ctx, lines);
  const locationIds = [...new Set(lines.map((l) => l.locationId).filter((id): id is string => typeof id === 'string'))];
  const locations = new Map<string, Row>(
    locationIds.length === 0
      ? []
      : (
          await trx
            .selectFrom(TABLES.locations)
            .select(['id', 'warehouseId', 'active'])
            .where('tenantId', '=', actor.tenant)
            .where('id', 'in', locationIds)
            .execute()
        ).map((row: Row) => [row.id as string, row]),
  );
  let next = Math.max(0, ...lines.map((l) => (typeof l.lineNo === 'number' ? l.lineNo : 0)));
  for (const [i, line] of lines.entries()) {
    if (typeof line.lineNo !== 'number') line.lineNo = ++next;
    if (typeof line.itemId === 'string') {
      const item = items.get(line.itemId);
      if (!item) issues.push({ path: `lines.${i}.itemId`, key: 'validation.wh.notFound' });
      else {
        if (item.active === false) issues.push({ path: `lines.${i}.itemId`, key: 'validation.wh.inactive' });
        if (blank(line.uom)) line.uom = item.uom;
        else if (line.uom !== item.uom)
          issues.push({ path: `lines.${i}.uom`, key: 'validation.wh.uomMismatch', params: { uom: String(item.uom) } });
        if (item.tracking === 'none' && !blank(line.lotNumber))
          issues.push({ path: `lines.${i}.lotNumber`, key: 'validation.wh.notTracked' });
      }
    }
    if (typeof line.locationId === 'string') {
      const location = locations.get(line.locationId);
      const path = `lines.${i}.locationId`;
      if (!location) issues.push({ path, key: 'validation.wh.notFound' });
      else if (location.warehouseId !== ddt.destinationWarehouseId)
        issues.push({ path, key: 'validation.wh.otherWarehouse' });
      else if (location.active === false) issues.push({ path, key: 'validation.wh.inactive' });
    }
  }
  ctx.refuse(issues);
  // Checked above against the items and locations: the lines are the definition's.
  return lines as DdtLines;
}

/** The supplier's DDT numbers are unique per supplier and year (docs/domain.md#incoming-ddt). */
async function refuseDuplicate(ctx: HookContext, ddt: Row, selfId?: string): Promise<void> {
  const year = yearOf(ddt.date as string);
  const clash = await ctx.trx
    .selectFrom(TABLES.ddts)
    .select('internalRef')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('supplierId', '=', ddt.supplierId as string)
    .where(sql`lower(number)`, '=', String(ddt.number).toLowerCase())
    .where(sql`extract(year from date)`, '=', year)
    .$if(selfId !== undefined, (qb) => qb.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (clash)
    throw ctx.conflict(
      [{ path: 'number', key: 'validation.wh.duplicateDdt' }],
      `The supplier's DDT ${String(ddt.number)} of ${year} is already registered.`,
    );
}

async function checkDestination(ctx: HookContext, ddt: Row): Promise<void> {
  ctx.refuse(
    await checkPlace(
      ctx.trx,
      ctx.actor.tenant,
      { warehouseId: ddt.destinationWarehouseId, locationId: null },
      { warehouse: 'destinationWarehouseId', location: 'destinationWarehouseId' },
    ),
  );
}

/** Where a movement's field lands on the DDT: the destination is the document's, the rest the line's. */
const LINE_PATHS: Record<string, string> = {
  toWarehouseId: 'destinationWarehouseId',
  toLocationId: 'locationId',
  serialNumber: 'lotNumber',
  unitCost: 'unitPrice',
};

/** A refused movement of line `i` as a refusal of that line, so the form shows it where the value was typed. */
function onLine(error: unknown, i: number): unknown {
  if (!(error instanceof HttpProblem)) return error;
  const errors = error.errors.map((e) => {
    const target = LINE_PATHS[e.path] ?? e.path;
    return { ...e, path: target === 'destinationWarehouseId' ? target : `lines.${i}.${target}` };
  });
  return new HttpProblem(error.status, error.message, errors, error.title);
}

const movementRecords = (ctx: HookContext) => new Records(ctx.trx, movements, movementHooks);

/**
 * The `in` movements receiving a DDT creates (docs/domain.md#incoming-ddt), as create bodies: one per line with an
 * item, into the destination warehouse at the line's location, valued at the line's price (else the
 * item's standard cost). For a serial-tracked item the line's lot is the serial number. Lines that
 * cannot be received as they are (a tracked item without lot, a serial line of more than one piece)
 * are issues on those lines.
 */
export function receiptBodies(
  ddt: Row,
  items: ReadonlyMap<string, Row>,
  at: string,
): { bodies: Row[]; lines: number[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const bodies: Row[] = [];
  const lines: number[] = [];
  for (const [i, line] of linesOf(ddt).entries()) {
    if (typeof line.itemId !== 'string') continue;
    const item = items.get(line.itemId);
    const tracking = item?.tracking;
    if (tracking === 'lot' && blank(line.lotNumber))
      issues.push({ path: `lines.${i}.lotNumber`, key: 'validation.wh.lotRequired' });
    if (tracking === 'serial' && blank(line.lotNumber))
      issues.push({ path: `lines.${i}.lotNumber`, key: 'validation.wh.serialRequired' });
    if (tracking === 'serial' && decimal.compare(line.quantity, 1) !== 0)
      issues.push({ path: `lines.${i}.quantity`, key: 'validation.wh.serialQuantity' });
    lines.push(i);
    bodies.push({
      type: 'in',
      date: at,
      itemId: line.itemId,
      quantity: line.quantity,
      uom: line.uom ?? null,
      toWarehouseId: ddt.destinationWarehouseId,
      toLocationId: line.locationId ?? null,
      lotNumber: tracking === 'lot' ? line.lotNumber : null,
      serialNumber: tracking === 'serial' ? line.lotNumber : null,
      unitCost: line.unitPrice ?? item?.standardCost ?? '0',
      sourceType: 'incomingDdt',
      sourceId: ddt.id,
      reason: `DDT ${String(ddt.number)}`,
      state: 'done',
    });
  }
  return { bodies, lines, issues };
}

/**
 * Receiving a DDT: its receipt movements created through the movements' own path (validation, number,
 * stock posting). Items are locked first, in a fixed order, as every posting takes its locks.
 */
export async function receiveDdt(ctx: HookContext, ddt: Row, at: string): Promise<Row[]> {
  const items = await itemsOf(ctx, linesOf(ddt));
  for (const id of [...items.keys()].sort()) await lockItem(ctx.trx, ctx.actor.tenant, id);
  const { bodies, lines, issues } = receiptBodies(ddt, items, at);
  ctx.refuse(issues);
  const records = movementRecords(ctx);
  const created: Row[] = [];
  for (const [n, body] of bodies.entries()) {
    try {
      created.push(await records.insert(ctx.actor, body, ctx.lang));
    } catch (error) {
      throw onLine(error, lines[n]);
    }
  }
  return created;
}

/** Cancelling a received DDT reverses each of its receipts, where stock allows it (docs/domain.md#incoming-ddt). */
async function reverseReceipts(ctx: HookContext, ddt: Row, at: string): Promise<void> {
  const receipts = await ctx.trx
    .selectFrom(`${TABLES.movements} as m`)
    .selectAll('m')
    .where('m.tenantId', '=', ctx.actor.tenant)
    .where('m.sourceType', '=', 'incomingDdt')
    .where('m.sourceId', '=', ddt.id as string)
    .where('m.type', '=', 'in')
    .where('m.state', '=', 'done')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom(`${TABLES.movements} as r`).select('r.id').whereRef('r.reversedMovementId', '=', 'm.id'))),
    )
    .orderBy('m.itemId')
    .execute();
  for (const id of [...new Set(receipts.map((m) => m.itemId as string))].sort())
    await lockItem(ctx.trx, ctx.actor.tenant, id);
  const records = movementRecords(ctx);
  for (const receipt of receipts)
    await records.insert(
      ctx.actor,
      {
        type: 'reversal',
        state: 'done',
        reversedMovementId: receipt.id,
        date: at,
        sourceType: 'incomingDdt',
        sourceId: ddt.id,
      },
      ctx.lang,
    );
}

const locked = (ctx: HookContext, status: unknown) =>
  ctx.conflict(
    [{ path: 'status', key: 'validation.wh.locked' }],
    `A ${String(status)} DDT cannot be changed or deleted.`,
  );

/**
 * Incoming DDTs beyond generic CRUD: registered as "DDT-IN/2026/0001", lines numbered and checked
 * against items and the destination warehouse, changed only as drafts; `receive` stocks the goods and
 * `cancel` of a received one reverses them, both in the action's transaction.
 */
export const ddtHooks = defineHooks(incomingDdts, {
  async beforeCreate(ctx, values) {
    await checkDestination(ctx, values);
    const lines = await prepareLines(ctx, values);
    await refuseDuplicate(ctx, values);
    const assigned = await nextNumber(ctx.trx, ctx.actor.tenant, 'ddtIn', values.date as string, { lang: ctx.lang });
    return { ...values, lines, internalRef: assigned.fullNumber };
  },
  async beforeUpdate(ctx, changes, stored) {
    if (stored.status !== 'draft') throw locked(ctx, stored.status);
    const merged: Row = { ...stored, ...changes };
    await checkDestination(ctx, merged);
    const lines = await prepareLines(ctx, merged);
    if (['supplierId', 'number', 'date'].some((name) => name in changes))
      await refuseDuplicate(ctx, merged, stored.id as string);
    return 'lines' in changes ? { ...changes, lines } : changes;
  },
  async beforeDelete(ctx, stored) {
    if (stored.status !== 'draft') throw locked(ctx, stored.status);
  },
  actions: {
    receive: {
      async after(ctx, record) {
        await receiveDdt(ctx, record, new Date().toISOString());
      },
    },
    cancel: {
      async after(ctx, record, _input, previous) {
        if (previous.status === 'received') await reverseReceipts(ctx, record, new Date().toISOString());
      },
    },
  },
});
