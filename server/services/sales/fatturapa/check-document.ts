import { decimal, type FieldIssue } from '../../../../resources/schema';
import { vatSummary } from '../../../../resources/sales/money-lines';
import { amountPayable, chargedStampDuty } from '../../../../resources/sales/tax';
import { formatDate } from '../../../documents/pdf';
import { issue } from '../../../records';
import { characterIssues } from './check-parties';
import { amount2, basicLatin, day, latin } from './text';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored rows are read untyped, as the builder reads them */
type Row = Record<string, any>;

/**
 * What the SdI would reject about the document itself (docs/domain.md#checks-before-issue): its lines and
 * natura codes, its totals as the SdI recomputes them, its dates and its texts.
 */

const V = 'validation.sales.';
/** The rates Italian VAT knows; a tenant's own VAT rates add to them. */
export const STANDARD_RATES = ['0', '4', '5', '10', '22'];
/** Natura codes the 1.2.x schema still lists but the SdI refuses since 1 January 2021 (error 00445). */
const GENERIC_NATURES = new Set(['N2', 'N3', 'N6']);

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const isZero = (value: unknown) => decimal.compare(value ?? 0, 0) === 0;

/** Per line: natura iff rate 0 (00400/00401), no generic natura (00445), a known rate (00424), texts. */
export function lineIssues(invoice: Row, customer: Row, allowedRates: readonly string[]): FieldIssue[] {
  const allowed = new Set(allowedRates.map((rate) => decimal.round(rate, 2)));
  const split = customer.vatRegime === 'splitPayment';
  const hasVatNumber = typeof customer.vatNumber === 'string' && customer.vatNumber.trim() !== '';
  return rowsOf(invoice.lines).flatMap((line, i) => {
    const at = (field: string) => `lines.${i}.${field}`;
    const nature = typeof line.vatNature === 'string' && line.vatNature !== '' ? line.vatNature : undefined;
    const issues: FieldIssue[] = [];
    const rate = decimal.round(line.vatRate ?? 0, 2);
    if (!allowed.has(rate))
      issues.push(
        issue(at('vatRate'), `${V}sdiRateNotAllowed`, {
          value: rate,
          allowed: [...allowed].join(', '),
          code: '00424',
        }),
      );
    if (isZero(line.vatRate) && !nature) issues.push(issue(at('vatNature'), `${V}sdiNatureMissing`, { code: '00400' }));
    if (!isZero(line.vatRate) && nature)
      issues.push(issue(at('vatNature'), `${V}sdiNatureWithRate`, { value: nature, code: '00401' }));
    if (nature && GENERIC_NATURES.has(nature))
      issues.push(issue(at('vatNature'), `${V}sdiNatureGeneric`, { value: nature, code: '00445' }));
    if (nature?.startsWith('N6') && !hasVatNumber)
      issues.push(issue(at('vatNature'), `${V}sdiReverseChargeNoVat`, { value: nature }));
    if (nature?.startsWith('N6') && split)
      issues.push(issue(at('vatNature'), `${V}sdiReverseChargeSplit`, { value: nature, code: '00420' }));
    if (latin(line.description, 1000) === '') issues.push(issue(at('description'), `${V}sdiDescriptionEmpty`));
    issues.push(...characterIssues(at('description'), [line.description]));
    issues.push(...characterIssues(at('code'), [line.code]));
    issues.push(...characterIssues(at('uom'), [line.uom], true));
    return issues;
  });
}

/**
 * The totals as the SdI recomputes them from the XML: each DatiRiepilogo's ImponibileImporto is the sum of its
 * lines' PrezzoTotale (00422), its Imposta that taxable times the rate within a cent (00421), and
 * ImportoTotaleDocumento taxable plus VAT plus the virtual stamp duty when charged; the due dates pay what the
 * customer owes (docs/domain.md#tax-cases).
 */
export function totalIssues(invoice: Row): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const lines = rowsOf(invoice.lines);
  let total = new decimal.Big(0);
  for (const row of vatSummary(lines)) {
    const own = lines.filter(
      (line) => decimal.round(line.vatRate ?? 0, 2) === row.vatRate && (line.vatNature ?? null) === row.vatNature,
    );
    const taxable = decimal.sum(
      own.map((line) => amount2(decimal.lineAmount(line.quantity, line.unitPrice, line.discountPercent))),
    );
    if (decimal.compare(taxable, row.taxable) !== 0)
      issues.push(issue('lines', `${V}sdiSummaryTaxable`, { rate: row.vatRate, code: '00422' }));
    const expected = decimal.dec(row.taxable).times(row.vatRate).div(100);
    if (decimal.dec(row.vat).minus(expected).abs().gt('0.01'))
      issues.push(issue('totalVat', `${V}sdiSummaryVat`, { rate: row.vatRate, code: '00421' }));
    total = total.plus(row.taxable).plus(row.vat);
  }
  const documentTotal = decimal.round(total.plus(decimal.dec(chargedStampDuty(invoice))), 2);
  if (invoice.totalDocument !== null && invoice.totalDocument !== undefined)
    if (decimal.compare(invoice.totalDocument, documentTotal) !== 0)
      issues.push(issue('totalDocument', `${V}sdiDocumentTotal`, { total: documentTotal }));
  const dues = rowsOf(invoice.dueDates);
  // Recomputed from the invoice as it will be sent: the stored computed field predates the issue's tax snapshot.
  const payable = amountPayable(invoice);
  if (dues.length > 0 && decimal.compare(decimal.sumOf(dues, 'amount'), payable) !== 0)
    issues.push(issue('dueDates', `${V}dueDatesTotal`, { total: payable }));
  return issues;
}

/**
 * Dates in order: not after today (00403), a credit or debit note not before what it corrects (00418), the
 * period's end not before its start, no instalment before the invoice.
 */
export function dateIssues(invoice: Row, related: readonly Row[], today: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const date = day(invoice.date);
  if (date > today) issues.push(issue('date', `${V}invoiceFutureDate`, { today: formatDate(today), code: '00403' }));
  if (invoice.documentType === 'TD04' || invoice.documentType === 'TD05')
    for (const other of related)
      if (other.date && day(other.date) > date)
        issues.push(
          issue('date', `${V}sdiBeforeRelated`, {
            number: String(other.fullNumber ?? ''),
            date: formatDate(day(other.date)),
            code: '00418',
          }),
        );
  if (invoice.periodStart && invoice.periodEnd && day(invoice.periodEnd) < day(invoice.periodStart))
    issues.push(issue('periodEnd', `${V}notBeforeStart`));
  rowsOf(invoice.dueDates).forEach((due, i) => {
    if (due.dueDate && day(due.dueDate) < date) issues.push(issue(`dueDates.${i}.dueDate`, `${V}notBeforeDate`));
  });
  return issues;
}

/** Numero contains a digit (00425); the document's other texts fit the schema's character sets. */
export function textIssues(invoice: Row): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const number = invoice.fullNumber;
  if (typeof number === 'string' && !/\d/.test(basicLatin(number, 20)))
    issues.push(issue('seriesId', `${V}sdiNumberDigit`, { number, code: '00425' }));
  issues.push(...characterIssues('notes', [invoice.notes]));
  issues.push(...characterIssues('orderRef', [invoice.orderRef], true));
  rowsOf(invoice.ddtRefs).forEach((ref, i) =>
    issues.push(...characterIssues(`ddtRefs.${i}.ddtNumber`, [ref.ddtNumber], true)),
  );
  return issues;
}
