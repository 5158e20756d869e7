import { expect, it } from 'vitest';
import { canAccess, type Field, type ResourceDefinition } from '../../../resources/schema';
import { urlOf } from './fixture';
import type { Suite } from './suite';

const NO_RECORD = '00000000-0000-4000-8000-000000000000';

interface Case {
  label: string;
  field: string;
  value: unknown;
}

const MALFORMED: Partial<Record<Field['kind'], unknown>> = {
  integer: 'twelve',
  decimal: '12,5,0',
  money: '12,5,0',
  percent: 'half',
  date: '2024-13-45',
  datetime: 'yesterday',
  reference: 'not-a-uuid',
  email: 'not-an-email',
  boolean: 'yes',
};

/** The invalid inputs a definition's fields make possible: at most one case of each sort. */
export function invalidCases(def: ResourceDefinition): Case[] {
  const writable = Object.entries(def.fields).filter(([, f]) => !f.readOnly);
  const first = (test: (f: Field) => boolean) => writable.find(([, f]) => test(f));
  const cases: Case[] = [];
  const required = first((f) => f.required);
  if (required) cases.push({ label: 'null for a required field', field: required[0], value: null });
  const long = first((f) => (f.kind === 'text' || f.kind === 'longText') && f.max !== undefined);
  if (long) cases.push({ label: `longer than ${long[1].max}`, field: long[0], value: 'x'.repeat(long[1].max! + 1) });
  const choice = first((f) => f.kind === 'enum');
  if (choice) cases.push({ label: 'not one of the values', field: choice[0], value: 'no-such-value' });
  const malformed = first((f) => MALFORMED[f.kind] !== undefined);
  if (malformed)
    cases.push({ label: `malformed ${malformed[1].kind}`, field: malformed[0], value: MALFORMED[malformed[1].kind] });
  // A well-formed id of no record of the tenant (another tenant's records are just as invisible).
  const reference = first((f) => f.kind === 'reference' || f.kind === 'references');
  if (reference)
    cases.push({
      label: 'a record that does not exist',
      field: reference[0],
      value: reference[1].kind === 'reference' ? NO_RECORD : [NO_RECORD],
    });
  const readOnly = Object.entries(def.fields).find(([, f]) => f.readOnly);
  if (readOnly) cases.push({ label: 'a read-only field', field: readOnly[0], value: 'x' });
  cases.push({ label: 'an unknown field', field: 'notAField', value: 1 });
  return cases;
}

/** One test per invalid input: a create body valid but for that field answers 400 naming the field. */
export function invalidTests(s: Suite): void {
  const { def, report } = s;
  if (!canAccess(['ROLE_ADMIN'], def, 'create')) return;
  let base: Record<string, unknown> | undefined;
  for (const c of invalidCases(def)) {
    it(`reject ${c.field}: ${c.label}`, async () => {
      await report.check(def.name, 'invalid', `${c.field} ${c.label}`, async () => {
        base ??= (await s.contract().body(def, 0)).body;
        const res = await s.contract().post(urlOf(def), { ...base, [c.field]: c.value });
        expect(res.statusCode, `${c.field} = ${JSON.stringify(c.value)}: ${res.body}`).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
        expect(
          paths.some((p) => p === c.field || p.startsWith(`${c.field}.`)),
          `errors name ${c.field}: ${res.body}`,
        ).toBe(true);
      });
    });
  }
}
