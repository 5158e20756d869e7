import { randomUUID } from 'node:crypto';
import type { Attachment, Field, Fields } from '../../../resources/schema';
import { sanitizeRichText } from '../../../server/records';
import { ean13, iban, vatNumber } from './codes';

/** What generating one record needs from the contract fixture. */
export interface GenContext {
  /** 0 for the record under test, 1 for a second one (sort checks, update values), 2 for referenced ones. */
  variant: number;
  /** Six lower-case letters and digits, different for every record. */
  unique: string;
  /** A number different for every record (codes with check digits). */
  seq: number;
  /**
   * Id of a record of `target` (one of its own when `own`: a unique reference), or null when none can be
   * had (a cycle through an optional reference).
   */
  ref(target: string, own: boolean): Promise<string | null>;
  /**
   * 0, 1, 2 ... for the successive date fields of one record, so that a later field (an end) gets a later
   * day than an earlier one (its start).
   */
  nextDay(): number;
  /** A file uploaded to storage that `accept` takes, or null. */
  attachment(accept?: readonly string[]): Promise<Attachment | null>;
}

const WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
const CITIES = [
  { street: 'Via Roma', streetNumber: '12', zip: '20121', city: 'Milano', province: 'MI' },
  { street: 'Corso Vittorio Emanuele', streetNumber: '5', zip: '10121', city: 'Torino', province: 'TO' },
  { street: 'Piazza Maggiore', streetNumber: '1', zip: '40124', city: 'Bologna', province: 'BO' },
];

/** A day of 2024: one month per variant, then `offset` days later (ends after starts). */
function day(variant: number, offset: number): string {
  const date = new Date(Date.UTC(2024, variant % 12, 10 + offset));
  return date.toISOString().slice(0, 10);
}

/** The first candidate the field's own schema accepts, so generated values are valid by construction. */
function firstValid(field: Field, candidates: unknown[]): { value: unknown } | undefined {
  for (const value of candidates) if (field.schema.safeParse(value).success) return { value };
  return undefined;
}

function clip(text: string, max: number | undefined): string {
  return max === undefined ? text : text.slice(0, max);
}

/** Numbers inside the field's bounds: the lower bound plus one plus the variant, else near the upper one. */
function numberCandidates(field: Field, v: number, integer: boolean): number[] {
  const lower = field.minValue === undefined ? undefined : Number(field.minValue);
  const upper = field.maxValue === undefined ? undefined : Number(field.maxValue);
  const fraction = integer || (field.scale ?? 0) === 0 ? 0 : 0.5;
  const candidates = [
    (lower ?? 10) + 1 + v * 2 + fraction,
    (lower ?? 0) + v + fraction,
    upper === undefined ? 10 + v : upper - 2 + v,
    lower ?? 1,
    upper ?? 1,
  ];
  return candidates.filter((n) => (lower === undefined || n >= lower) && (upper === undefined || n <= upper));
}

function decimalString(n: number, scale: number | undefined): string {
  return n.toFixed(scale ?? 0);
}

/**
 * A valid value of one field for this record, or undefined when the kind alone cannot make one (the
 * resource then needs a sample). References and files come from the context.
 */
