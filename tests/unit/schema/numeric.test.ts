import { describe, expect, it } from 'vitest';
import { f } from '../../../resources/schema';
import { check } from './helpers';

describe('decimal kinds', () => {
  it('money is numeric(13,2): strings canonicalised to two decimals', () => {
    const money = f.money();
    expect(money).toMatchObject({ kind: 'money', sql: 'numeric(13,2)', precision: 13, scale: 2, sortable: true });
    expect(money.filter).toEqual(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between', 'isNull']);
    expect(check(money.schema, '1234.5')).toEqual({ ok: '1234.50' });
    expect(check(money.schema, ' -0.10 ')).toEqual({ ok: '-0.10' });
    expect(check(money.schema, '99999999999.99')).toEqual({ ok: '99999999999.99' });
  });
  it('money refuses numbers, extra decimals, separators and overflow', () => {
    const money = f.money();
    expect(check(money.schema, 12.5)).toEqual({ errors: { '': 'validation.type' } });
    expect(check(money.schema, '12.345')).toEqual({ errors: { '': 'validation.decimal' } });
    expect(check(money.schema, '1.234,50')).toEqual({ errors: { '': 'validation.decimal' } });
    expect(check(money.schema, '')).toEqual({ errors: { '': 'validation.decimal' } });
    expect(check(money.schema, '100000000000')).toEqual({ errors: { '': 'validation.maxValue' } });
    expect(check(money.schema, '-100000000000')).toEqual({ errors: { '': 'validation.minValue' } });
  });
  it('money takes bounds', () => {
    const schema = f.money({ min: 0, max: '1000' }).schema;
    expect(check(schema, '-0.01')).toEqual({ errors: { '': 'validation.minValue' } });
    expect(check(schema, '1000.01')).toEqual({ errors: { '': 'validation.maxValue' } });
    expect(check(schema, '0')).toEqual({ ok: '0.00' });
  });
  it('unit prices have 8 decimals and are never negative', () => {
    const price = f.unitPrice();
    expect(price).toMatchObject({ kind: 'money', sql: 'numeric(19,8)', scale: 8, minValue: '0' });
    expect(check(price.schema, '0.12345678')).toEqual({ ok: '0.12345678' });
    expect(check(price.schema, '12.5')).toEqual({ ok: '12.50000000' });
    expect(check(price.schema, '-1')).toEqual({ errors: { '': 'validation.minValue' } });
  });
  it('quantities have 3 decimals', () => {
    const quantity = f.quantity({ min: '0.001' });
    expect(quantity).toMatchObject({ kind: 'decimal', sql: 'numeric(15,3)' });
    expect(check(quantity.schema, '2')).toEqual({ ok: '2.000' });
    expect(check(quantity.schema, '0.0005')).toEqual({ errors: { '': 'validation.decimal' } });
    expect(check(quantity.schema, '0')).toEqual({ errors: { '': 'validation.minValue' } });
  });
  it('percentages go from 0 to 100', () => {
    const percent = f.percent();
    expect(percent).toMatchObject({ kind: 'percent', sql: 'numeric(5,2)', minValue: '0', maxValue: '100' });
    expect(check(percent.schema, '22')).toEqual({ ok: '22.00' });
    expect(check(percent.schema, '100.00')).toEqual({ ok: '100.00' });
    expect(check(percent.schema, '100.01')).toEqual({ errors: { '': 'validation.maxValue' } });
    expect(check(percent.schema, '-1')).toEqual({ errors: { '': 'validation.minValue' } });
  });
  it('decimal takes any precision and scale, checked at definition time', () => {
    const weight = f.decimal({ precision: 10, scale: 3, min: 0 });
    expect(weight.sql).toBe('numeric(10,3)');
    expect(check(weight.schema, '1234567.123')).toEqual({ ok: '1234567.123' });
    expect(check(weight.schema, '12345678')).toEqual({ errors: { '': 'validation.maxValue' } });
    expect(() => f.decimal({ precision: 2, scale: 3 })).toThrow();
  });
});

describe('integer', () => {
  it('is an SQL integer with numbers on the wire', () => {
    const count = f.integer({ min: 0, max: 10 });
    expect(count).toMatchObject({ kind: 'integer', sql: 'integer', sortable: true, minValue: '0', maxValue: '10' });
    expect(check(count.schema, 3)).toEqual({ ok: 3 });
    expect(check(count.schema, 1.5)).toEqual({ errors: { '': 'validation.integer' } });
    expect(check(count.schema, 11)).toEqual({ errors: { '': 'validation.maxValue' } });
    expect(check(count.schema, -1)).toEqual({ errors: { '': 'validation.minValue' } });
    expect(check(count.schema, '3')).toEqual({ errors: { '': 'validation.type' } });
  });
  it('stays within the SQL integer range by default', () => {
    const schema = f.integer().schema;
    expect(check(schema, 2147483647)).toEqual({ ok: 2147483647 });
    expect(check(schema, 2147483648)).toEqual({ errors: { '': 'validation.maxValue' } });
  });
});
