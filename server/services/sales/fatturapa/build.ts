import type * as xmlbuilder2 from 'xmlbuilder2';
import { lazyPackage } from '../../../lazy';
import { decimal } from '../../../../resources/schema';
import { vatSummary } from '../../../../resources/sales/money-lines';
import type { Company } from '../../../documents/pdf';
import { formatOf, recipient, sender, transmissionData, type Node, type Row } from './parties';
import { amount2, basicLatin, chunks, day, latin, rate, upTo8 } from './text';
import { intentData, stampData, withheld, withholdingData } from './withholding';

// Loaded with the first invoice's XML, not at start-up (xmlbuilder2 brings a whole DOM implementation).
const xml = lazyPackage<typeof xmlbuilder2>('xmlbuilder2');

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** Everything one invoice's XML is made of: the pure builder reads nothing else. */
export interface FatturaInput {
  /** The issued invoice as stored (sales/invoices). */
  invoice: Row;
  customer: Row;
  /** The tenant's company config (the sender). */
  company: Company;
  /** The tenant's currency (Divisa). */
  currency: string;
  /** The invoices it corrects (relatedInvoiceIds, in its order): their numbers and dates. */
  relatedInvoices: Row[];
  /** RiferimentoNormativo of each natura (the tenant's VAT rates, else the printed wording). */
  normativeReferences: Readonly<Record<string, string>>;
  /** ProgressivoInvio. */
  progressive: string;
}

/** Bank transfer (MP05) and RiBa (MP12): paid into the company's account, as the PDF's due dates print it. */
const PAID_TO_COMPANY = new Set(['MP05', 'MP12']);

const positive = (value: unknown) => decimal.compare(value ?? 0, 0) > 0;

/**
 * DettaglioLinee: each line with its discount as ScontoMaggiorazione and its natura when zero-rated; under a
 * withholding every line is subject to it (Ritenuta SI: the withholding is on the whole taxable amount), an N3.5
 * line cites the declaration of intent.
 */
function lineDetails(lines: Row[], invoice: Row): Node[] {
  return lines.map((line, i) => ({
    NumeroLinea: String(typeof line.lineNo === 'number' ? line.lineNo : i + 1),
    CodiceArticolo: line.code ? { CodiceTipo: 'INTERNO', CodiceValore: latin(line.code, 35) } : undefined,
    Descrizione: latin(line.description, 1000),
    Quantita: upTo8(line.quantity),
    UnitaMisura: line.uom ? basicLatin(line.uom, 10) : undefined,
    PrezzoUnitario: upTo8(line.unitPrice),
    ScontoMaggiorazione: positive(line.discountPercent)
      ? { Tipo: 'SC', Percentuale: rate(line.discountPercent) }
      : undefined,
    // The line total as the document computes it: quantity × price less the discount, to the cent.
    PrezzoTotale: amount2(decimal.lineAmount(line.quantity, line.unitPrice, line.discountPercent)),
    AliquotaIVA: rate(line.vatRate),
    Ritenuta: withheld(invoice) ? 'SI' : undefined,
    Natura: line.vatNature ?? undefined,
    AltriDatiGestionali: intentData(invoice, line),
  }));
}

/**
 * DatiRiepilogo from the one VAT summary the PDF prints too (vatSummary, docs/domain.md#money-and-decimals):
 * per rate and natura, VAT rounded once per row as the SdI recomputes it. Split payment (the invoice's snapshot of
 * the customer's regime) makes the taxed rows' VAT payable by the customer (EsigibilitaIVA S); a zero-rated row
 * carries the law that justifies it.
 */
function summaryRows(lines: Row[], invoice: Row, references: FatturaInput['normativeReferences']): Node[] {
  const split = invoice.splitPayment === true;
  return vatSummary(lines).map((row) => ({
    AliquotaIVA: row.vatRate,
    Natura: row.vatNature ?? undefined,
    ImponibileImporto: row.taxable,
    Imposta: row.vat,
    EsigibilitaIVA: split && !row.vatNature ? 'S' : 'I',
    RiferimentoNormativo: row.vatNature ? latin(references[row.vatNature] ?? row.vatNature, 100) : undefined,
  }));
}

/** DatiOrdineAcquisto: the customer's order, with a public administration's CIG and CUP (the invoice's, else its own). */
function purchaseOrder(invoice: Row, customer: Row): Node | undefined {
  const pa = customer.kind === 'publicAdministration';
  const cig = invoice.cig || (pa ? customer.cig : undefined);
  const cup = invoice.cup || (pa ? customer.cup : undefined);
  if (!invoice.orderRef && !cig && !cup) return undefined;
  return {
    // The schema requires a document id; "ND" (not available) when the order has no reference but a CIG/CUP.
    IdDocumento: invoice.orderRef ? basicLatin(invoice.orderRef, 20) : 'ND',
    CodiceCUP: cup ? basicLatin(cup, 15) : undefined,
    CodiceCIG: cig ? basicLatin(cig, 15) : undefined,
  };
}

