import { z } from 'zod';
import { f, normaliseVatNumber, type CommonOptions } from '../schema';

/**
 * A VAT number of any country, stored without its country prefix beside a `vatCountry` field. Only
 * its shape is checked here (FatturaPA IdCodice: up to 28 letters and digits); the Italian check digit
 * depends on the country, so the definitions check it in a rule (see `italianVatNumberRule`).
 */
export function anyVatNumber(opts: CommonOptions<string> & { searchable?: boolean } = {}) {
  const base = f.vatNumber(opts);
  const schema = z
    .string()
    .max(40)
    .transform(normaliseVatNumber)
    .pipe(
      z
        .string()
        .min(1, { abort: true })
        .regex(/^[A-Z0-9]{2,28}$/, { error: 'validation.sales.foreignVatNumber' }),
    );
  return { ...base, schema, max: 28 };
}

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export function countryCode(opts: CommonOptions<string> = {}) {
  const base = f.text({ max: 2, ...opts });
  return {
    ...base,
    schema: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'validation.format' }),
  };
}

/** ABI and CAB bank codes: 5 digits each. */
export function bankCode() {
  return f.text({ max: 5, pattern: /^\d{5}$/ });
}
