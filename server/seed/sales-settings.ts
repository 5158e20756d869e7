import { salesNumberingSeries, salesPaymentTerms, salesPriceLists, salesVatRates } from '../../resources/index';
import type { ResourceDefinition } from '../../resources/schema';
import { type Actor, Records } from '../records';
import { salesHooks } from '../services/sales/hooks';
import { DEFAULT_SERIES } from '../services/sales/numbering';
import type { Db } from '../db/tables';

type Row = Record<string, unknown>;

/** Writes through the API's create path, hooks included, so demo data is exactly as valid as user input. */
export class SalesWriter {
  readonly actor: Actor;
  constructor(
    readonly trx: Db,
    readonly tenant: string,
  ) {
    this.actor = { tenant, username: 'admin', roles: ['ROLE_ADMIN'] };
  }

  insert(def: unknown, body: Row): Promise<Row> {
    const d = def as ResourceDefinition;
    return new Records(this.trx, d, salesHooks[d.name]).insert(this.actor, body, 'it');
  }
}

const VAT_RATES = [
  { code: '22', description: 'IVA ordinaria 22%', rate: '22' },
  { code: '10', description: 'IVA ridotta 10% (manutenzioni su edifici abitativi)', rate: '10' },
  { code: '5', description: 'IVA ridotta 5%', rate: '5' },
  { code: '4', description: 'IVA minima 4%', rate: '4' },
  { code: '22-SP', description: 'IVA 22% con scissione dei pagamenti (PA)', rate: '22', exigibility: 'S' },
  { code: '0-N3.5', description: "Non imponibile con dichiarazione d'intento", rate: '0', nature: 'N3.5', normativeReference: 'Art. 8 c.1 lett. c) DPR 633/72' },
  { code: '0-N4', description: 'Esente', rate: '0', nature: 'N4', normativeReference: 'Art. 10 DPR 633/72' },
  { code: '0-N6.7', description: 'Inversione contabile – settore edile e connessi', rate: '0', nature: 'N6.7', normativeReference: 'Art. 17 c.6 lett. a-ter) DPR 633/72' },
  { code: '0-N2.1', description: 'Non soggetta – servizi a committenti UE', rate: '0', nature: 'N2.1', normativeReference: 'Art. 7-ter DPR 633/72' },
  { code: '0-N2.2', description: 'Non soggetta – regime forfettario', rate: '0', nature: 'N2.2', normativeReference: 'Art. 1 c. 54-89 L. 190/2014' },
  { code: '0-N1', description: 'Esclusa – anticipazioni in nome e per conto', rate: '0', nature: 'N1', normativeReference: 'Art. 15 DPR 633/72' },
]; // prettier-ignore

const PAYMENT_TERMS = [
  { name: 'Rimessa diretta', description: 'Pagamento alla data della fattura', installments: [[100, 0, false, null]] },
  { name: '30 gg DF', description: '30 giorni data fattura', installments: [[100, 30, false, null]] },
  { name: '30/60 gg DF FM', description: 'Due rate a 30 e 60 giorni data fattura fine mese', installments: [[50, 30, true, null], [50, 60, true, null]] },
  { name: 'RiBa 60 gg FM', description: 'Ricevuta bancaria a 60 giorni fine mese', installments: [[100, 60, true, null]] },
] as const; // prettier-ignore

/** The lists products are priced in (ProductPrice.priceListId names one); the first is the default. */
const PRICE_LISTS = [
  { name: 'Listino base', description: 'Prezzi al pubblico, IVA esclusa', isDefault: true },
  { name: 'Installatori', description: 'Prezzi riservati a installatori e rivenditori', isDefault: false },
];

/** Series made up front (the others are made on first use by the numbering). */
const SEEDED_SERIES = ['quote', 'proforma', 'invoice', 'creditNote', 'workReport', 'customer', 'supplier'] as const;

/** Configuration every tenant needs, even in tests: VAT rates, payment terms, price lists, numbering series. */
export async function seedSettings(
  w: SalesWriter,
): Promise<{ vat: Map<string, string>; terms: Map<string, string>; lists: Map<string, string> }> {
  const vat = new Map<string, string>();
  for (const rate of VAT_RATES)
    vat.set(
      rate.code,
      (await w.insert(salesVatRates, { exigibility: 'I', ...rate, rate: `${rate.rate}.00` })).id as string,
    );
  const terms = new Map<string, string>();
  for (const term of PAYMENT_TERMS) {
    const installments = term.installments.map(([percent, days, endOfMonth, extraDays]) => ({
      percent: `${percent}.00`,
      days,
      endOfMonth,
      extraDays,
    }));
    terms.set(term.name, (await w.insert(salesPaymentTerms, { ...term, installments })).id as string);
  }
  const lists = new Map<string, string>();
  for (const list of PRICE_LISTS) lists.set(list.name, (await w.insert(salesPriceLists, list)).id as string);
  for (const kind of SEEDED_SERIES) {
    const { code, format, resetYearly, fiscal, description } = DEFAULT_SERIES[kind];
    await w.insert(salesNumberingSeries, {
      documentKind: kind,
      code,
      format,
      resetYearly,
      fiscal,
      description,
      nextNumber: 1,
    });
  }
  return { vat, terms, lists };
}
