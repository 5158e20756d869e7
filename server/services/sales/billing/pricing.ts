import customers from '../../../../resources/sales/customers';
import products from '../../../../resources/sales/products';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import type { Row } from '../../../records';
import { priceFor } from '../prices/price-for';

export async function customerOf(trx: Db, tenant: string, customerId: string): Promise<Row | undefined> {
  return (await trx
    .selectFrom(tableRef(customers))
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('id', '=', customerId)
    .executeTakeFirst()) as Row | undefined;
}

export async function productOf(trx: Db, tenant: string, id: string): Promise<Row | undefined> {
  return (await trx
    .selectFrom(tableRef(products))
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
}

/** The tenant's product sold for hours of work (type `labour`), the first by code among the active ones. */
export async function labourProduct(trx: Db, tenant: string): Promise<Row | undefined> {
  return (await trx
    .selectFrom(tableRef(products))
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('type', '=', 'labour')
    .where('active', 'is not', false)
    .orderBy('code')
    .limit(1)
    .executeTakeFirst()) as Row | undefined;
}

/** The product sold for a warehouse item (products.warehouseItemId), when there is one. */
export async function productOfItem(trx: Db, tenant: string, itemId: string): Promise<Row | undefined> {
  return (await trx
    .selectFrom(tableRef(products))
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('warehouseItemId', '=', itemId)
    .orderBy('code')
    .limit(1)
    .executeTakeFirst()) as Row | undefined;
}

/**
 * A product's list price on a day for a quantity, as the price lists give it (`priceFor`,
 * docs/domain.md#payment-terms-and-price-lists): null when no list has a valid price.
 */
export async function listPrice(
  trx: Db,
  tenant: string,
  product: Row,
  customer: Row,
  date: string,
  quantity: string,
): Promise<string | null> {
  const quote = await priceFor(trx, tenant, {
    productId: String(product.id),
    customerId: String(customer.id),
    date,
    quantity,
  });
  return quote.priceListId === null ? null : quote.unitPrice;
}
