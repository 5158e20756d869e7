import { describe, expect, it } from 'vitest';
import { f } from '../../../resources/schema';
import { check } from './helpers';

const A = '0b6e9900-0000-4000-8000-000000000001';
const B = '0b6e9900-0000-4000-8000-000000000002';

describe('references (many)', () => {
  it('is uuid[] filtered by "any of" and emptiness, not sortable', () => {
    const refs = f.references('address-book/contacts', { max: 2 });
    expect(refs).toMatchObject({ kind: 'references', sql: 'uuid[]', reference: 'address-book/contacts', maxItems: 2 });
    expect(refs.filter).toEqual(['in', 'isNull']);
    expect(refs.sortable).toBe(false);
  });
  it('lower-cases and de-duplicates ids, keeping their order', () => {
    const schema = f.references('x').schema;
    expect(check(schema, [B, A.toUpperCase(), A])).toEqual({ ok: [B, A] });
    expect(check(schema, [])).toEqual({ ok: [] });
  });
  it('refuses non-ids, too many ids and, when required, none', () => {
    expect(check(f.references('x').schema, ['nope'])).toEqual({ errors: { '0': 'validation.reference' } });
    expect(check(f.references('x', { max: 1 }).schema, [A, B])).toEqual({ errors: { '': 'validation.maxItems' } });
    expect(check(f.references('x', { required: true }).schema, [])).toEqual({ errors: { '': 'validation.required' } });
    expect(check(f.references('x').schema, A)).toEqual({ errors: { '': 'validation.type' } });
  });
});

describe('tags', () => {
  it('is text[] filtered by "any of", text inside a tag and emptiness', () => {
    const tags = f.tags();
    expect(tags).toMatchObject({ kind: 'tags', sql: 'text[]', sortable: false });
    expect(tags.filter).toEqual(['in', 'contains', 'isNull']);
  });
  it('trims and drops duplicates ignoring case', () => {
    expect(check(f.tags().schema, [' F-gas ', 'f-gas', 'Urgente', 'F-GAS'])).toEqual({ ok: ['F-gas', 'Urgente'] });
  });
  it('refuses empty and long tags, and too many', () => {
    expect(check(f.tags().schema, ['  '])).toEqual({ errors: { '0': 'validation.required' } });
    expect(check(f.tags().schema, ['x'.repeat(41)])).toEqual({ errors: { '0': 'validation.maxLength' } });
    expect(check(f.tags().schema, ['x'.repeat(40)])).toEqual({ ok: ['x'.repeat(40)] });
    expect(check(f.tags({ max: 2 }).schema, ['a', 'b', 'c'])).toEqual({ errors: { '': 'validation.maxItems' } });
  });
});
