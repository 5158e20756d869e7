import type { Representation } from '../../app/manifest';

type Row = Readonly<Record<string, unknown>>;

/** The parts that have a value, joined as the documents are written: "FT/2026/0001 · Rossi S.r.l.". */
const joined = (...parts: unknown[]) =>
  parts
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map(String)
    .join(' · ');

/**
 * A document's number, or for a draft that has none yet (an invoice before `issue`, docs/domain.md#invoices)
 * "Bozza del 24/11/2026" / "Draft of 24/11/2026", in the interface's language and date format.
 */
const numberOrDraft =
  (numberField: string, ...rest: string[]): Representation =>
  (record, translate, format) =>
    joined(
      record[numberField] || (record.date ? translate('salesNames.draftOf', { date: format.date(record.date) }) : ''),
      ...rest.map((name) => record[name]),
    );

/**
 * How the sales module names its documents in titles, reference links, chips and pickers
 * (docs/spa.md#record-names). The pickers still search on the server's searchable fields (`q`).
 */
export const salesRepresentations: Readonly<Record<string, Representation>> = {
  'sales/invoices': numberOrDraft('fullNumber', 'customerName'),
  // Numbered on creation: a draft has its number too, so a missing one only reads as a draft.
  'sales/quotes': numberOrDraft('number', 'subject'),
  'sales/proformas': numberOrDraft('number', 'subject'),
  /** "FT/2026/0001 · rata 1 · 31/12/2026". */
  'sales/instalments': (record: Row, translate, format) =>
    joined(
      record.invoiceNumber,
      record.position == null ? '' : translate('salesNames.instalment', { position: record.position }),
      format.date(record.dueDate),
    ),
  /** "Incasso del 31/12/2026 · 100,00 €": a payment is known by its day and amount. */
  'sales/payments': (record: Row, translate, format) =>
    joined(
      record.date ? translate('salesNames.payment', { date: format.date(record.date) }) : '',
      format.money(record.amount),
    ),
};