export async function generateValue(field: Field, ctx: GenContext): Promise<{ value: unknown } | undefined> {
  const { variant: v, unique: u, seq } = ctx;
  const word = WORDS[v % WORDS.length];
  // A declared default is a value the definition vouches for (a number format, a unit, active: true).
  if (field.default !== undefined && field.default !== null && !field.unique) {
    const valid = firstValid(field, [field.default]);
    if (valid) return valid;
  }
  switch (field.kind) {
    case 'text':
      return firstValid(
        field,
        [
          `${word} ${u}`,
          `${word}-${u}`,
          `${word}${u}`,
          `${word.toLowerCase()}.${u}`,
          `${word[0]}${u}`.toUpperCase(),
          u,
          String(seq),
          // Shapes of patterned texts: a refrigerant code, a colour, a time, bank codes, a uuid.
          `R${seq}`,
          `#${(seq * 2654435761).toString(16).slice(-6).padStart(6, '0')}`,
          `${String(8 + (ctx.nextDay() % 14)).padStart(2, '0')}:30`,
          String(10_000 + (seq % 90_000)),
          randomUUID(),
        ].map((t) => clip(t, field.max)),
      );
    case 'longText':
      return firstValid(field, [clip(`${word} note ${u}`, field.max)]);
    case 'richText':
      return firstValid(field, [clip(`<p>${word} text ${u}</p>`, field.max)]);
    case 'email':
      return firstValid(field, [`${word.toLowerCase()}.${u}@example.it`]);
    case 'phone':
      return firstValid(field, [`+39 02 ${String(1_000_000 + (seq % 9_000_000))}`]);
    case 'url':
      return firstValid(field, [clip(`https://www.${word.toLowerCase()}-${u}.it`, field.max)]);
    case 'enum':
    case 'enumList': {
      const values = field.values ?? [];
      // The first value for every record: another one may bring rules into play (a movement type).
      const value = values[0];
      return firstValid(field, [field.kind === 'enum' ? value : [value], ...values.map((x) => [x])]);
    }
    case 'boolean':
      // false: a flag set tends to require more (isRefrigerant needs a refrigerant).
      return { value: false };
    case 'date':
      return firstValid(field, [day(v, ctx.nextDay())]);
    case 'datetime':
      return firstValid(field, [`${day(v, ctx.nextDay())}T08:30:00.000Z`]);
    case 'integer':
      return firstValid(field, numberCandidates(field, v, true));
    case 'decimal':
    case 'money':
    case 'percent':
      return firstValid(
        field,
        numberCandidates(field, v, false).map((n) => decimalString(n, field.scale)),
      );
    case 'reference': {
      // A shared target may not be of the kind the field admits (a skill where a tag belongs): left empty when optional.
      if (field.only && !field.required) return undefined;
      const id = await ctx.ref(field.reference!, field.unique);
      return id === null ? undefined : { value: id };
    }
    case 'references': {
      if (field.only && !field.required) return undefined;
      const id = await ctx.ref(field.reference!, false);
      return id === null ? undefined : firstValid(field, [[id]]);
    }
    case 'tags':
      return firstValid(field, [[word.toLowerCase(), `t${u}`].slice(0, field.maxItems ?? 2)]);
    case 'vatNumber':
      return firstValid(field, [vatNumber(seq)]);
    case 'fiscalCode':
      return firstValid(field, [vatNumber(seq + 500_000), 'RSSMRA85T10A562S']);
    case 'sdiCode':
      return firstValid(field, [`${word[0]}${u}`.toUpperCase()]);
    case 'iban':
      return firstValid(field, [iban(seq)]);
    case 'ean':
      return firstValid(field, [ean13(seq)]);
    case 'address':
      return firstValid(field, [CITIES[v % CITIES.length]]);
    case 'password':
      return firstValid(field, [`Password-${u}`]);
    case 'attachments': {
      const file = await ctx.attachment(field.accept);
      return file ? firstValid(field, [[file]]) : undefined;
    }
    case 'lines': {
      const count = Math.max(1, field.minItems ?? 0);
      const lines: Record<string, unknown>[] = [];
      for (let i = 0; i < count; i++) {
        const line = await generateFields(field.lineFields ?? {}, ctx);
        if (!line.complete) return undefined;
        lines.push(line.values);
      }
      return firstValid(field, [lines]);
    }
    case 'computed':
      return undefined;
  }
}

/**
 * Values for every writable field the kinds can make; `complete` is false when a required one could
 * not be made (the resource needs a sample for it).
 */
export async function generateFields(
  fields: Fields,
  ctx: GenContext,
): Promise<{ values: Record<string, unknown>; complete: boolean; missing: string[] }> {
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (field.readOnly) continue;
    const made = await generateValue(field, ctx);
    if (made) values[name] = made.value;
    else if (field.required) missing.push(name);
  }
  return { values, complete: missing.length === 0, missing };
}

/** What the API should answer for a value sent: the kind's normalisation (and the rich text sanitiser). */
export function normalised(field: Field, sent: unknown): unknown {
  if (sent === null || sent === undefined) return null;
  const parsed = field.schema.safeParse(sent);
  if (!parsed.success) return sent;
  if (field.kind === 'richText' && typeof parsed.data === 'string') {
    const clean = sanitizeRichText(parsed.data);
    return clean === '' && !field.required ? null : clean;
  }
  return parsed.data;
}

/** Drops undefined members (computed line values a client never sends), for comparisons. */
export function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(defined);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, defined(v)]),
    );
  return value;
}
