import { describe, expect, it } from 'vitest';
import { addressSchema, f } from '../../../resources/schema';
import { check } from './helpers';

describe('Italian identifier kinds', () => {
  it('vatNumber normalises and checks the digit', () => {
    const vat = f.vatNumber();
    expect(vat).toMatchObject({ kind: 'vatNumber', sql: 'text', sortable: true });
    expect(check(vat.schema, ' IT 00743110157 ')).toEqual({ ok: '00743110157' });
    expect(check(vat.schema, '12345678903')).toEqual({ ok: '12345678903' });
    expect(check(vat.schema, '12345678901')).toEqual({ errors: { '': 'validation.vatNumber' } });
    expect(check(vat.schema, '')).toEqual({ errors: { '': 'validation.required' } });
    expect(vat.normalise?.('it00743110157')).toBe('00743110157');
  });
  it('fiscalCode upper-cases a personal code and checks company codes as VAT numbers', () => {
    const cf = f.fiscalCode().schema;
    expect(check(cf, 'rssmra85t10a562s')).toEqual({ ok: 'RSSMRA85T10A562S' });
    expect(check(cf, 'MRTMTT91D08F205J')).toEqual({ ok: 'MRTMTT91D08F205J' });
    expect(check(cf, '00743110157')).toEqual({ ok: '00743110157' });
    expect(check(cf, 'RSSMRA85T10A562T')).toEqual({ errors: { '': 'validation.fiscalCode' } });
  });
  it('sdiCode takes 7 characters or 6 for the public administration', () => {
    const sdi = f.sdiCode().schema;
    expect(check(sdi, 'm5uxcr1')).toEqual({ ok: 'M5UXCR1' });
    expect(check(sdi, 'UFY9MH')).toEqual({ ok: 'UFY9MH' });
    expect(check(sdi, '12345')).toEqual({ errors: { '': 'validation.sdiCode' } });
  });
  it('iban drops spaces and checks mod 97', () => {
    const iban = f.iban().schema;
    expect(check(iban, 'it60 x054 2811 1010 0000 0123 456')).toEqual({ ok: 'IT60X0542811101000000123456' });
    expect(check(iban, 'IT60X0542811101000000123457')).toEqual({ errors: { '': 'validation.iban' } });
  });
  it('ean checks the GTIN digit', () => {
    expect(check(f.ean().schema, '4006381333931')).toEqual({ ok: '4006381333931' });
    expect(check(f.ean().schema, '4006381333930')).toEqual({ errors: { '': 'validation.ean' } });
  });
});

describe('url', () => {
  it('takes http and https, adding https to a bare host', () => {
    const url = f.url().schema;
    expect(check(url, 'https://www.acme.it/contatti?x=1')).toEqual({ ok: 'https://www.acme.it/contatti?x=1' });
    expect(check(url, ' www.acme.it ')).toEqual({ ok: 'https://www.acme.it' });
    expect(check(url, 'http://intranet:8080/')).toEqual({ ok: 'http://intranet:8080/' });
  });
  it('refuses other schemes and garbage', () => {
    const url = f.url().schema;
    expect(check(url, 'javascript:alert(1)')).toEqual({ errors: { '': 'validation.url' } });
    expect(check(url, 'ftp://files.acme.it')).toEqual({ errors: { '': 'validation.url' } });
    expect(check(url, 'http://')).toEqual({ errors: { '': 'validation.url' } });
  });
});

describe('address province', () => {
  const milano = { street: 'Via Roma', zip: '20121', city: 'Milano' };
  it('must be an official sigla in Italy, upper-cased', () => {
    expect(check(addressSchema, { ...milano, province: 'mi' })).toMatchObject({
      ok: { province: 'MI', country: 'IT' },
    });
    expect(check(addressSchema, { ...milano, province: 'XX' })).toEqual({
      errors: { province: 'validation.province' },
    });
    expect(check(addressSchema, milano)).toEqual({ errors: { province: 'validation.required' } });
  });
  it('is free abroad', () => {
    expect(check(addressSchema, { street: 'Rue X', zip: '75001', city: 'Paris', country: 'fr' })).toMatchObject({
      ok: { country: 'FR' },
    });
  });
  it('carries optional coordinates as decimal(9,6) strings', () => {
    expect(check(addressSchema, { ...milano, province: 'MI', latitude: '45.4642', longitude: '9.19' })).toMatchObject({
      ok: { latitude: '45.464200', longitude: '9.190000' },
    });
    expect(check(addressSchema, { ...milano, province: 'MI', latitude: '91' })).toEqual({
      errors: { latitude: 'validation.maxValue' },
    });
  });
});
