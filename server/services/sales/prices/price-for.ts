import customers from '../../../../resources/sales/customers';
import priceLists from '../../../../resources/sales/price-lists';
import type { PriceQuote } from '../../../../resources/sales/prices';
import products from '../../../../resources/sales/products';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { problems } from '../../../http/errors';
import type { Lang } from '../../../http/lang';
import { invalid, issue } from '../../../records';
import { lineVat } from './vat';

type PriceRow = Record<string, unknown>;

interface ListRow {
  id: string;
  name: string;
  isDefault: boolean | null;
  active: boolean | null;
}

/** A price applies on `date` when `validFrom ≤ date ≤ validTo` (open-ended without `validTo`). */
const validOn = (price: PriceRow, date: string) =>
  typeof price.validFrom === 'string' &&
  price.validFrom <= date &&
  (typeof price.validTo !== 'string' || date <= price.validTo);

const minQuantityOf = (price: PriceRow) => (price.minQuantity == null ? '0' : String(price.minQuantity));

/** The price of one list for a quantity on a date: the valid one with the highest minimum quantity reached. */
function bestOfList(prices: PriceRow[], listId: string, date: string, quantity: string): PriceRow | undefined {
  return prices
    .filter((p) => p.priceListId === listId && validOn(p, date) && decimal.compare(minQuantityOf(p), quantity) <= 0)
    .sort((a, b) => decimal.compare(minQuantityOf(b), minQuantityOf(a)))[0];
}

/**
 * The price of a product for a customer, a date and a quantity (docs/domain.md#payment-terms-and-price-lists):
 * from the customer's list, else the tenant's default list, else any other active list (by name); the
 * customer's discount; the VAT of `lineVat` (the customer's regime, else the product's rate). Without any valid price the unit price is 0 and `priceListId` null. An unknown product is a 404,
 * an unknown customer a 400 naming `customerId`. `quantity` defaults to 1.
 */
export async function priceFor(
  trx: Db,
  tenant: string,
  q: { productId: string; customerId: string | null; date: string; quantity?: string },
  lang: Lang = 'en',
): Promise<PriceQuote> {
  const product = await trx
    .selectFrom(tableRef(products))
    .select(['id', 'name', 'uom', 'vatRateId', 'prices'])
    .where('tenantId', '=', tenant)
    .where('id', '=', q.productId)
    .executeTakeFirst();
  if (!product) throw problems.notFound('No such product.');
  const customer = q.customerId
    ? await trx
        .selectFrom(tableRef(customers))
        .select(['id', 'priceListId', 'discountPercent', 'vatRegime', 'defaultVatRateId'])
        .where('tenantId', '=', tenant)
        .where('id', '=', q.customerId)
        .executeTakeFirst()
    : undefined;
  if (q.customerId && !customer) throw invalid(lang, [issue('customerId', 'validation.reference')]);

  const lists = (await trx
    .selectFrom(tableRef(priceLists))
    .select(['id', 'name', 'isDefault', 'active'])
    .where('tenantId', '=', tenant)
    .orderBy('name')
    .execute()) as ListRow[];
  const active = lists.filter((list) => list.active !== false);
  const order = [
    ...(customer?.priceListId ? [customer.priceListId] : []),
    ...active.filter((list) => list.isDefault === true).map((list) => list.id),
    ...active.map((list) => list.id),
  ];
  const prices = Array.isArray(product.prices) ? (product.prices as PriceRow[]) : [];
  const quantity = q.quantity ?? '1';
  let unitPrice: string | null = null;
  let priceListId: string | null = null;
  for (const listId of order) {
    const price = bestOfList(prices, listId, q.date, quantity);
    if (price) {
      unitPrice = String(price.unitPrice);
      priceListId = listId;
      break;
    }
  }

  const vat = await lineVat(trx, tenant, customer, product.vatRateId);
  return {
    productId: product.id,
    description: product.name ?? '',
    uom: product.uom ?? '',
    ...vat,
    unitPrice: unitPrice ?? '0.00',
    discountPercent: customer?.discountPercent ?? null,
    priceListId,
  };
}
