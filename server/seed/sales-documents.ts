import { sql } from 'kysely';
import { salesInvoices, salesProformas, salesQuotes } from '../../resources/index';
import { amountPayable, stampDutyDue } from '../../resources/sales/tax';
import { decimal } from '../../resources/schema';
import { priceFor } from '../services/sales/prices/price-for';
import { QUOTE_SUBJECTS } from './sales-data';
import { italianIban, pick, type Random } from './sales-identifiers';
import type { SalesWriter } from './sales-settings';

type Row = Record<string, unknown>;

/** Today in Italy, YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function endOfMonth(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** The VAT a line gets for this customer: the customer's regime first, then the product's nature. */
function vatFor(customer: Row, product: Row): { vatRate: string; vatNature: string | null } {
  if (customer.vatRegime === 'reverseChargeN67') return { vatRate: '0.00', vatNature: 'N6.7' };
  if (customer.vatRegime === 'declarationOfIntent') return { vatRate: '0.00', vatNature: 'N3.5' };
  if (customer.kind === 'foreign') return { vatRate: '0.00', vatNature: 'N2.1' };
  // Maintenance of a home: 10% on the work (L. 488/1999), goods at the ordinary rate.
  if (customer.kind === 'individual' && product.type !== 'goods') return { vatRate: '10.00', vatNature: null };
  return { vatRate: '22.00', vatNature: null };
}

const byCode = (products: Row[], code: string) => products.find((p) => p.code === code);

function quantityFor(next: Random, product: Row): string {
  switch (product.uom) {
    case 'h':
      return (1 + Math.floor(next() * 10) / 2).toFixed(3);
    case 'km':
      return String(10 + Math.floor(next() * 70));
    case 'm':
      return String(3 + Math.floor(next() * 10));
    case 'kg':
      return (1 + Math.floor(next() * 8) / 4).toFixed(3);
    default:
      return String(1 + Math.floor(next() * (product.type === 'goods' ? 3 : 2)));
  }
}

/**
 * A plausible intervention: call-out fee, labour, travel and a few parts or services, each priced as the price
 * lookup prices a picked product (`priceFor`, docs/domain.md#payment-terms-and-price-lists): the customer's list
 * on the document's date for the quantity, else the default list, with the customer's discount.
 */
async function linesFor(w: SalesWriter, next: Random, customer: Row, products: Row[], date: string): Promise<Row[]> {
  const chosen = [
    byCode(products, next() < 0.8 ? 'DIR-CHI' : 'DIR-URG'),
    byCode(products, next() < 0.7 ? 'MAN-ORD' : 'MAN-SPEC'),
    byCode(products, next() < 0.5 ? 'TRA-URB' : 'TRA-KM'),
  ];
  const others = products.filter((p) => p.type === 'goods' || p.type === 'service');
  for (let i = Math.floor(next() * 3); i >= 0; i--) chosen.push(pick(next, others));
  const lines: Row[] = [];
  for (const product of new Set(chosen.filter((p): p is Row => p !== undefined))) {
    const quantity = quantityFor(next, product);
    const price = await priceFor(w.trx, w.tenant, {
      productId: String(product.id),
      customerId: String(customer.id),
      date,
      quantity,
    });
    lines.push({
      productId: product.id,
      code: product.code,
      description: price.description,
      quantity,
      uom: price.uom,
      unitPrice: price.unitPrice,
      discountPercent: price.discountPercent,
      ...vatFor(customer, product),
    });
  }
  return lines;
}

/** Instalments of a payment term over a total: rounded to the cent, the last one takes the remainder. */
function dueDatesFor(term: Row | undefined, date: string, total: string, method: string, iban: string | null): Row[] {
  const installments = ((term?.installments as Row[]) ?? [{ percent: '100.00', days: 0 }]) as Row[];
  let left = decimal.dec(total);
  return installments.map((inst, i) => {
    let due = addDays(date, Number(inst.days ?? 0));
    if (inst.endOfMonth === true) due = endOfMonth(due);
    due = addDays(due, Number(inst.extraDays ?? 0));
    const amount =
      i === installments.length - 1
        ? decimal.round(left, 2)
        : decimal.round(decimal.dec(total).times(decimal.dec(inst.percent)).div(100), 2);
    left = left.minus(amount);
    return { dueDate: due, amount, method, iban: method === 'MP05' ? iban : null };
  });
}

