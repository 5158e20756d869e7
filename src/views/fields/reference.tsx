import { AutocompleteInput, ReferenceField, ReferenceInput } from 'react-admin';
import type { FieldSpec, KindComponents } from './types';

function target({ def, name, field }: FieldSpec): string {
  if (!field.reference) throw new Error(`Resource ${def.name}: reference field ${name} names no target`);
  return field.reference;
}

/**
 * Links show the target's recordRepresentation (set on its <Resource>); the autocomplete searches with
 * react-admin's default `q` filter, which the services map to their searchable fields.
 */
export const reference: KindComponents = {
  cell: (spec) => <ReferenceField source={spec.name} reference={target(spec)} link={false} />,
  show: (spec) => <ReferenceField source={spec.name} reference={target(spec)} link="show" />,
  input: (spec) => (
    <ReferenceInput source={spec.name} reference={target(spec)}>
      <AutocompleteInput label={spec.label} />
    </ReferenceInput>
  ),
  filterOperators: ['eq'],
  filter: (spec, source) => (
    <ReferenceInput source={source} reference={target(spec)}>
      <AutocompleteInput label={spec.label} />
    </ReferenceInput>
  ),
};
