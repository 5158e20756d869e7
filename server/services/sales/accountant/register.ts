import { decimal } from '../../../../resources/schema';
import { vatSummary } from '../../../../resources/sales/money-lines';
import type { PeriodDocument } from './documents';

/**
 * The registro IVA vendite (art. 23 DPR 633/72) as data, before any file format
 * (docs/domain.md#the-vat-sales-register). Amounts are decimal strings with two places.
 */

/** One row: a document and one of its VAT rates (natura); the document's own fields on its first row only. */
export interface RegisterRow {
  seriesCode: string;
  number: string;
  date: string;
  documentType: string;
  customer: string;
  vatNumber: string;
  taxCode: string;
  /** The document total (with stamp duty), on the document's first row; null on the others. */
  total: string | null;
  vatRate: string;
  vatNature: string | null;
  taxable: string;
  vat: string;
  /** Split payment (art. 17-ter): the VAT is the customer's to pay to the State, not collected. */
  splitPayment: boolean;
}

/** The totals of one rate and natura over the period. */
export interface RegisterTotal {
  vatRate: string;
  vatNature: string | null;
  taxable: string;
  vat: string;
  /** VAT under split payment (not collected), part of `vat`. */
  splitVat: string;
  /** VAT the company owes the State: `vat` less `splitVat`. */
  collectedVat: string;
}

export interface VatRegister {
  rows: RegisterRow[];
  totals: RegisterTotal[];
  grandTotal: Omit<RegisterTotal, 'vatRate' | 'vatNature'>;
}

/** A credit note (TD04) decreases taxable and VAT: the register writes it negative. */
const isCreditNote = (documentType: unknown) => documentType === 'TD04';

const signed = (value: string, negative: boolean) => decimal.round(negative ? decimal.dec(value).times(-1) : value, 2);

/** The customer's VAT number as the register prints it: an Italian one as is, a foreign one with its country. */
function vatNumberOf(customer: PeriodDocument['customer']): string {
  if (!customer?.vatNumber) return '';
  const country = typeof customer.vatCountry === 'string' ? customer.vatCountry : 'IT';
  return country === 'IT' ? String(customer.vatNumber) : `${country}${String(customer.vatNumber)}`;
}

/** The rows of one document: one per rate and natura of its VAT summary (the XML's DatiRiepilogo). */
function documentRows({ invoice, customer, seriesCode }: PeriodDocument): RegisterRow[] {
  const negative = isCreditNote(invoice.documentType);
  // The invoice's own snapshot of the regime, as its XML's EsigibilitaIVA (docs/domain.md#tax-cases).
  const split = invoice.splitPayment === true;
  const summary = vatSummary(invoice.lines);
  // A document without lines (none is issued so) still appears, with its total.
  const parts = summary.length > 0 ? summary : [{ vatRate: '0.00', vatNature: null, taxable: '0.00', vat: '0.00' }];
  return parts.map((part, i) => ({
    seriesCode,
    number: String(invoice.fullNumber ?? ''),
    date: String(invoice.date ?? '').slice(0, 10),
    documentType: String(invoice.documentType ?? ''),
    customer: String(invoice.customerName ?? customer?.legalName ?? ''),
    vatNumber: vatNumberOf(customer),
    taxCode: typeof customer?.taxCode === 'string' ? customer.taxCode : '',
    total: i === 0 ? signed(String(invoice.totalDocument ?? '0'), negative) : null,
    vatRate: part.vatRate,
    vatNature: part.vatNature,
    taxable: signed(part.taxable, negative),
    vat: signed(part.vat, negative),
    // As the XML's EsigibilitaIVA: S on the taxed rows of a split-payment customer, never with a natura.
    splitPayment: split && !part.vatNature && decimal.compare(part.vat, 0) !== 0,
  }));
}

/** Rates from the highest, then natura codes in order (N1, N2.1 …); a taxed rate before a zero one. */
function byRateAndNature(a: RegisterTotal, b: RegisterTotal): number {
  return decimal.compare(b.vatRate, a.vatRate) || (a.vatNature ?? '').localeCompare(b.vatNature ?? '');
}

/** The register of the period's documents (already in number order per series) and its totals per rate and natura. */
export function vatRegister(documents: readonly PeriodDocument[]): VatRegister {
  const rows = documents.flatMap(documentRows);
  const groups = new Map<string, { vatRate: string; vatNature: string | null; rows: RegisterRow[] }>();
  for (const row of rows) {
    const key = `${row.vatRate}|${row.vatNature ?? ''}`;
    const group = groups.get(key) ?? { vatRate: row.vatRate, vatNature: row.vatNature, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const totals = [...groups.values()]
    .map((group): RegisterTotal => {
      const vat = decimal.sum(group.rows.map((r) => r.vat));
      const splitVat = decimal.sum(group.rows.filter((r) => r.splitPayment).map((r) => r.vat));
      return {
        vatRate: group.vatRate,
        vatNature: group.vatNature,
        taxable: decimal.round(decimal.sum(group.rows.map((r) => r.taxable)), 2),
        vat: decimal.round(vat, 2),
        splitVat: decimal.round(splitVat, 2),
        collectedVat: decimal.round(vat.minus(splitVat), 2),
      };
    })
    .sort(byRateAndNature);
  const sumOf = (key: 'taxable' | 'vat' | 'splitVat' | 'collectedVat') =>
    decimal.round(decimal.sum(totals.map((t) => t[key])), 2);
  return {
    rows,
    totals,
    grandTotal: {
      taxable: sumOf('taxable'),
      vat: sumOf('vat'),
      splitVat: sumOf('splitVat'),
      collectedVat: sumOf('collectedVat'),
    },
  };
}
