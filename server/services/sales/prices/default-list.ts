import priceLists from '../../../../resources/sales/price-lists';
import { sql } from 'kysely';
import { tableRef } from '../../../db/derive';
import { defineHooks, type HookContext } from '../../../records';

/**
 * The tenant's lists marked default other than `exceptId`, under a per-tenant transaction lock: two requests
 * touching the default take turns (the partial unique index of migration 0008 is the backstop).
 */
async function otherDefaults(ctx: HookContext, exceptId: string | null) {
  await sql`select pg_advisory_xact_lock(hashtext(${`sales/price-lists/default:${ctx.actor.tenant}`}))`.execute(
    ctx.trx,
  );
  let query = ctx.trx
    .selectFrom(tableRef(priceLists))
    .select('id')
    .where('tenantId', '=', ctx.actor.tenant)
    .where('isDefault', '=', true);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.execute();
}

/** Clears the default mark of every other list of the tenant (their version moves on, as any write). */
async function clearOthers(ctx: HookContext, exceptId: string | null): Promise<void> {
  const others = await otherDefaults(ctx, exceptId);
  if (others.length === 0) return;
  await ctx.trx
    .updateTable(tableRef(priceLists))
    .set({
      isDefault: false,
      version: sql<number>`version + 1`,
      updatedAt: sql<string>`now()`,
      updatedBy: ctx.actor.username,
    })
    .where('tenantId', '=', ctx.actor.tenant)
    .where(
      'id',
      'in',
      others.map((row) => row.id),
    )
    .execute();
}

/**
 * Exactly one default price list per tenant (docs/domain.md#payment-terms-and-price-lists): setting one clears
 * the others; the first list of a tenant is the default; the default cannot be unset (set another instead),
 * archived or deleted.
 */
export const priceListHooks = defineHooks(priceLists, {
  async beforeCreate(ctx, values) {
    if (values.isDefault === true) {
      await clearOthers(ctx, null);
      if (values.active === false) throw ctx.invalid([ctx.issue('active', 'validation.sales.defaultListActive')]);
      return values;
    }
    if ((await otherDefaults(ctx, null)).length === 0) return { ...values, isDefault: true };
    return values;
  },
  async beforeUpdate(ctx, changes, stored) {
    const isDefault = 'isDefault' in changes ? changes.isDefault === true : stored.isDefault === true;
    if (stored.isDefault === true && !isDefault)
      throw ctx.invalid([ctx.issue('isDefault', 'validation.sales.defaultListRequired')]);
    if (isDefault && ('active' in changes ? changes.active : stored.active) === false)
      throw ctx.invalid([ctx.issue('active', 'validation.sales.defaultListActive')]);
    if (isDefault && stored.isDefault !== true) await clearOthers(ctx, stored.id);
    return changes;
  },
  async beforeDelete(ctx, stored) {
    if (stored.isDefault === true)
      throw ctx.conflict(
        ctx.issue('isDefault', 'validation.sales.defaultListRequired'),
        'The default price list cannot be deleted: make another list the default first.',
      );
  },
});
