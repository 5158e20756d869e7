import { z } from 'zod';
import { field, TEXT_OPS, type CommonOptions } from '../field';
import {
  isValidEan,
  isValidFiscalCode,
  isValidIban,
  isValidSdiCode,
  isValidVatNumber,
  normaliseCode,
  normaliseVatNumber,
} from '../italian';

type CodeKind = 'vatNumber' | 'fiscalCode' | 'sdiCode' | 'iban' | 'ean';

/**
 * A code normalised (spaces out, upper case) then checked; the error is the kind's catalogue key. The
 * same normalisation applies to list filter values, so "IT 0074 3110 157" finds 00743110157.
 */
function codeField<K extends CodeKind>(
  kind: K,
  max: number,
  normalise: (raw: string) => string,
  valid: (code: string) => boolean,
  opts: CommonOptions<string> & { searchable?: boolean },
) {
  const schema = z
    .string()
    .max(max + 10)
    .transform(normalise)
    .pipe(
      z
        .string()
        // Empty is "required", not also "invalid".
        .min(1, { abort: true })
        .refine(valid, { error: `validation.${kind}` }),
    );
  return field(kind, schema, 'text', TEXT_OPS, { sortable: true, ...opts }, { max, normalise });
}

/** A URL typed without a scheme ("www.acme.it") is read as https. */
export function normaliseUrl(input: string): string {
  const s = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
}

/** Web addresses and codes with check digits. */
export function identifierKinds() {
  return {
    /** A web address (http or https only: no javascript: links in lists). */
    url(opts: CommonOptions<string> & { max?: number; searchable?: boolean } = {}) {
      const max = opts.max ?? 2048;
      const schema = z
        .string()
        .trim()
        .min(1)
        .max(max)
        .transform(normaliseUrl)
        .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }));
      return field('url', schema, 'text', TEXT_OPS, { sortable: true, ...opts }, { max });
    },
    /** Partita IVA: 11 digits with its check digit, stored without the IT prefix. */
    vatNumber(opts: CommonOptions<string> & { searchable?: boolean } = {}) {
      return codeField('vatNumber', 11, normaliseVatNumber, isValidVatNumber, opts);
    },
    /** Codice fiscale: a person's 16 characters or a company's 11 digits, upper-cased. */
    fiscalCode(opts: CommonOptions<string> & { searchable?: boolean } = {}) {
      return codeField('fiscalCode', 16, normaliseCode, isValidFiscalCode, opts);
    },
    /** SDI recipient code: 7 characters, or 6 for a public administration. */
    sdiCode(opts: CommonOptions<string> = {}) {
      return codeField('sdiCode', 7, normaliseCode, isValidSdiCode, opts);
    },
    /** IBAN: country length and mod-97 check, stored without spaces. */
    iban(opts: CommonOptions<string> = {}) {
      return codeField('iban', 34, normaliseCode, isValidIban, opts);
    },
    /** EAN-8/13, UPC-A or GTIN-14 barcode with its check digit. */
    ean(opts: CommonOptions<string> & { searchable?: boolean } = {}) {
      return codeField('ean', 14, normaliseCode, isValidEan, opts);
    },
  };
}
