import vatRates from '../../../../resources/sales/vat-rates';
import { decimal } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';

export interface LineVat {
  vatRate: string;
  vatNature: string | null;
}

/**
 * The natura a customer's VAT regime puts on every line, at 0% (docs/domain.md#payment-terms-and-price-lists):
 * reverse charge in the building sector (art. 17 c. 6 DPR 633/72, N6.7), supplies to a habitual exporter under a
 * declaration of intent (N3.5), an exempt customer (N4). Split payment keeps the rates: only who pays the VAT moves.
 */
const REGIME_NATURE: Readonly<Record<string, string>> = {
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

/**
 * The VAT of a line of a product sold to a customer, the one rule for the price lookup and the invoices the
 * product generates: a regime that takes VAT off the invoice decides for every line, through the customer's
 * default rate when that carries a natura (the exact N3.x/N6.x the office chose); otherwise the product's rate,
 * then the customer's default rate, then the standard 22%.
 */
export async function lineVat(
  trx: Db,
  tenant: string,
  customer: { vatRegime?: unknown; defaultVatRateId?: unknown } | null | undefined,
  productVatRateId?: unknown,
): Promise<LineVat> {
  const customerDefault = await vatRateRow(trx, tenant, customer?.defaultVatRateId);
  const nature = REGIME_NATURE[String(customer?.vatRegime)];
  if (nature) return customerDefault?.vatNature ? customerDefault : { vatRate: '0.00', vatNature: nature };
  return (
    (await vatRateRow(trx, tenant, productVatRateId)) ?? customerDefault ?? { vatRate: STANDARD_RATE, vatNature: null }
  );
}
