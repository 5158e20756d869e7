import { decimal } from '../../../../resources/schema';

/**
 * Values as the FatturaPA schema spells them (docs/domain.md#electronic-invoice-fatturapa): its text types
 * allow Basic Latin or Latin-1 only, its numbers a fixed number of decimals.
 */

/** Typographic characters the office types (or the billing writes, "Intervento … – …") and their Latin-1 form. */
const REPLACEMENTS: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2026': '...',
  '\u20ac': 'EUR',
  '\u2022': '-',
  '\u00a0': ' ',
};

/** Text for a Latin type (String60Latin, String1000Latin ...): Latin-1 only, one line, at most `max` characters. */
export function latin(value: unknown, max: number): string {
  const text = String(value ?? '')
    .replace(
      /[\u2013\u2014\u2212\u2018\u2019\u201a\u201c\u201d\u201e\u2026\u20ac\u2022\u00a0]/g,
      (c) => REPLACEMENTS[c],
    )
    // Control characters (line breaks included) are not text the schema's types allow.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .normalize('NFC')
    .replace(/[^\u0020-\u00ff]/g, (c) => {
      // A letter with a diacritic outside Latin-1 (ł, ő ...) keeps its base letter.
      const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return /^[\u0020-\u00ff]+$/.test(base) ? base : '?';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, max).trimEnd();
}

/** Text for a Basic Latin type (String20: numbers of documents, NumeroCivico ...): ASCII only. */
export function basicLatin(value: unknown, max: number): string {
  return latin(value, max)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0020-\u007e]/g, '?')
    .slice(0, max)
    .trimEnd();
}

/** Latin text cut into pieces of `size` (Causale repeats, 200 characters each). */
export function chunks(value: unknown, size: number): string[] {
  const text = latin(value, 10_000);
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size).trim());
  return pieces.filter((p) => p !== '');
}

/** Amount2Decimal: exactly two decimals. */
export const amount2 = (value: unknown): string => decimal.round(value ?? 0, 2);

/** RateType: a rate or percentage with two decimals. */
export const rate = (value: unknown): string => decimal.round(value ?? 0, 2);

/** Amount8Decimal and Quantita: the stored decimals without trailing zeros, but at least two. */
export function upTo8(value: unknown): string {
  const fixed = decimal.round(value ?? 0, 8);
  return fixed.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** A date column as YYYY-MM-DD, whether the driver gave a string or a Date. */
export function day(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value ?? '').slice(0, 10);
}

/** TelFaxType: 5 to 12 characters; spaces, dots and dashes a phone number is written with are dropped. */
export function phone(value: unknown): string | undefined {
  const digits = String(value ?? '').replace(/[\s.\-/()]/g, '');
  return digits.length >= 5 && digits.length <= 12 ? digits : undefined;
}

/** 36^5 - 1: the largest progressive five base-36 characters hold. */
export const MAX_PROGRESSIVE = 36 ** 5 - 1;

/**
 * The transmission progressive as the SdI file name wants it: five characters [0-9A-Z]; the counter in base 36,
 * zero-padded (1 → "00001", 36 → "00010").
 */
export function progressiveCode(counter: number): string {
  if (!Number.isInteger(counter) || counter < 1 || counter > MAX_PROGRESSIVE)
    throw new RangeError(`progressive ${counter} does not fit five base-36 characters`);
  return counter.toString(36).toUpperCase().padStart(5, '0');
}

/** The company's VAT number as configured, "IT01234567897" or "01234567897" (Italian): its country and code. */
export function splitVatNumber(vat: string): { IdPaese: string; IdCodice: string } {
  const compact = vat.replace(/\s/g, '').toUpperCase();
  const prefixed = /^([A-Z]{2})([A-Z0-9]+)$/.exec(compact);
  return prefixed ? { IdPaese: prefixed[1], IdCodice: prefixed[2] } : { IdPaese: 'IT', IdCodice: compact };
}
