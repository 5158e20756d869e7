import invoices from '../../../resources/sales/invoices';
import numberingSeries from '../../../resources/sales/numbering-series';
import type { FieldIssue } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { defineHooks, type HookContext, issue, type StoredOf, type ValuesOf } from '../../records';

type Series = StoredOf<typeof numberingSeries>;

/** A series' code is unique among the series of its document kind. */
async function checkCode(ctx: HookContext, series: ValuesOf<typeof numberingSeries>, stored?: Series): Promise<void> {
  const clash = await ctx.trx
    .selectFrom(tableRef(numberingSeries))
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('documentKind', '=', series.documentKind ?? null)
    .where((eb) => eb(eb.fn('lower', [eb.ref('code')]), '=', String(series.code).toLowerCase()))
    .$if(stored !== undefined, (qb) => qb.where('id', '<>', stored!.id))
    .executeTakeFirst();
  if (clash)
    throw ctx.conflict(
      ctx.issue('code', 'validation.unique'),
      'Another series of this document kind has the same code.',
    );
}

/** The highest number an issued invoice took from the series in its current year, if any did. */
async function lastUsed(ctx: HookContext, series: Series): Promise<number | undefined> {
  const row = await ctx.trx
    .selectFrom(tableRef(invoices))
    .select((eb) => eb.fn.max('number').as('last'))
    .where('tenantId', '=', ctx.actor.tenant)
    .where('seriesId', '=', series.id)
    .where('number', 'is not', null)
    .$if(series.year !== null, (qb) => qb.where('year', '=', series.year))
    .executeTakeFirst();
  return row?.last == null ? undefined : Number(row.last);
}

/** Whether an issued invoice took a number from the series: it is then part of the fiscal record. */
async function numberedFiscal(ctx: HookContext, series: Series): Promise<boolean> {
  const row = await ctx.trx
    .selectFrom(tableRef(invoices))
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('seriesId', '=', series.id)
    .where('number', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a series that numbered fiscal documents may not change any more (docs/domain.md#numbering). */
const FROZEN = ['documentKind', 'format', 'resetYearly', 'fiscal'] as const;

/**
 * A series that numbered an issued invoice keeps its shape (kind, format, yearly restart, fiscal) and
 * is never rewound; a fiscal series' next number never falls to a number already used (409).
 */
async function checkFiscal(ctx: HookContext, changes: ValuesOf<typeof numberingSeries>, stored: Series): Promise<void> {
  const issues: FieldIssue[] = [];
  const used = await numberedFiscal(ctx, stored);
  if (used)
    for (const name of FROZEN)
      if (name in changes && changes[name] !== undefined && changes[name] !== stored[name])
        issues.push(issue(name, 'validation.sales.seriesUsed'));
  if (typeof changes.nextNumber === 'number' && (used || stored.fiscal)) {
    const last = await lastUsed(ctx, stored);
    const floor = used ? Math.max(stored.nextNumber ?? 1, (last ?? 0) + 1) : (last ?? 0) + 1;
    if (changes.nextNumber < floor)
      issues.push(issue('nextNumber', 'validation.sales.seriesRewind', { number: floor - 1 }));
  }
  if (issues.length > 0)
    throw ctx.conflict(issues, 'The series has numbered fiscal documents: it cannot be rewound or reshaped.');
}

/** The numbering series' behaviour: unique codes, and fiscal series kept as they numbered. */
export const numberingSeriesHooks = defineHooks(numberingSeries, {
  async beforeCreate(ctx, values) {
    await checkCode(ctx, values);
  },
  async beforeUpdate(ctx, changes, stored) {
    await checkCode(ctx, { ...stored, ...changes }, stored);
    await checkFiscal(ctx, changes, stored);
  },
  async beforeDelete(ctx, stored) {
    if (await numberedFiscal(ctx, stored))
      throw ctx.conflict(
        ctx.issue('fiscal', 'validation.sales.seriesUsed'),
        'The series has numbered fiscal documents: it cannot be deleted.',
      );
  },
});
