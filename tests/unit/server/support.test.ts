import { describe, expect, it } from 'vitest';
import { timestampToIso } from '../../../server/db/type-parsers';
import { requestLang } from '../../../server/http/lang';
import { mergeMessages } from '../../../server/services/config/dictionaries';

describe('timestampToIso', () => {
  it('turns PostgreSQL text timestamps into ISO-8601 UTC', () => {
    expect(timestampToIso('2024-05-01 08:30:00.5+02')).toBe('2024-05-01T06:30:00.500Z');
    expect(timestampToIso('2024-05-01 08:30:00+00')).toBe('2024-05-01T08:30:00.000Z');
    expect(timestampToIso('2024-05-01 08:30:00-03:30')).toBe('2024-05-01T12:00:00.000Z');
    expect(timestampToIso('2024-05-01 08:30:00.123456')).toBe('2024-05-01T08:30:00.123Z');
  });

  it('passes through what has no ISO form', () => {
    expect(timestampToIso('infinity')).toBe('infinity');
    expect(timestampToIso('0044-03-15 12:00:00+00 BC')).toBe('0044-03-15 12:00:00+00 BC');
  });
});

describe('requestLang', () => {
  it('picks the preferred of it/en, English by default', () => {
    expect(requestLang('it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(requestLang('fr-FR,en;q=0.5,it;q=0.4')).toBe('en');
    expect(requestLang('en;q=0.3,it;q=0.7')).toBe('it');
    expect(requestLang('it;q=0,en')).toBe('en');
    expect(requestLang('de')).toBe('en');
    expect(requestLang(undefined)).toBe('en');
  });
});

describe('mergeMessages', () => {
  it('merges nested groups and lets overrides win', () => {
    expect(mergeMessages({ a: { b: 'x', c: 'y' }, d: 'z' }, { a: { b: 'X' }, e: 'w' })).toEqual({
      a: { b: 'X', c: 'y' },
      d: 'z',
      e: 'w',
    });
  });
});
