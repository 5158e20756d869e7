import { vatSummary } from '../../../../resources/sales/money-lines';
import { translate, type Lang } from '../../../http/lang';
import {
  formatDate,
  formatDecimal,
  formatMoney,
  formatQuantity,
  linesTable,
  type Company,
  type Content,
} from '../../../documents/pdf';
import { salesPrintEn } from '../../../../i18n/modules/documents-print.en';
import { salesPrintIt } from '../../../../i18n/modules/documents-print.it';
import { addressLine, partyName } from '../work-report-data';
import type { Row } from './context';

/** The catalogue of printed sales documents (i18n documents.sales.*) in the tenant's language. */
export type Say = (key: string, params?: Record<string, string | number>) => string;

export function sayIn(lang: Lang): Say {
  return (key, params) => translate(lang, `documents.sales.${key}`, params);
}

const GREY = '#555555';

/** A titled box of lines, the blocks of a document's head. */
function block(title: string, lines: readonly (string | false | undefined | null)[]): Content {
  return {
    stack: [
      { text: title, style: 'label', margin: [0, 0, 0, 2] },
      ...lines
        .filter((l): l is string => typeof l === 'string' && l !== '')
        .map((text, i) => ({ text, bold: i === 0 })),
    ],
  };
}

/** Cedente/prestatore: the company with the identifiers an invoice must carry (art. 21 DPR 633/72, art. 2250 c.c.). */
export function sellerBlock(company: Company, say: Say): Content {
  const capital =
    company.shareCapital &&
    `${say('shareCapital', { amount: formatMoney(company.shareCapital) })}${company.shareCapitalPaid ? ` ${say('shareCapitalPaid')}` : ''}`;
  return block(say('seller'), [
    company.legalName,
    company.address,
    company.vatNumber && `${say('vatNumber')} ${company.vatNumber}`,
    company.taxCode && company.taxCode !== company.vatNumber && `${say('taxCode')} ${company.taxCode}`,
    company.reaOffice && company.reaNumber && say('rea', { office: company.reaOffice, number: company.reaNumber }),
    capital,
    company.pec && `${say('pec')} ${company.pec}`,
  ]);
}

/** Cessionario/committente: name, address, P.IVA/CF, SDI code or PEC. */
export function customerBlock(customer: Row | undefined, fallbackName: unknown, say: Say, title = say('customer')) {
  const vat =
    customer?.vatNumber &&
    `${customer.vatCountry && customer.vatCountry !== 'IT' ? customer.vatCountry : ''}${customer.vatNumber}`;
  return block(title, [
    partyName(customer) || String(fallbackName ?? ''),
    addressLine(customer?.billingAddress),
    vat && `${say('vatNumber')} ${vat}`,
    customer?.taxCode && customer.taxCode !== customer.vatNumber && `${say('taxCode')} ${customer.taxCode}`,
    customer?.sdiCode && customer.sdiCode !== '0000000' && `${say('sdiCode')} ${customer.sdiCode}`,
    customer?.pecEmail && `${say('pec')} ${customer.pecEmail}`,
  ]);
}

/** The two parties side by side. */
export function partiesRow(left: Content, right: Content): Content {
  return { columns: [left, right], columnGap: 24, margin: [0, 0, 0, 10] };
}

