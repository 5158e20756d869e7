import customers from '../../../../resources/sales/customers';
import products from '../../../../resources/sales/products';
import vatRates from '../../../../resources/sales/vat-rates';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import type { Row } from '../../../records';
import { priceFor } from '../prices/price-for';

export interface LineVat {
  vatRate: string;
  vatNature: string | null;
}

/** The nature a customer's VAT regime puts on every line (docs/domain.md#money-lines-and-vat). */
const REGIME_NATURE: Record<string, string> = {
  reverseChargeN67: 'N6.7',
  declarationOfIntent: 'N3.5',
  exempt: 'N4',
};

const STANDARD_RATE = '22.00';

async function vatRateRow(trx: Db, tenant: string, id: unknown): Promise<LineVat | null> {
  if (typeof id !== 'string') return null;
  const row = await trx
    .selectFrom(tableRef(vatRates))
    .select(['rate', 'nature'])
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { vatRate: decimal.round(row.rate, 2), vatNature: (row.nature as string | null) ?? null } : null;
}

export async function customerOf(trx: Db, tenant: string, customerId: string): Promise<Row | undefined> {
  return (await trx
    .selectFrom(tableRef(customers))
    .selectAll()
    .where('tenantId', '=', tenant)
    .where('id', '=', customerId)
    .executeTakeFirst()) as Row | undefined;
}

/**
 * The VAT of a generated line: a regime that takes VAT off the invoice (reverse charge, declaration of intent,
 * exempt) decides for every line, through the customer's default rate when it carries that nature; otherwise the
 * product's rate, then the customer's default rate, then the standard 22%.
 */
export async function lineVat(trx: Db, tenant: string, customer: Row, productVatRateId?: unknown): Promise<LineVat> {
  const customerDefault = await vatRateRow(trx, tenant, customer.defaultVatRateId);
  const nature = REGIME_NATURE[String(customer.vatRegime)];
  if (nature) return customerDefault?.vatNature ? customerDefault : { vatRate: '0.00', vatNature: nature };
  return (
    (await vatRateRow(trx, tenant, productVatRateId)) ?? customerDefault ?? { vatRate: STANDARD_RATE, vatNature: null }
  );
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