/**
 * DatiPagamento: the invoice's due dates, which add up to what the customer pays (net of split-payment VAT and of
 * the withholding, docs/domain.md#tax-cases), with where to pay (the customer's IBAN for a SEPA
 * debit, else the company's).
 */
function payment(invoice: Row, customer: Row, company: Company): Node | undefined {
  const dues = (Array.isArray(invoice.dueDates) ? invoice.dueDates : []) as Row[];
  if (dues.length === 0) return undefined;
  const bank = company.bank;
  return {
    CondizioniPagamento: invoice.paymentConditions ?? (dues.length > 1 ? 'TP01' : 'TP02'),
    DettaglioPagamento: dues.map((due) => {
      const toCompany = !due.iban && bank && PAID_TO_COMPANY.has(String(due.method));
      return {
        ModalitaPagamento: due.method,
        DataScadenzaPagamento: day(due.dueDate),
        ImportoPagamento: amount2(due.amount),
        IstitutoFinanziario: toCompany ? latin(bank.name, 80) : undefined,
        IBAN: due.iban ? String(due.iban) : toCompany ? bank.iban : undefined,
        ABI: due.method === 'MP12' && customer.bankAbi ? String(customer.bankAbi) : undefined,
        CAB: due.method === 'MP12' && customer.bankCab ? String(customer.bankCab) : undefined,
        BIC: toCompany && bank.bic ? bank.bic : undefined,
      };
    }),
  };
}

/** FatturaElettronicaBody: the document's general data, its lines and summary, its payment. */
function body(input: FatturaInput): Node {
  const { invoice, customer } = input;
  const lines = (Array.isArray(invoice.lines) ? invoice.lines : []) as Row[];
  const ddts = (Array.isArray(invoice.ddtRefs) ? invoice.ddtRefs : []) as Row[];
  return {
    DatiGenerali: {
      DatiGeneraliDocumento: {
        TipoDocumento: invoice.documentType,
        Divisa: input.currency,
        Data: day(invoice.date),
        Numero: basicLatin(invoice.fullNumber, 20),
        DatiRitenuta: withholdingData(invoice, input.company),
        DatiBollo: stampData(invoice),
        // Gross: the VAT under split payment and the withholding are in it; the stamp duty when charged.
        ImportoTotaleDocumento: amount2(invoice.totalDocument),
        Causale: chunks(invoice.notes, 200),
      },
      DatiOrdineAcquisto: purchaseOrder(invoice, customer),
      DatiFattureCollegate: input.relatedInvoices.map((related) => ({
        IdDocumento: basicLatin(related.fullNumber, 20),
        Data: day(related.date),
      })),
      DatiDDT: ddts.map((ref) => ({ NumeroDDT: basicLatin(ref.ddtNumber, 20), DataDDT: day(ref.ddtDate) })),
    },
    DatiBeniServizi: {
      DettaglioLinee: lineDetails(lines, invoice),
      DatiRiepilogo: summaryRows(lines, invoice, input.normativeReferences),
    },
    DatiPagamento: payment(invoice, customer, input.company),
  };
}

/** Drops what is not there: `undefined` children and empty lists, so the XML has no empty elements. */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .map(([key, v]) => [key, prune(v)] as const)
    .filter(([, v]) => v !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The FatturaPA 1.2.2 document of an issued invoice as a tree (docs/domain.md#electronic-invoice-fatturapa):
 * FPA12 or FPR12 by the customer, with the header's parties and the body. Pure: what it needs is in `input`.
 */
export function fatturaDocument(input: FatturaInput): Node {
  const { company, customer } = input;
  return prune({
    'p:FatturaElettronica': {
      '@versione': formatOf(customer),
      '@xmlns:p': FATTURAPA_NAMESPACE,
      '@xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
      FatturaElettronicaHeader: {
        DatiTrasmissione: transmissionData(company, customer, input.progressive),
        CedentePrestatore: sender(company),
        CessionarioCommittente: recipient(customer, input.invoice.customerName),
      },
      FatturaElettronicaBody: body(input),
    },
  }) as Node;
}

/** The document serialised by xmlbuilder2 (never a string template): UTF-8, indented. */
export function fatturaXml(input: FatturaInput): string {
  return xml().create({ version: '1.0', encoding: 'UTF-8' }, fatturaDocument(input)).end({ prettyPrint: true });
}
