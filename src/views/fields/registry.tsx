import { cloneElement, type ReactElement } from 'react';
import { BooleanInput, TextInput } from 'react-admin';
import type { FieldKind, ResourceDefinition } from '../../../resources/schema';
import { address } from './address';
import { attachments } from './attachments';
import { boolean, enumKind } from './choice';
import { references, tags } from './collections';
import { computed } from './computed';
import { ean, fiscalCode, iban, sdiCode, url, vatNumber } from './identifiers';
import { lines } from './lines';
import { decimal, integer, money, percent } from './numeric';
import { enumList } from './enumList';
import { password } from './password';
import { reference } from './reference';
import { richText } from './richText';
import { date, datetime } from './temporal';
import { email, longText, phone, text } from './text';
import { fieldSpec, type FieldSpec, type KindComponents } from './types';

/** Every field kind of resources/schema/fields.ts; the compiler flags a kind added there but not here. */
export const registry: Record<FieldKind, KindComponents> = {
  text,
  longText,
  richText,
  email,
  phone,
  enum: enumKind,
  boolean,
  date,
  datetime,
  reference,
  address,
  attachments,
  url,
  integer,
  decimal,
  money,
  percent,
  references,
  tags,
  // Composite kinds draw the kinds they hold through this registry.
  lines: lines(componentsOf),
  computed: computed(componentsOf),
  vatNumber,
  fiscalCode,
  sdiCode,
  iban,
  ean,
  enumList,
  password,
};

export function componentsOf(spec: FieldSpec): KindComponents {
  return registry[spec.field.kind];
}

/** The list's filter bar from views.list.filters: `q` first and always shown, then each field's kind input. */
export function filterInputs(def: ResourceDefinition): ReactElement[] {
  const fields = (def.views.list.filters ?? []).flatMap((name) => {
    if (name === 'q') return [<TextInput key="q" source="q" label="ra.action.search" alwaysOn />];
    const spec = fieldSpec(def, name);
    const kind = componentsOf(spec);
    const operator = kind.filterOperators.find((op) => spec.field.filter.includes(op));
    if (!operator) return [];
    // `eq` is the data provider's default, so its source stays the plain field name.
    const source = operator === 'eq' ? name : `${name}_${operator}`;
    return [cloneElement(kind.filter(spec, source), { key: source })];
  });
  // The named filters (views.list.presets) as switches: on sends `<name>=true`; off is '' (no filter, not isNull).
  const presets = Object.keys(def.views.list.presets ?? {}).map((name) => (
    <BooleanInput
      key={name}
      source={name}
      label={`resources.${def.name}.presets.${name}`}
      format={(v: unknown) => v === true || v === 'true'}
      parse={(v: boolean) => (v ? true : '')}
    />
  ));
  return [...fields, ...presets];
}
