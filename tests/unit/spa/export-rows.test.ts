import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { defineResource, f } from '../../../resources/schema';
import { exportRows, looksConvertible, type CellContext } from '../../../src/views/export/cells';
import { exportColumns, referenceTargets } from '../../../src/views/export/columns';
import { italianCsv } from '../../../src/views/export/csv';
import { sheetName, toXlsx, xlsxCell } from '../../../src/views/export/xlsx';

/** A definition with a field of each kind an export writes differently. */
const def = defineResource({
  name: 'sales/export-samples',
  service: 'sales',
  endpoint: 'export-samples',
  recordRepresentation: ['title'],
  fields: {
    title: f.text({ required: true, max: 80 }),
    code: f.text({ max: 20 }),
    vatNumber: f.vatNumber(),
    phone: f.phone(),
    amount: f.money(),
    weightKg: f.decimal({ precision: 10, scale: 3 }),
    discount: f.percent(),
    visits: f.integer(),
    due: f.date(),
    kind: f.enum(['goods', 'labour']),
    active: f.boolean(),
    customerId: f.reference('sales/customers'),
    contactIds: f.references('address-book/contacts', { max: 3 }),
    address: f.address(),
    secret: f.password(),
    lines: f.lines({ description: f.text({ max: 10 }) }, { max: 3 }),
  },
  views: {
    list: { columns: ['title', 'amount', 'customerId'], sort: { field: 'title', order: 'ASC' }, filters: [] },
    form: { sections: [{ id: 'main', fields: ['title'] }] },
  },
});

const LABELS: Record<string, Record<string, string>> = {
  'sales/customers': { c1: 'Rossi Impianti S.r.l.' },
  'address-book/contacts': { p1: 'Mario Rossi', p2: 'Anna Bianchi' },
};
const ctx: CellContext = {
  translate: (key) => `«${key}»`,
  label: (target, id) => LABELS[target]?.[id],
};

const record = {
  id: 'r1',
  title: 'Caldaia',
  code: '00123',
  vatNumber: '01234567890',
  phone: '+393331234567',
  amount: '1002.94',
  weightKg: '0.100',
  discount: '22.50',
  visits: 3,
  due: '2026-03-05',
  kind: 'labour',
  active: true,
  customerId: 'c1',
  contactIds: ['p1', 'p2', 'gone'],
  address: { street: 'Via Roma', streetNumber: '1', zip: '00184', city: 'Roma', province: 'RM', country: 'IT' },
  lines: [{ description: 'x' }],
};

describe('the columns of an export', () => {
  it('starts with the list columns, then every other field; no lines, no secrets; an address in parts', () => {
    const columns = exportColumns(def).map((c) => (c.part ? `${c.name}.${c.part}` : c.name));
    expect(columns.slice(0, 3)).toEqual(['title', 'amount', 'customerId']);
    expect(columns).toContain('address.zip');
    expect(columns).not.toContain('lines');
    expect(columns).not.toContain('secret');
    expect([...referenceTargets(exportColumns(def))]).toEqual([
      ['customerId', 'sales/customers'],
      ['contactIds', 'address-book/contacts'],
    ]);
  });
});

