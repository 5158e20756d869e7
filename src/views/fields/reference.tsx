import { AutocompleteInput, ReferenceField, ReferenceInput } from 'react-admin';
import { useNarrowing } from './narrow';
import type { FieldSpec, KindComponents } from './types';

function target({ def, name, field }: FieldSpec): string {
  if (!field.reference) throw new Error(`Resource ${def.name}: reference field ${name} names no target`);
  return field.reference;
}

/** The form's input: an autocomplete over the targets, narrowed by the definition's `narrowBy`. */
const ReferenceFormInput = ({ spec }: { spec: FieldSpec }) => (
  <ReferenceInput source={spec.name} reference={target(spec)} filter={useNarrowing(spec)}>
    <AutocompleteInput label={spec.label} />
  </ReferenceInput>
);

/**
 * Links show the target's recordRepresentation (set on its <Resource>); the autocomplete searches with
 * react-admin's default `q` filter, which the services map to their searchable fields.
 */
export const reference: KindComponents = {
  cell: (spec) => <ReferenceField source={spec.name} reference={target(spec)} link={false} />,
  show: (spec) => <ReferenceField source={spec.name} reference={target(spec)} link="show" />,
  input: (spec) => <ReferenceFormInput spec={spec} />,
  filterOperators: ['eq'],
  filter: (spec, source) => (
    <ReferenceInput source={source} reference={target(spec)}>
      <AutocompleteInput label={spec.label} />
    </ReferenceInput>
  ),
};
