/**
 * Italian (and European) identifiers with their check algorithms, docs/domain.md#italian-identifiers. Pure functions,
 * used by the field kinds on both halves; each `isValid*` takes the normalised form (see `normalise*`).
 */

/** Removes spaces (people copy codes grouped in fours) and upper-cases. */
export function normaliseCode(input: string): string {
  return input.replace(/[\s\u00a0]/g, '').toUpperCase();
}

/** A Partita IVA may arrive with its EU prefix ("IT00743110157"); it is stored without (docs/domain.md#italian-identifiers). */
export function normaliseVatNumber(input: string): string {
  const code = normaliseCode(input);
  return /^IT\d{11}$/.test(code) ? code.slice(2) : code;
}

/**
 * Partita IVA: 11 digits; digits in odd positions (1st, 3rd ...) count as they are, those in even
 * positions doubled (minus 9 above 9); the 11th digit is (10 − sum mod 10) mod 10. All zeros is no number.
 */
export function isValidVatNumber(code: string): boolean {
  if (!/^\d{11}$/.test(code) || /^0{11}$/.test(code)) return false;
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const digit = code.charCodeAt(i) - 48;
    if (i % 2 === 0) total += digit;
    else total += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (total % 10)) % 10 === code.charCodeAt(10) - 48;
}

/** Omocodia replaces digits with these letters (0 -> L ... 9 -> V), in the positions that hold digits. */
const OMOCODIA = 'LMNPQRSTUV';
const PERSONAL_CF = new RegExp(
  `^[A-Z]{6}[0-9${OMOCODIA}]{2}[ABCDEHLMPRST][0-9${OMOCODIA}]{2}[A-Z][0-9${OMOCODIA}]{3}[A-Z]$`,
);
/** Values of characters in odd positions (1st, 3rd ... 15th), digits and letters alike. */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function oddValue(c: string): number {
  const code = c.charCodeAt(0);
  // Digit d has the value of the d-th letter: '0' as 'A', '1' as 'B' ...
  return ODD_VALUES[code >= 65 ? code - 65 : code - 48];
}

function evenValue(c: string): number {
  const code = c.charCodeAt(0);
  return code >= 65 ? code - 65 : code - 48;
}

/** The check letter of the first 15 characters of a personal codice fiscale. */
export function fiscalCodeCheckLetter(first15: string): string {
  let total = 0;
  for (let i = 0; i < 15; i++) total += i % 2 === 0 ? oddValue(first15[i]) : evenValue(first15[i]);
  return String.fromCharCode(65 + (total % 26));
}

/**
 * Codice fiscale: a person's 16 characters (omocodia letters allowed where digits go) with the check
 * letter, or a company's 11 digits checked like a Partita IVA.
 */
export function isValidFiscalCode(code: string): boolean {
  if (/^\d{11}$/.test(code)) return isValidVatNumber(code);
  if (!PERSONAL_CF.test(code)) return false;
  return fiscalCodeCheckLetter(code.slice(0, 15)) === code[15];
}

/**
 * SDI recipient code: 7 characters for businesses (`0000000` when the invoice goes by PEC or to a
 * consumer, `XXXXXXX` abroad), 6 for public administrations (codice univoco ufficio).
 */
export function isValidSdiCode(code: string): boolean {
  return /^[A-Z0-9]{6,7}$/.test(code);
}

/** IBAN lengths by country: the SEPA countries and a few frequent non-SEPA trading partners. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, CH: 21, CY: 28, CZ: 24,
  DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LI: 21, LT: 20,
  LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SE: 24, SI: 19, SK: 24, SM: 27, TN: 24, TR: 26, UA: 29,
  VA: 22, XK: 20,
}; // prettier-ignore

/** Italy and San Marino: CIN letter, ABI and CAB (5 digits each), account number (12 characters). */
const IT_BBAN = /^(IT|SM)\d{2}[A-Z]\d{10}[0-9A-Z]{12}$/;

/** IBAN: known country, its length, then mod 97 = 1 over the code with its first 4 characters moved last. */
export function isValidIban(code: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(code)) return false;
  if (IBAN_LENGTHS[code.slice(0, 2)] !== code.length) return false;
  if ((code.startsWith('IT') || code.startsWith('SM')) && !IT_BBAN.test(code)) return false;
  const rearranged = code.slice(4) + code.slice(0, 4);
  let remainder = 0;
  for (const c of rearranged) {
    const value = c >= 'A' ? String(c.charCodeAt(0) - 55) : c;
    // Digit by digit keeps the number small: the whole IBAN would not fit in a double.
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** EAN-8, UPC-A (12), EAN-13 and GTIN-14: weights 3 and 1 from the right, check digit makes it mod 10. */
export function isValidEan(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  let total = 0;
  for (let i = code.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight)
    total += (code.charCodeAt(i) - 48) * weight;
  return (10 - (total % 10)) % 10 === code.charCodeAt(code.length - 1) - 48;
}
