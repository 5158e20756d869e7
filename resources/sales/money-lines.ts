import { decimal, f, type Rule } from '../schema';
import { VAT_NATURES } from './codes';
import { issue, rowsOf } from './rules';

/**
 * The MoneyLine of quotes, proformas and invoices (docs/domain.md#money-lines-and-vat). `lineNo` may be left out:
 * the sales hooks number such lines after the others.
 */
export function moneyLineFields() {
  return {
    lineNo: f.integer({ min: 1, max: 9999 }),
    productId: f.reference('sales/products'),
    code: f.text({ max: 35 }),
    description: f.text({ required: true, max: 1000 }),
    quantity: f.quantity({ required: true, min: '0.001' }),
    uom: f.text({ max: 10 }),
    unitPrice: f.unitPrice({ required: true }),
    discountPercent: f.percent(),
    vatRate: f.percent({ required: true }),
    vatNature: f.enum(VAT_NATURES),
    lineTotal: f.computed(f.money(), (line) => decimal.lineAmount(line.quantity, line.unitPrice, line.discountPercent)),
  };
}

type Line = Record<string, unknown>;

/** Amount of a line, from its inputs (a form's preview may not have the computed total yet). */
const amountOf = (line: Line) => decimal.lineAmount(line.quantity, line.unitPrice, line.discountPercent);

export interface VatSummaryRow {
  vatRate: string;
  vatNature: string | null;
  taxable: string;
  vat: string;
}

/**
 * DatiRiepilogo: one row per (rate, nature), taxable = Σ line totals, VAT = taxable × rate rounded
 * half-up to the cent once per row (docs/domain.md#money-and-decimals), not per line.
 */
export function vatSummary(lines: unknown): VatSummaryRow[] {
  const groups = new Map<string, { vatRate: string; vatNature: string | null; taxable: decimal.Big }>();
  for (const line of rowsOf(lines)) {
    const vatRate = decimal.round(line.vatRate, 2);
    const vatNature = typeof line.vatNature === 'string' ? line.vatNature : null;
    const key = `${vatRate}|${vatNature ?? ''}`;
    const group = groups.get(key) ?? { vatRate, vatNature, taxable: new decimal.Big(0) };
    group.taxable = group.taxable.plus(amountOf(line));
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    vatRate: g.vatRate,
    vatNature: g.vatNature,
    taxable: decimal.round(g.taxable, 2),
    vat: decimal.round(g.taxable.times(g.vatRate).div(100), 2),
  }));
}

/** Taxable amount, VAT and document total of some lines, as decimal strings. */
export function documentTotals(lines: unknown): { taxable: string; vat: string; total: string } {
  const summary = vatSummary(lines);
  const taxable = decimal.sum(summary.map((row) => row.taxable));
  const vat = decimal.sum(summary.map((row) => row.vat));
  return { taxable: decimal.round(taxable, 2), vat: decimal.round(vat, 2), total: decimal.round(taxable.plus(vat), 2) };
}

/**
 * The lines field of a sales document: at least one line, totals shown under them in forms; picking a product
 * fills the line with its price for the document's customer and date (docs/domain.md#payment-terms-and-price-lists).
 */
export function moneyLines() {
  return f.lines(moneyLineFields(), {
    required: true,
    min: 1,
    max: 300,
    totals: documentTotals,
    fill: {
      product: 'productId',
      quantity: 'quantity',
      customer: 'customerId',
      date: 'date',
      into: {
        description: 'description',
        uom: 'uom',
        vatRate: 'vatRate',
        vatNature: 'vatNature',
        unitPrice: 'unitPrice',
        discountPercent: 'discountPercent',
      },
    },
  });
}

/** The computed totals every sales document stores (so lists can sort and filter on them). */
export function totalFields() {
  return {
    totalTaxable: f.computed(f.money(), (r) => documentTotals(r.lines).taxable),
    totalVat: f.computed(f.money(), (r) => documentTotals(r.lines).vat),
    totalDocument: f.computed(f.money(), (r) => documentTotals(r.lines).total),
  };
}

/**
 * Per line: a VAT nature is required with a 0% rate and forbidden otherwise (FatturaPA: Natura iff
 * AliquotaIVA = 0.00); line numbers are unique.
 */
export function moneyLineRules<R extends { lines: unknown }>(): Rule<R>[] {
  return [
    (r) =>
      rowsOf(r.lines).flatMap((line, i) => {
        const zero = decimal.compare(line.vatRate, 0) === 0;
        const nature = line.vatNature !== null && line.vatNature !== undefined;
        if (zero && !nature) return [issue(`lines.${i}.vatNature`, 'validation.required')];
        if (!zero && nature) return [issue(`lines.${i}.vatNature`, 'onlyZeroRate')];
        return [];
      }),
    (r) => {
      const seen = new Set<number>();
      return rowsOf(r.lines).flatMap((line, i) => {
        if (typeof line.lineNo !== 'number') return [];
        if (seen.has(line.lineNo)) return [issue(`lines.${i}.lineNo`, 'validation.duplicates')];
        seen.add(line.lineNo);
        return [];
      });
    },
  ];
}
