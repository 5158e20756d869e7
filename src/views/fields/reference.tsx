import { AutocompleteInput, ReferenceField, ReferenceInput, useCanAccess } from 'react-admin';
import { useLabelQuery } from './label-fields';
import { useNarrowing } from './narrow';
import type { FieldSpec, KindComponents } from './types';

function target({ def, name, field }: FieldSpec): string {
  if (!field.reference) throw new Error(`Resource ${def.name}: reference field ${name} names no target`);
  return field.reference;
}

/**
 * The form's input: an autocomplete over the targets, narrowed by the definition's `narrowBy`. `onPick` hears
 * the user's own picks (with the picked record), never the value a record loads with.
 */
export const ReferenceFormInput = ({
  spec,
  onPick,
}: {
  spec: FieldSpec;
  onPick?: (value: unknown, picked: unknown) => void;
}) => (
  <ReferenceInput source={spec.name} reference={target(spec)} filter={useNarrowing(spec)}>
    <AutocompleteInput label={spec.label} onChange={onPick} />
  </ReferenceInput>
);

/**
 * The target's recordRepresentation (set on its <Resource>) as a real link, in list cells too, so the
 * keyboard reaches it with Tab (docs/spa.md#accessibility). With no `link` react-admin picks the page
 * the user may open: the target's show page, else its form, else plain text. A click on the link in a
 * row opens the target, not the row. The autocomplete searches with react-admin's default `q` filter,
 * which the services map to their searchable fields. A target the user may not read (a technician and
 * the office's users or products) shows nothing rather than an error.
 */
const ReferenceLink = ({ spec }: { spec: FieldSpec }) => {
  const reference = target(spec);
  const { canAccess: canRead } = useCanAccess({ resource: reference, action: 'list' });
  const labelQuery = useLabelQuery(reference);
  return canRead ? <ReferenceField source={spec.name} reference={reference} queryOptions={labelQuery} /> : null;
};

export const reference: KindComponents = {
  cell: (spec) => <ReferenceLink spec={spec} />,
  show: (spec) => <ReferenceLink spec={spec} />,
  input: (spec) => <ReferenceFormInput spec={spec} />,
  filterOperators: ['eq'],
  filter: (spec, source) => (
    <ReferenceInput source={source} reference={target(spec)}>
      <AutocompleteInput label={spec.label} />
    </ReferenceInput>
  ),
};
