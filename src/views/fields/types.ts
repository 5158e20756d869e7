import type { ReactElement } from 'react';
import type { Field, FilterOperator, ResourceDefinition } from '../../../resources/schema';

/** One field of a definition, as a view renders it. */
export interface FieldSpec {
  def: ResourceDefinition;
  name: string;
  field: Field;
  /** Catalogue key of the field's label: `resources.<name>.fields.<field>` (labels never live in definitions). */
  label: string;
}

/** What the views need of a field kind: the same four pieces for every kind in resources/schema/fields.ts. */
export interface KindComponents {
  /** Inside a DataTable column. */
  cell(spec: FieldSpec): ReactElement;
  /** On the show page, inside a Labeled. */
  show(spec: FieldSpec): ReactElement;
  /** On the edit and create forms. */
  input(spec: FieldSpec): ReactElement;
  /** The operator the list's filter bar uses for this kind, tried in order against field.filter. */
  filterOperators: readonly FilterOperator[];
  /** The filter bar's input; `source` follows the data provider's `field_operator` convention. */
  filter(spec: FieldSpec, source: string): ReactElement;
}

/** How a composite kind (lines, computed) reaches the components of the kinds it holds: from the registry. */
export type ComponentsOf = (spec: FieldSpec) => KindComponents;

export function fieldSpec(def: ResourceDefinition, name: string): FieldSpec {
  const field = def.fields[name];
  if (!field) throw new Error(`Resource ${def.name}: unknown field ${name}`);
  return { def, name, field, label: `resources.${def.name}.fields.${name}` };
}
