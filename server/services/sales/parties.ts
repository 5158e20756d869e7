import customers from '../../../resources/sales/customers';
import type { DocumentKind } from '../../../resources/sales/numbering-series';
import sites from '../../../resources/sales/sites';
import suppliers from '../../../resources/sales/suppliers';
import type { FieldIssue } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import { defineHooks, type HookContext, issue, type ResourceHooks, type StoredOf, type ValuesOf } from '../../records';
import { nextNumber } from './numbering';
import type { Db } from '../../db/tables';

const today = () => new Date();

/**
 * The next free code of a customer or supplier from its numbering series ("C00001"): codes typed by
 * hand may already have taken some numbers, which are skipped.
 */
async function freeCode(
  ctx: HookContext,
  kind: DocumentKind,
  def: typeof customers | typeof suppliers,
): Promise<string> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const { fullNumber } = await nextNumber(ctx.trx, ctx.actor.tenant, kind, today(), { lang: ctx.lang });
    const clash = await ctx.trx
      .selectFrom(tableRef(def))
      .select('id')
      .where('tenantId', '=', ctx.actor.tenant)
      .where((eb) => eb(eb.fn('lower', [eb.ref('code')]), '=', fullNumber.toLowerCase()))
      .executeTakeFirst();
    if (!clash) return fullNumber;
  }
  throw ctx.invalid([ctx.issue('code', 'validation.required')]);
}

/** Customers and suppliers: the code given from the series when left empty. */
function coded(kind: DocumentKind, def: typeof customers | typeof suppliers) {
  // Customers and suppliers share these fields: the hooks are written once, on the customer's type.
  return defineHooks(def as typeof customers, {
    async beforeCreate(ctx, values) {
      return values.code ? values : { ...values, code: await freeCode(ctx, kind, def) };
    },
    async beforeUpdate(ctx, changes) {
      return 'code' in changes && !changes.code ? { ...changes, code: await freeCode(ctx, kind, def) } : changes;
    },
  });
}

async function siteRow(trx: Db, tenant: string, id: string) {
  return (await trx
    .selectFrom(tableRef(sites))
    .select(['id', 'customerId', 'parentSiteId'])
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()) as { id: string; customerId: string; parentSiteId: string | null } | undefined;
}

/**
 * A site's code is unique among its customer's sites; its parent is a site of the same customer and
 * not itself nor one of its own sub-sites; a site with sub-sites keeps its customer.
 */
async function checkSite(
  ctx: HookContext,
  site: ValuesOf<typeof sites>,
  stored?: StoredOf<typeof sites>,
): Promise<void> {
  const { trx } = ctx;
  const tenant = ctx.actor.tenant;
  const clash = await trx
    .selectFrom(tableRef(sites))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('customerId', '=', site.customerId ?? null)
    .where((eb) => eb(eb.fn('lower', [eb.ref('code')]), '=', String(site.code).toLowerCase()))
    .$if(stored !== undefined, (qb) => qb.where('id', '<>', stored!.id))
    .executeTakeFirst();
  if (clash)
    throw ctx.conflict(ctx.issue('code', 'validation.unique'), 'Another site of this customer has the same code.');

  const issues: FieldIssue[] = [];
  if (typeof site.parentSiteId === 'string') {
    const parent = await siteRow(trx, tenant, site.parentSiteId);
    if (parent && parent.customerId !== site.customerId)
      issues.push(issue('parentSiteId', 'validation.sales.sameCustomer'));
    // Walking up from the parent must never come back to this site.
    let cursor = parent;
    for (let depth = 0; cursor && depth < 100; depth++) {
      if (stored && cursor.id === stored.id) {
        issues.push(issue('parentSiteId', 'validation.sales.siteCycle'));
        break;
      }
      cursor = cursor.parentSiteId ? await siteRow(trx, tenant, cursor.parentSiteId) : undefined;
    }
  }
  if (stored && site.customerId !== stored.customerId) {
    const child = await trx
      .selectFrom(tableRef(sites))
      .select('id')
      .where('tenantId', '=', tenant)
      .where('parentSiteId', '=', stored.id)
      .executeTakeFirst();
    if (child) issues.push(issue('customerId', 'validation.sales.siteChildren'));
  }
  if (issues.length > 0) throw ctx.invalid(issues);
}

const siteHooks = defineHooks(sites, {
  async beforeCreate(ctx, values) {
    await checkSite(ctx, values);
  },
  async beforeUpdate(ctx, changes, stored) {
    await checkSite(ctx, { ...stored, ...changes }, stored);
  },
});

export const partyHooks: Record<string, ResourceHooks> = {
  [customers.name]: coded('customer', customers),
  [suppliers.name]: coded('supplier', suppliers),
  [sites.name]: siteHooks,
};
