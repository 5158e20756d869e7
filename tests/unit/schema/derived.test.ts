import { describe, expect, it } from 'vitest';
import type { LabelsFor } from '../../../i18n/labels';
import { createSchema, decimal, deriveRecord, f, recordSchema } from '../../../resources/schema';
import { kindSamples } from '../../fixtures/kind-samples';
import { check } from './helpers';

const ID = '0b6e9900-0000-4000-8000-00000000000a';
const lineFields = {
  description: f.text({ required: true }),
  quantity: f.quantity({ required: true }),
  unitPrice: f.unitPrice({ required: true }),
  discountPercent: f.percent(),
  lineTotal: f.computed(f.money(), (l) => decimal.lineAmount(l.quantity, l.unitPrice, l.discountPercent)),
};

describe('lines', () => {
  const lines = f.lines(lineFields, { min: 1, max: 2, totals: (ls) => ({ total: decimal.sumOf(ls, 'lineTotal') }) });

  it('is a jsonb array, neither filtered nor sorted', () => {
    expect(lines).toMatchObject({ kind: 'lines', sql: 'jsonb', filter: [], sortable: false, minItems: 1, maxItems: 2 });
    expect(Object.keys(lines.lineFields)).toEqual(Object.keys(lineFields));
  });
  it('validates each line with its kinds, optional fields defaulting to null', () => {
    expect(check(lines.schema, [{ id: ID, description: ' Filtro ', quantity: '1', unitPrice: '2.5' }])).toEqual({
      ok: [
        {
          id: ID,
          description: 'Filtro',
          quantity: '1.000',
          unitPrice: '2.50000000',
          discountPercent: null,
          lineTotal: undefined,
        },
      ],
    });
  });
  it('refuses unknown keys, bad values, duplicate ids and wrong counts, naming the line', () => {
    expect(check(lines.schema, [{ description: 'x', quantity: 1, unitPrice: '1', colour: 'red' }])).toEqual({
      errors: { '0.colour': 'validation.unknownField', '0.quantity': 'validation.type' },
    });
    const line = { id: ID, description: 'x', quantity: '1', unitPrice: '1' };
    expect(check(lines.schema, [line, line])).toEqual({ errors: { '1.id': 'validation.duplicates' } });
    expect(check(lines.schema, [])).toEqual({ errors: { '': 'validation.required' } });
    expect(check(lines.schema, [line, line, line])).toEqual({ errors: { '': 'validation.maxItems' } });
    expect(check(lines.schema, [{ ...line, id: 'x' }])).toEqual({ errors: { '0.id': 'validation.reference' } });
  });
  it('drops computed values a client sends back: the server computes them', () => {
    const parsed = lines.schema.parse([{ description: 'x', quantity: '1', unitPrice: '1', lineTotal: '999' }]);
    expect(parsed[0].lineTotal).toBeUndefined();
  });
  it('gives its totals from the lines', () => {
    expect(lines.totals?.([{ lineTotal: '1.10' }, { lineTotal: '2.20' }])).toEqual({ total: '3.30' });
  });
  it('cannot nest lines or name a line field id', () => {
    expect(() => f.lines({ inner: lines })).toThrow();
    expect(() => f.lines({ id: f.text() })).toThrow();
  });
});

describe('computed', () => {
  const total = f.computed(f.money(), (r) => decimal.dec(r.amount).times(2));

  it('takes its column, filters and sorting from the result kind, and is read-only', () => {
    expect(total).toMatchObject({
      kind: 'computed',
      sql: 'numeric(13,2)',
      readOnly: true,
      required: false,
      sortable: true,
    });
    expect(total.result?.kind).toBe('money');
    expect(total.filter).toContain('gte');
    expect(() => f.computed(f.tags(), () => null, { filter: ['between'] })).toThrow();
    expect(() => f.computed(f.lines({}), () => null)).toThrow();
  });

  it('is never accepted from a client', () => {
    const def = { fields: { amount: f.money(), total }, rules: [] };
    const result = createSchema(def).safeParse({ amount: '1', total: '2.00' });
    expect(result.success).toBe(false);
    // A stored record (read back with its computed value) still passes the whole-record check.
    expect(recordSchema(def).safeParse({ amount: '1.00', total: '2.00' }).success).toBe(true);
  });
});

describe('deriveRecord', () => {
  const fields = kindSamples.fields;

  it('gives lines ids and computed values, then the record its own, in order', () => {
    let n = 0;
    const { record, issues } = deriveRecord(
      fields,
      {
        amount: '10.00',
        lines: [
          { kind: 'goods', description: 'a', quantity: '3', unitPrice: '0.1', discountPercent: null },
          { id: ID, kind: 'labour', description: 'b', quantity: '1', unitPrice: '1.005' },
        ],
      },
      () => `new-${++n}`,
    );
    expect(issues).toEqual([]);
    expect(record.lines).toMatchObject([
      { id: 'new-1', lineTotal: '0.30' },
      { id: ID, lineTotal: '1.01' },
    ]);
    expect(record).toMatchObject({ linesTotal: '1.31', amountWithVat: '12.20', lineCount: 2 });
  });

  it('previews without ids (a form) and counts half-typed values as nothing', () => {
    const { record } = deriveRecord(fields, { amount: null, lines: [{ quantity: '2', unitPrice: 'abc' }] });
    expect((record.lines as Record<string, unknown>[])[0]).toEqual({
      quantity: '2',
      unitPrice: 'abc',
      lineTotal: '0.00',
    });
    expect(record.amountWithVat).toBeNull();
  });

  it('reports a computed value that does not fit its kind on that field', () => {
    const { issues } = deriveRecord(fields, { amount: '99999999999.99' });
    expect(issues).toEqual([{ path: 'amountWithVat', key: 'validation.maxValue', params: { max: '99999999999.99' } }]);
  });
});

describe('catalogue labels of lines', () => {
  it('requires every line field, the line enums and the totals (a type check)', () => {
    const labels: LabelsFor<typeof kindSamples>['lines'] = {
      lines: {
        fields: {
          kind: 'Kind',
          description: 'Description',
          quantity: 'Quantity',
          unitPrice: 'Unit price',
          discountPercent: 'Discount %',
          lineTotal: 'Total',
        },
        enums: { kind: { goods: 'Goods', labour: 'Labour' } },
        totals: { total: 'Total' },
      },
    };
    // @ts-expect-error a missing total label fails the type check
    const missing: LabelsFor<typeof kindSamples>['lines']['lines'] = {
      fields: labels.lines.fields,
      enums: labels.lines.enums,
    };
    expect(missing).toBeDefined();
  });
});

describe('createSchema defaults', () => {
  const def = {
    fields: {
      kind: f.enum(['a', 'b'], { required: true, default: 'a' }),
      name: f.text({ required: true }),
      note: f.text({ default: 'none' }),
    },
    rules: [],
  };

  it('gives an absent required field its default, and still refuses it null or absent without one', () => {
    expect(createSchema(def).parse({ name: 'x' })).toEqual({ kind: 'a', name: 'x', note: 'none' });
    expect(createSchema(def).parse({ name: 'x', kind: 'b', note: null })).toEqual({ kind: 'b', name: 'x', note: null });
    expect(createSchema(def).safeParse({ name: 'x', kind: null }).success).toBe(false);
    expect(createSchema(def).safeParse({ kind: 'a' }).success).toBe(false);
  });
});