describe('the CSV of an export, in the Italian convention', () => {
  const columns = exportColumns(def);
  const { header, rows } = exportRows(def, columns, [record], ctx);
  const csv = italianCsv(header, rows);
  const [head, line] = csv.slice(1).split('\r\n');
  const cells = Object.fromEntries(head.split(';').map((label, i) => [label, line.split(';')[i]]));
  const field = (name: string) => cells[`«resources.sales/export-samples.fields.${name}»`];

  it('is UTF-8 with a byte order mark, headed by the translated labels', () => {
    expect(csv.startsWith('\uFEFF«resources.sales/export-samples.fields.title»;')).toBe(true);
    expect(head).toContain('«resources.sales/export-samples.fields.address» - «address.zip»');
  });

  it('writes decimals with a comma, digit for digit, and percentages with their sign', () => {
    expect(field('amount')).toBe('1002,94');
    expect(field('weightKg')).toBe('0,100');
    expect(field('discount')).toBe('22,50%');
    expect(field('visits')).toBe('3');
  });

  it('writes dates as dd/mm/yyyy', () => {
    expect(field('due')).toBe('05/03/2026');
  });

  it('keeps codes as text, leading zeros and all', () => {
    expect(field('vatNumber')).toBe('"=""01234567890"""');
    expect(field('phone')).toBe('"=""+393331234567"""');
    expect(field('code')).toBe('"=""00123"""');
    expect(cells['«resources.sales/export-samples.fields.address» - «address.zip»']).toBe('"=""00184"""');
    expect(field('title')).toBe('Caldaia');
  });

  it('writes references as their labels, enums and booleans translated', () => {
    expect(field('customerId')).toBe('Rossi Impianti S.r.l.');
    // A record that could not be read is written as the id the record holds.
    expect(field('contactIds')).toBe('Mario Rossi, Anna Bianchi, gone');
    expect(field('kind')).toBe('«resources.sales/export-samples.enums.kind.labour»');
    expect(field('active')).toBe('«exports.yes»');
  });

  it('leaves empty values empty', () => {
    const { rows } = exportRows(def, columns, [{ id: 'r2', title: 'Vuoto' }], ctx);
    expect(rows[0].filter((cell) => cell !== null)).toHaveLength(1);
  });
});

describe('text a spreadsheet would convert', () => {
  it.each(['0123', '1E5', '12:30', '1-2', '5%', '+39 333 1234567', 'VERO'])('%s is kept as typed', (text) => {
    expect(looksConvertible(text)).toBe(true);
  });
  it.each(['Caldaia 24 kW', 'RSSMRA80A01H501U', 'IT60X0542811101000000123456'])('%s is plain text', (text) => {
    expect(looksConvertible(text)).toBe(false);
  });
});

describe('the XLSX of an export', () => {
  it('types each cell: numbers with their format, money in the currency, dates as dates, codes as text', () => {
    expect(xlsxCell({ type: 'number', value: '1002.94', style: 'money', scale: 2 }, 'EUR')).toEqual({
      value: 1002.94,
      type: Number,
      format: '#,##0.00 "€"',
    });
    expect(xlsxCell({ type: 'number', value: '22.50', style: 'percent', scale: 2 }, 'EUR')).toMatchObject({
      value: 0.225,
      format: '0.00%',
    });
    expect(xlsxCell({ type: 'number', value: '12', style: 'integer' }, 'EUR')).toMatchObject({ format: '#,##0' });
    expect(xlsxCell({ type: 'date', value: '2026-03-05' }, 'EUR')).toEqual({
      value: new Date(Date.UTC(2026, 2, 5)),
      type: Date,
      format: 'dd/mm/yyyy',
    });
    expect(xlsxCell({ type: 'text', value: '01234567890', code: true }, 'EUR')).toEqual({
      value: '01234567890',
      type: String,
      format: '@',
    });
    // More digits than a double holds: text rather than a silently different number.
    expect(xlsxCell({ type: 'number', value: '1234567890123.45678', style: 'decimal' }, 'EUR')).toMatchObject({
      type: String,
    });
  });

  it('is a workbook a reader reads back with typed values', async () => {
    const columns = exportColumns(def);
    const { header, rows } = exportRows(def, columns, [record], ctx);
    const blob = await toXlsx(header, rows, { title: 'Campioni', currency: 'EUR' });
    const [sheet] = await readXlsxFile(Buffer.from(await blob.arrayBuffer()));
    expect(sheet.sheet).toBe('Campioni');
    const [head, line] = sheet.data;
    const cell = (name: string) => line[head.indexOf(`«resources.sales/export-samples.fields.${name}»`)];
    expect(cell('amount')).toBe(1002.94);
    expect(cell('weightKg')).toBe(0.1);
    expect(cell('vatNumber')).toBe('01234567890');
    expect(cell('customerId')).toBe('Rossi Impianti S.r.l.');
    expect(cell('due')).toEqual(new Date(Date.UTC(2026, 2, 5)));
  });

  it('names its sheet within what Excel accepts', () => {
    expect(sheetName('DDT in/out: [2026]')).toBe('DDT in out   2026 ');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});
