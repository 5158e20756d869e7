import { expect, it } from 'vitest';
import type { FilterOperator } from '../../../resources/schema';
import { listUrl, type Row } from './fixture';
import { filterables, orderIsCheckable, orderViolation, probe, valueKind, type Probed } from './probes';
import type { Suite } from './suite';

const SYSTEM_SORT_KINDS: Record<string, string> = { createdAt: 'datetime', updatedAt: 'datetime' };

function rowsOf(s: Suite): Row[] {
  return [s.subject.record, ...s.subject.others].filter((r): r is Row => r !== undefined);
}

/** The list answer for some filters, as ids. */
async function ids(s: Suite, filters: Parameters<typeof listUrl>[1], extra?: Record<string, string>) {
  const res = await s.contract().get(listUrl(s.def, filters, extra));
  expect(res.statusCode, `GET ${listUrl(s.def, filters, extra)}: ${res.body}`).toBe(200);
  return res.json().data as Row[];
}

/**
 * One test per filterable field and operator: the filter, ANDed with `id eq` of a record, must find
 * it (or, for neq and strict bounds on its own value, leave it out), whatever else the tenant holds.
 */
export function filterTests(s: Suite): void {
  const { def, report } = s;
  for (const p of filterables(def)) {
    for (const op of p.ops) {
      it(`filter ${p.name} ${op}`, async (ctx) => {
        const candidates = rowsOf(s);
        if (candidates.length === 0) return ctx.skip('no record to find');
        const picked = pick(p, op, candidates);
        if (!picked) {
          report.skip(def.name, 'filters', `${p.name} ${op}`);
          return ctx.skip(`no record has a value ${op} applies to`);
        }
        await report.check(def.name, 'filters', `${p.name} ${op}`, async () => {
          const { row, probed } = picked;
          const found = await ids(s, [
            { field: p.name, operator: op, value: probed.value },
            { field: 'id', operator: 'eq', value: row.id },
          ]);
          expect(
            found.map((r) => r.id),
            `${p.name} ${op} ${JSON.stringify(probed.value)} on a record holding ${JSON.stringify(row[p.name])}`,
          ).toEqual(probed.found ? [row.id] : []);
        });
      });
    }
  }
  const searchable = Object.entries(def.fields).filter(([, f]) => f.searchable && !f.writeOnly);
  if (searchable.length > 0) {
    it('filter q contains', async (ctx) => {
      const row = s.subject.record;
      const hit = row && searchable.find(([name]) => typeof row[name] === 'string' && row[name] !== '');
      if (!row || !hit) return ctx.skip('no searchable value on the record');
      await report.check(def.name, 'filters', 'q contains', async () => {
        const probed = probe({ name: hit[0], kind: 'text', ops: ['contains'] }, 'contains', row[hit[0]])!;
        const found = await ids(s, [
          { field: 'q', operator: 'contains', value: probed.value },
          { field: 'id', operator: 'eq', value: row.id },
        ]);
        expect(
          found.map((r) => r.id),
          `q contains ${JSON.stringify(probed.value)}`,
        ).toEqual([row.id]);
      });
    });
  }
}

function pick(p: Probed, op: FilterOperator, rows: Row[]) {
  for (const row of rows) {
    const probed = probe(p, op, row[p.name]);
    if (probed) return { row, probed };
  }
  return undefined;
}

/**
 * One test per sortable field: both directions answer 200; the records made here come back in order
 * (where the order does not hang on the collation), and for numbers and dates the whole first page too.
 */
export function sortTests(s: Suite): void {
  const { def, report } = s;
  const sortable = [
    ...Object.entries(def.fields)
      .filter(([, f]) => f.sortable && !f.writeOnly)
      .map(([name, f]) => [name, valueKind(f)] as const),
    ...Object.entries(SYSTEM_SORT_KINDS),
  ];
  for (const [name, kind] of sortable) {
    it(`sort ${name} asc and desc`, async () => {
      await report.check(def.name, 'sorts', name, async () => {
        const mine = rowsOf(s).map((r) => r.id);
        for (const direction of ['asc', 'desc'] as const) {
          const options = { 'options[sortBy]': name, 'options[sortDirection]': direction };
          if (mine.length > 0) {
            const rows = await ids(s, [{ field: 'id', operator: 'in', value: mine }], options);
            expect(rows.map((r) => r.id).sort()).toEqual([...mine].sort());
            expect(orderViolation(kind, rows, name, direction), `sorted by ${name} ${direction}`).toBeUndefined();
          }
          const page = await ids(s, [], { ...options, pageSize: '100' });
          if (orderIsCheckable(kind))
            expect(orderViolation(kind, page, name, direction), `first page by ${name} ${direction}`).toBeUndefined();
        }
      });
    });
  }
}