/** The document's title, its number or "Bozza", and its facts in a row of small labelled cells. */
export function documentHead(title: string, facts: readonly (readonly [string, string])[]): Content {
  const shown = facts.filter(([, value]) => value !== '');
  return {
    stack: [
      { text: title, style: 'title' },
      {
        table: {
          widths: shown.map(() => '*'),
          body: [
            shown.map(([label]) => ({ text: label, style: 'label' })),
            shown.map(([, value]) => ({ text: value, bold: true })),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 10],
      },
    ],
  };
}

/** "Bozza" while a document has no number. */
export function numberOr(value: unknown, say: Say): string {
  return typeof value === 'string' && value !== '' ? value : say('draft');
}

/** "22%" or the natura code for a 0% line. */
function vatLabel(rate: unknown, nature: unknown): string {
  return typeof nature === 'string' && nature !== '' ? nature : `${formatDecimal(rate)}%`;
}

/** The lines: code, description, quantity and unit, unit price, discount, VAT % or natura, line total. */
export function moneyLinesTable(lines: unknown, say: Say): Content {
  const rows = (Array.isArray(lines) ? lines : []) as Row[];
  return linesTable<Row>(
    [
      { header: say('lines.code'), width: 50, value: (l) => String(l.code ?? '') },
      { header: say('lines.description'), value: (l) => String(l.description ?? '') },
      { header: say('lines.quantity'), width: 'auto', align: 'right', value: (l) => formatQuantity(l.quantity, l.uom) },
      { header: say('lines.unitPrice'), width: 'auto', align: 'right', value: (l) => formatMoney(l.unitPrice) },
      {
        header: say('lines.discount'),
        width: 'auto',
        align: 'right',
        value: (l) => (l.discountPercent ? `${formatDecimal(l.discountPercent)}%` : ''),
      },
      { header: say('lines.vat'), width: 'auto', align: 'right', value: (l) => vatLabel(l.vatRate, l.vatNature) },
      { header: say('lines.total'), width: 'auto', align: 'right', value: (l) => formatMoney(l.lineTotal) },
    ],
    rows,
    '',
  );
}

const NATURES = { it: salesPrintIt.natures, en: salesPrintEn.natures };

/** The normative wording of a VAT natura ("N6.7" holds a dot: it is no catalogue path, hence the table). */
export function natureWording(lang: Lang, nature: string): string {
  return (NATURES[lang] as Record<string, string>)[nature] ?? nature;
}

/** DatiRiepilogo as printed: one row per rate and natura, with the natura's normative wording. */
export function vatSummaryTable(lines: unknown, lang: Lang, say: Say): Content {
  const rows = vatSummary(lines);
  return {
    stack: [
      { text: say('vatSummary.title'), style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto'],
          body: [
            [
              { text: say('vatSummary.rate'), style: 'tableHeader' },
              { text: say('vatSummary.reference'), style: 'tableHeader' },
              { text: say('vatSummary.taxable'), style: 'tableHeader', alignment: 'right' },
              { text: say('vatSummary.vat'), style: 'tableHeader', alignment: 'right' },
            ],
            ...rows.map((row) => [
              vatLabel(row.vatRate, row.vatNature),
              { text: row.vatNature ? natureWording(lang, row.vatNature) : '', style: 'small' },
              { text: formatMoney(row.taxable), alignment: 'right' },
              { text: formatMoney(row.vat), alignment: 'right' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
  };
}

/** The totals box on the right: taxable, VAT, stamp duty, document total (and the net to pay under split payment). */
export function totalsBox(pairs: readonly (readonly [string, string, boolean?])[]): Content {
  return {
    columns: [
      { text: '', width: '*' },
      {
        width: 'auto',
        table: {
          widths: [140, 90],
          body: pairs.map(([label, value, strong]) => [
            { text: label, bold: Boolean(strong) },
            { text: value, alignment: 'right', bold: Boolean(strong) },
          ]),
        },
        layout: 'lightHorizontalLines',
      },
    ],
    margin: [0, 8, 0, 0],
  };
}

/** Legal notes in a muted, italic paragraph each. */
export function legalNotes(notes: readonly (string | false | undefined | null)[]): Content {
  return notes
    .filter((n): n is string => typeof n === 'string' && n !== '')
    .map((text) => ({ text, style: 'small', italics: true, color: GREY, margin: [0, 4, 0, 0] }));
}

/** The payment method's label ("MP05 – Bonifico"). */
export function methodLabel(lang: Lang, method: unknown): string {
  return typeof method === 'string' && method !== ''
    ? translate(lang, `resources.sales/payments.enums.method.${method}`)
    : '';
}

/** Bank transfer (MP05) and RiBa (MP12): the customer pays into the company's account. */
const PAID_TO_COMPANY = new Set(['MP05', 'MP12']);

/** The due dates with their method and, for bank transfers and RiBa, the company's IBAN. */
export function dueDatesTable(dueDates: unknown, company: Company, lang: Lang, say: Say): Content {
  const rows = (Array.isArray(dueDates) ? dueDates : []) as Row[];
  if (rows.length === 0) return [];
  const bank = company.bank;
  const coordinates = (row: Row) => {
    if (row.iban) return `IBAN ${String(row.iban)}`;
    if (bank && PAID_TO_COMPANY.has(String(row.method))) return say('bank', { name: bank.name, iban: bank.iban });
    return '';
  };
  return {
    stack: [
      { text: say('dueDates.title'), style: 'section' },
      linesTable<Row>(
        [
          { header: say('dueDates.date'), width: 'auto', value: (r) => formatDate(r.dueDate) },
          { header: say('dueDates.method'), width: 'auto', value: (r) => methodLabel(lang, r.method) },
          { header: say('dueDates.iban'), value: coordinates },
          { header: say('dueDates.amount'), width: 'auto', align: 'right', value: (r) => formatMoney(r.amount) },
        ],
        rows,
        '',
      ),
      bank?.bic && rows.some((r) => PAID_TO_COMPANY.has(String(r.method)))
        ? { text: say('bic', { bic: bank.bic }), style: 'small' }
        : '',
    ],
  };
}

/** A titled paragraph (notes, terms); nothing when the text is empty. */
export function paragraph(title: string, text: unknown): Content {
  const plain =
    typeof text === 'string'
      ? text
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+\n/g, '\n')
          .trim()
      : '';
  if (plain === '') return [];
  return [
    { text: title, style: 'section' },
    { text: plain, style: 'small' },
  ];
}

/** The "BOZZA" watermark a draft carries on every page. */
export function draftWatermark(draft: boolean, say: Say): Record<string, unknown> {
  return draft ? { watermark: { text: say('watermark'), color: '#cc0000', opacity: 0.12, bold: true } } : {};
}
