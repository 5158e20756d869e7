import { describe, expect, it } from 'vitest';
import {
  fiscalCodeCheckLetter,
  IBAN_LENGTHS,
  isItalianProvince,
  isValidEan,
  isValidFiscalCode,
  isValidIban,
  isValidSdiCode,
  isValidVatNumber,
  normaliseCode,
  normaliseVatNumber,
  PROVINCES,
} from '../../../resources/schema';

describe('Partita IVA (docs/domain.md#italian-identifiers)', () => {
  it('accepts the test vectors and rejects a wrong check digit', () => {
    expect(isValidVatNumber('00743110157')).toBe(true);
    expect(isValidVatNumber('12345678903')).toBe(true);
    expect(isValidVatNumber('12345678901')).toBe(false);
  });
  it('rejects all zeros, wrong lengths and letters', () => {
    expect(isValidVatNumber('00000000000')).toBe(false);
    expect(isValidVatNumber('0074311015')).toBe(false);
    expect(isValidVatNumber('007431101570')).toBe(false);
    expect(isValidVatNumber('0074311015A')).toBe(false);
  });
  it('normalises spaces and the IT prefix, not other countries', () => {
    expect(normaliseVatNumber(' it 007 4311 0157 ')).toBe('00743110157');
    expect(normaliseVatNumber('DE123456789')).toBe('DE123456789');
  });
});

describe('codice fiscale', () => {
  it('accepts the test vectors and rejects a wrong check letter', () => {
    expect(isValidFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidFiscalCode('MRTMTT91D08F205J')).toBe(true);
    expect(isValidFiscalCode('RSSMRA85T10A562T')).toBe(false);
  });
  it('computes the check letter from the odd and even tables', () => {
    expect(fiscalCodeCheckLetter('RSSMRA85T10A562')).toBe('S');
    expect(fiscalCodeCheckLetter('MRTMTT91D08F205')).toBe('J');
  });
  it('accepts omocodia (digits replaced by LMNPQRSTUV) with its own check letter', () => {
    // 85 -> U5 in the year, then the check letter recomputed for the new characters.
    const base = 'RSSMRAU5T10A562';
    expect(isValidFiscalCode(base + fiscalCodeCheckLetter(base))).toBe(true);
    expect(isValidFiscalCode(`RSSMRAW5T10A562${fiscalCodeCheckLetter(base)}`)).toBe(false);
  });
  it('rejects a month letter that is no month, lower case and bad lengths', () => {
    const noMonth = 'RSSMRA85Z10A562';
    expect(isValidFiscalCode(noMonth + fiscalCodeCheckLetter(noMonth))).toBe(false);
    expect(isValidFiscalCode('rssmra85t10a562s')).toBe(false);
    expect(isValidFiscalCode('RSSMRA85T10A562')).toBe(false);
  });
  it('checks an 11-digit company code like a Partita IVA', () => {
    expect(isValidFiscalCode('00743110157')).toBe(true);
    expect(isValidFiscalCode('12345678901')).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts the test vector and other countries with their lengths', () => {
    expect(isValidIban('IT60X0542811101000000123456')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
    expect(isValidIban('SM86U0322509800000000270100')).toBe(true);
  });
  it('rejects a wrong check, a wrong length, an unknown country and an Italian BBAN of the wrong shape', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
    expect(isValidIban('IT60X054281110100000012345')).toBe(false);
    expect(isValidIban('ZZ60X0542811101000000123456')).toBe(false);
    expect(isValidIban('IT60005428111010000001234566')).toBe(false);
  });
  it('knows every SEPA country', () => {
    const sepa = ['AD', 'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GI', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MC', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'SM', 'VA']; // prettier-ignore
    for (const country of sepa) expect(IBAN_LENGTHS[country], country).toBeGreaterThanOrEqual(15);
    expect(IBAN_LENGTHS.IT).toBe(27);
  });
  it('is normalised without spaces, upper case', () => {
    expect(normaliseCode(' it60 x054 2811 1010 0000 0123 456 ')).toBe('IT60X0542811101000000123456');
  });
});

describe('SDI code', () => {
  it('takes 7 characters, or 6 for public administrations', () => {
    expect(isValidSdiCode('0000000')).toBe(true);
    expect(isValidSdiCode('XXXXXXX')).toBe(true);
    expect(isValidSdiCode('M5UXCR1')).toBe(true);
    expect(isValidSdiCode('UFY9MH')).toBe(true);
    expect(isValidSdiCode('ABCDE')).toBe(false);
    expect(isValidSdiCode('ABCDEFGH')).toBe(false);
    expect(isValidSdiCode('AB-1234')).toBe(false);
  });
});

describe('EAN / GTIN', () => {
  it('checks the mod-10 digit of every length', () => {
    expect(isValidEan('4006381333931')).toBe(true); // EAN-13
    expect(isValidEan('73513537')).toBe(true); // EAN-8
    expect(isValidEan('036000291452')).toBe(true); // UPC-A
    expect(isValidEan('10036000291459')).toBe(true); // GTIN-14
    expect(isValidEan('4006381333932')).toBe(false);
    expect(isValidEan('400638133393')).toBe(false);
    expect(isValidEan('40063813339311')).toBe(false);
  });
});

describe('provinces', () => {
  it('lists the 107 current sigle once each, and accepts the historical Sardinian ones', () => {
    expect(PROVINCES).toHaveLength(107);
    expect(new Set(PROVINCES).size).toBe(107);
    for (const code of ['MI', 'RM', 'MB', 'BT', 'FM', 'SU', 'VB', 'CI', 'OT'])
      expect(isItalianProvince(code)).toBe(true);
    for (const code of ['XX', 'EE', 'mi', 'FO']) expect(isItalianProvince(code)).toBe(false);
  });
});
