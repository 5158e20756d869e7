import { decimal } from '../schema';
import { documentTotals } from './money-lines';
import { rowsOf } from './rules';

/**
 * The tax cases of an invoice as pure rules over its stored values (docs/domain.md#tax-cases): the stamp duty,
 * the withholding and what the customer pays. The invoice's computed fields and the sales hooks share them.
 */

/** The virtual stamp duty (DPR 642/72, tariff art. 13): 2.00 euro on a document whose lines without VAT exceed 77.47. */
export const STAMP_DUTY = '2.00';
export const STAMP_DUTY_THRESHOLD = '77.47';

type Doc = Readonly<Record<string, unknown>>;

/**
 * Reverse-charge (N6.x) and EU-taxed (N7) lines bear VAT elsewhere, so they are not "without VAT" for the stamp
 * duty; taxed lines (no natura) never are.
 */
const stampedNature = (nature: unknown) =>
  typeof nature === 'string' && nature !== '' && !nature.startsWith('N6') && nature !== 'N7';

/** The sum of the lines the stamp duty looks at: those with a natura other than N6.x and N7. */
export function stampDutyBase(lines: unknown): string {
  const amounts = rowsOf(lines)
    .filter((line) => stampedNature(line.vatNature))
    .map((line) => decimal.lineAmount(line.quantity, line.unitPrice, line.discountPercent));
  return decimal.round(decimal.sum(amounts), 2);
}

/** The stamp duty due on these lines: 2.00 above 77.47 euro (77.47 itself is not above), else none. */
export function stampDutyDue(lines: unknown): string | null {
  return decimal.compare(stampDutyBase(lines), STAMP_DUTY_THRESHOLD) > 0 ? STAMP_DUTY : null;
}

/** The stamp duty the customer is charged: the duty due unless the company bears it. */
export const chargedStampDuty = (r: Doc) => (r.stampDutyCharged === false ? '0' : decimal.round(r.stampDuty ?? 0, 2));

/** ImportoTotaleDocumento: taxable + VAT of the lines, plus the stamp duty when charged to the customer. */
export const documentTotal = (r: Doc): string =>
  decimal.round(decimal.dec(documentTotals(r.lines).total).plus(decimal.dec(chargedStampDuty(r))), 2);

/** The withholding (ritenuta d'acconto): the taxable amount times the rate, rounded half-up to the cent. */
export function withholdingAmount(r: Doc): string {
  if (r.withholdingRate === null || r.withholdingRate === undefined || r.withholdingRate === '') return '0.00';
  return decimal.round(decimal.dec(documentTotals(r.lines).taxable).times(decimal.dec(r.withholdingRate)).div(100), 2);
}

/**
 * What the customer pays (the due dates' sum, DatiPagamento's amounts): the document total less the VAT the
 * customer pays to the State under split payment (art. 17-ter DPR 633/72) and less the withholding it pays on the
 * company's behalf.
 */
export function amountPayable(r: Doc): string {
  const vat = r.splitPayment === true ? decimal.dec(documentTotals(r.lines).vat) : decimal.dec(0);
  return decimal.round(
    decimal
      .dec(documentTotal(r))
      .minus(vat)
      .minus(decimal.dec(withholdingAmount(r))),
    2,
  );
}

/**
 * The instalments, when the office wrote them, must pay exactly what the customer owes: that amount when they do
 * not (the refusal names it), else null.
 */
export function dueDatesMismatch(r: Doc): string | null {
  const dues = rowsOf(r.dueDates);
  if (dues.length === 0 || rowsOf(r.lines).length === 0) return null;
  const total = amountPayable(r);
  return decimal.compare(decimal.sumOf(dues, 'amount'), total) === 0 ? null : total;
}