/**
 * Quotes, proformas and draft invoices over the demo customers, dated over the last months and
 * written in date order (numbers follow dates, as the numbering requires).
 */
export async function seedSalesDocuments(
  w: SalesWriter,
  next: Random,
  world: { customers: Row[]; sites: Row[]; products: Row[]; scale: number },
): Promise<void> {
  const { customers, sites, products } = world;
  const scaled = (n: number) => Math.max(1, Math.round(n * world.scale));
  const active = customers.filter((c) => c.blocked !== true);
  const siteOf = (customer: Row) => sites.find((s) => s.customerId === customer.id);
  const day = today();
  const ownIban = italianIban('03069', '01600', '000012345678');
  const terms = new Map(
    (
      await w.trx
        .selectFrom('sales.paymentTerms')
        .select(['id', 'installments'])
        .where('tenantId', '=', w.tenant)
        .execute()
    ).map((t) => [String(t.id), t as Row]),
  );
  const series = await sql<{ id: string }>`
    select id from sales.numbering_series where tenant_id = ${w.tenant} and document_kind = 'invoice' order by code limit 1`.execute(
    w.trx,
  );

  const quotes: Row[] = [];
  for (const date of dates(next, scaled(20), 100, day)) {
    const customer = pick(next, active);
    quotes.push(
      await w.insert(salesQuotes, {
        date, validUntil: addDays(date, 30), customerId: customer.id, siteId: siteOf(customer)?.id ?? null,
        subject: pick(next, QUOTE_SUBJECTS), lines: await linesFor(w, next, customer, products, date), paymentTermId: customer.paymentTermId ?? null,
        termsAndConditions: 'Prezzi IVA esclusa. Validità dell\'offerta 30 giorni. Lavori eseguiti in orario 8-17 nei giorni feriali.',
      }), // prettier-ignore
    );
  }
  for (const date of dates(next, scaled(10), 60, day)) {
    const quote =
      next() < 0.5
        ? pick(
            next,
            quotes.filter((q) => String(q.date) <= date),
          )
        : undefined;
    const customer = quote ? customers.find((c) => c.id === quote.customerId)! : pick(next, active);
    await w.insert(salesProformas, {
      date, customerId: customer.id, subject: quote ? quote.subject : 'Acconto su lavori di installazione',
      lines: quote ? quote.lines : await linesFor(w, next, customer, products, date), dueDate: addDays(date, 15),
      paymentMethod: 'MP05', iban: ownIban, sourceQuoteId: quote?.id ?? null,
    }); // prettier-ignore
  }
  for (const [i, date] of dates(next, scaled(30), 25, day).entries()) {
    const customer = pick(next, active);
    const lines = await linesFor(w, next, customer, products, date);
    // The due dates pay what the customer owes (docs/domain.md#tax-cases): the stamp duty the hooks will set,
    // less split-payment VAT and the withholding the hooks copy from the customer.
    const total = amountPayable({
      lines,
      stampDuty: stampDutyDue(lines),
      splitPayment: customer.vatRegime === 'splitPayment',
      withholdingRate: customer.withholdingAgent === true ? customer.withholdingRate : null,
    });
    const term = terms.get(String(customer.paymentTermId));
    const method = String(customer.paymentMethod ?? 'MP05');
    const dueDates = dueDatesFor(term, date, total, method, ownIban);
    await w.insert(salesInvoices, {
      documentType: i % 5 === 4 ? 'TD24' : 'TD01', seriesId: series.rows[0]?.id, date, customerId: customer.id, lines,
      paymentConditions: dueDates.length > 1 ? 'TP01' : 'TP02', paymentTermId: customer.paymentTermId ?? null,
      paymentMethod: method, dueDates, cig: customer.kind === 'publicAdministration' ? customer.cig : null,
      notes: i % 5 === 4 ? 'Fattura differita: interventi documentati dai rapportini di lavoro del mese.' : null,
    }); // prettier-ignore
  }
}

/** `count` dates within the last `span` days, oldest first. */
function dates(next: Random, count: number, span: number, day: string): string[] {
  return Array.from({ length: count }, () => addDays(day, -Math.floor(next() * span))).sort();
}
