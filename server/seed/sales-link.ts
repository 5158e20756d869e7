import { sql } from 'kysely';
import { salesProducts } from '../../resources/index';
import { Records } from '../records';
import { salesHooks } from '../services/sales/hooks';
import { REFRIGERANT_PRODUCTS } from './sales-data';
import type { Db } from '../db/tables';

async function hasTable(trx: Db, schema: string, table: string): Promise<boolean> {
  const { rows } = await sql`
    select 1 from information_schema.tables where table_schema = ${schema} and table_name = ${table}`.execute(trx);
  return rows.length > 0;
}

/**
 * Ties the sales demo to the other modules' once they are seeded: goods whose code is a warehouse SKU
 * become stock-tracked with that item, and refrigerants sold by the kilogram are added for the gases
 * wfm knows (a refrigerant product needs its gas). Without those modules nothing changes.
 */
export async function linkSalesDemo(trx: Db, tenant: string): Promise<void> {
  const def = salesProducts;
  const products = new Records(trx, def, salesHooks[def.name]);
  const actor = { tenant, username: 'admin', roles: ['ROLE_ADMIN'] };
  const mine = await trx
    .selectFrom('sales.products')
    .select(['id', 'code', 'type', 'version', 'stockTracked'])
    .where('tenantId', '=', tenant)
    .execute();
  if (mine.length === 0) return;
  const items = (await hasTable(trx, 'warehouse', 'items'))
    ? await trx.selectFrom('warehouse.items').select(['id', 'sku']).where('tenantId', '=', tenant).execute()
    : [];
  const itemBySku = new Map(items.map((item) => [String(item.sku).toUpperCase(), String(item.id)]));
  for (const product of mine) {
    const itemId = itemBySku.get(String(product.code).toUpperCase());
    if (product.type !== 'goods' || product.stockTracked === true || !itemId) continue;
    await products.update(
      actor,
      String(product.id),
      { version: product.version, stockTracked: true, warehouseItemId: itemId },
      'it',
    );
  }

  if (!(await hasTable(trx, 'wfm', 'refrigerants'))) return;
  const gases = (
    await sql<{ id: string; code: string }>`
    select id, code from wfm.refrigerants where tenant_id = ${tenant}`.execute(trx)
  ).rows;
  const vat = await trx
    .selectFrom('sales.vatRates')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('code', '=', '22')
    .executeTakeFirst();
  const baseList = await trx
    .selectFrom('sales.priceLists')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('isDefault', '=', true)
    .executeTakeFirst();
  const year = new Date().getFullYear();
  for (const gas of REFRIGERANT_PRODUCTS) {
    const refrigerant = gases.find((g) => g.code.toUpperCase() === gas.gas.toUpperCase());
    const code = `REF-${gas.gas.toUpperCase()}`;
    if (!refrigerant || !vat || !baseList || mine.some((p) => p.code === code)) continue;
    const cylinder = [...itemBySku.entries()].find(([sku]) => sku.startsWith(`GAS-${gas.gas.toUpperCase()}-`));
    await products.insert(
      actor,
      {
        code,
        name: `Refrigerante ${gas.gas} (al kg)`,
        type: 'refrigerant',
        uom: 'kg',
        vatRateId: vat.id,
        refrigerantCode: refrigerant.id,
        stockTracked: cylinder !== undefined,
        warehouseItemId: cylinder?.[1] ?? null,
        prices: [{ priceListId: baseList.id, unitPrice: gas.price, validFrom: `${year}-01-01` }],
        costPrice: gas.cost,
      },
      'it',
    );
  }
}
