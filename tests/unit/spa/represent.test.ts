import { describe, expect, it } from 'vitest';
import { dictionaries, type Locale } from '../../../i18n';
import { resources } from '../../../resources';
import { representRecord } from '../../../resources/schema';
import { formatDay, recordNamer } from '../../../src/app/represent';
import { MODULES } from '../../../src/modules';

/** The catalogue's text at `key` with its `:name` placeholders filled, as the SPA's provider does. */
function translator(locale: () => Locale) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], dictionaries[locale()]);
    if (typeof text !== 'string') throw new Error(`No text at ${key}`);
    return text.replace(/:(\w+)/g, (all, name: string) => (name in options ? String(options[name]) : all));
  };
}

let locale: Locale = 'it';
const i18n = { translate: translator(() => locale), getLocale: () => locale };
const representations = Object.assign({}, ...MODULES.map((m) => m.represent ?? {}));
const represent = recordNamer(representRecord, representations, i18n, 'EUR');
const def = (name: string) => resources.find((d) => d.name === name)!;
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the names of sales documents (docs/spa.md#record-names)', () => {
  const issued = { id: 'a', fullNumber: 'FT/2026/0001', customerName: 'Rossi S.r.l.', date: '2026-11-24' };
  const draft = { id: 'b', fullNumber: null, customerName: 'Rossi S.r.l.', date: '2026-11-24' };

  it('an issued invoice by number and customer, a draft by its date, in the interface language', () => {
    locale = 'it';
    expect(represent(def('sales/invoices'), issued)).toBe('FT/2026/0001 · Rossi S.r.l.');
    expect(represent(def('sales/invoices'), draft)).toBe('Bozza del 24/11/2026 · Rossi S.r.l.');
    locale = 'en';
    expect(represent(def('sales/invoices'), draft)).toBe('Draft of 11/24/2026 · Rossi S.r.l.');
    expect(represent(def('sales/invoices'), issued)).toBe('FT/2026/0001 · Rossi S.r.l.');
  });

  it('quotes and proformas by number and subject', () => {
    locale = 'it';
    const quote = { id: 'q', number: 'PR/2026/0007', subject: 'Manutenzione annuale', date: '2026-01-02' };
    expect(represent(def('sales/quotes'), quote)).toBe('PR/2026/0007 · Manutenzione annuale');
    expect(represent(def('sales/proformas'), { ...quote, subject: null })).toBe('PR/2026/0007');
  });

  it('an instalment by its invoice, position and due date; a payment by its day and amount', () => {
    locale = 'it';
    const instalment = { id: 'i', invoiceNumber: 'FT/2026/0001', position: 1, dueDate: '2026-12-31' };
    expect(represent(def('sales/instalments'), instalment)).toBe('FT/2026/0001 · rata 1 · 31/12/2026');
    locale = 'en';
    expect(represent(def('sales/instalments'), instalment)).toBe('FT/2026/0001 · instalment 1 · 12/31/2026');
    locale = 'it';
    expect(nbsp(represent(def('sales/payments'), { id: 'p', date: '2026-12-31', amount: '12345.50' }))).toBe(
      'Incasso del 31/12/2026 · 12.345,50 €',
    );
  });

  it('other resources keep their definition’s fields; an empty name falls back to them', () => {
    locale = 'it';
    const customers = def('sales/customers');
    const customer = { id: 'c', legalName: 'Rossi S.r.l.' };
    expect(represent(customers, customer)).toBe(representRecord(customers, customer));
    expect(represent(def('sales/invoices'), { id: 'x', fullNumber: null, date: null, customerName: null })).toBe('');
  });
});

describe('formatDay', () => {
  it('writes a day in the locale’s order whatever the time zone, and leaves other values as they are', () => {
    expect(formatDay('2026-03-01', 'it')).toBe('01/03/2026');
    expect(formatDay('2026-03-01', 'en')).toBe('03/01/2026');
    expect(formatDay(null, 'it')).toBe('');
    expect(formatDay('soon', 'it')).toBe('soon');
  });
});
