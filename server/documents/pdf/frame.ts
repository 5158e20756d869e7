import { translate, type Lang } from '../../http/lang';
import type { Content, DocumentDefinition } from './engine';

/** The company a document is from (the tenant config's `company`, docs/architecture.md#documents). */
export interface Company {
  legalName: string;
  vatNumber?: string;
  taxCode?: string;
  address?: string;
  phone?: string;
  email?: string;
  reaOffice?: string;
  reaNumber?: string;
  /** A decimal string; `shareCapitalPaid` prints "i.v." after it. */
  shareCapital?: string;
  shareCapitalPaid?: boolean;
  pec?: string;
  website?: string;
  /** Where customers pay: printed with bank-transfer and RiBa due dates. */
  bank?: { name: string; iban: string; bic?: string };
  /** The FatturaPA sender's registered office, tax regime and company status (docs/domain.md#electronic-invoice-fatturapa). */
  registeredOffice?: {
    street: string;
    streetNumber?: string;
    zip: string;
    city: string;
    province?: string;
    country?: string;
  };
  taxRegime?: string;
  soleShareholder?: 'SU' | 'SM';
  inLiquidation?: boolean;
  /** Whether invoices charge the virtual stamp duty to the customer (true when absent, docs/domain.md#stamp-duty). */
  stampDutyCharged?: boolean;
  /** The brand's logo as a data URL (server/documents/branding.ts), printed in the header. */
  logo?: string;
}

export interface FrameOptions {
  company: Company;
  /** The document's kind and number, e.g. "Rapporto di intervento RAP/2026/00001". */
  title: string;
  /** Set in the PDF's metadata. */
  subject?: string;
  lang: Lang;
}

const GREY = '#555555';
const RULE = '#0b6e99';

/** The header every page repeats: the company's name on the left, its identifiers and contacts on the right. */
function header(company: Company, lang: Lang): Content {
  const identifiers = [
    company.vatNumber && `${translate(lang, 'documents.vatNumber')} ${company.vatNumber}`,
    company.taxCode &&
      company.taxCode !== company.vatNumber &&
      `${translate(lang, 'documents.taxCode')} ${company.taxCode}`,
  ].filter(Boolean);
  const name: Content = company.logo
    ? { width: '*', stack: [{ image: company.logo, fit: [140, 36] }] }
    : { text: company.legalName, bold: true, fontSize: 13, width: '*' };
  return {
    margin: [40, 24, 40, 0],
    stack: [
      {
        columns: [
          name,
          {
            width: 'auto',
            alignment: 'right',
            fontSize: 8,
            color: GREY,
            stack: [
              company.logo ? { text: company.legalName, bold: true } : '',
              company.address ?? '',
              identifiers.join(' · '),
              [company.phone, company.email, company.pec && `PEC ${company.pec}`, company.website]
                .filter(Boolean)
                .join(' · '),
            ],
          },
        ],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 1, lineColor: RULE }] },
    ],
  };
}

/**
 * The page frame of every document the product prints: A4, the company header on each page, a footer
 * with the document's title and "page n of m", Roboto, and the styles templates use (`title`,
 * `section`, `label`, `small`, `tableHeader`). A document adds only its content.
 */
export function documentFrame(options: FrameOptions, content: Content): DocumentDefinition {
  const { company, lang } = options;
  return {
    pageSize: 'A4',
    pageMargins: [40, 90, 40, 50],
    info: { title: options.title, subject: options.subject ?? options.title, author: company.legalName },
    header: () => header(company, lang),
    footer: (page: number, pages: number) => ({
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: GREY,
      columns: [
        { text: options.title, width: '*' },
        { text: translate(lang, 'documents.page', { page, pages }), alignment: 'right', width: 'auto' },
      ],
    }),
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      section: { fontSize: 11, bold: true, color: RULE, margin: [0, 12, 0, 4] },
      label: { fontSize: 8, color: GREY },
      small: { fontSize: 8 },
      tableHeader: { bold: true, fontSize: 9, fillColor: '#eef4f8' },
    },
    content,
  };
}
