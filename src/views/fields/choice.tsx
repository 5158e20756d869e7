import { BooleanField, BooleanInput, NullableBooleanInput, SelectField, SelectInput } from 'react-admin';
import type { FieldSpec, KindComponents } from './types';

/** Enum labels come from `resources.<name>.enums.<field>.<value>`; react-admin translates choice names. */
function choices({ def, name, field }: FieldSpec) {
  return (field.values ?? []).map((value) => ({ id: value, name: `resources.${def.name}.enums.${name}.${value}` }));
}

export const enumKind: KindComponents = {
  cell: (spec) => <SelectField source={spec.name} choices={choices(spec)} />,
  show: (spec) => <SelectField source={spec.name} choices={choices(spec)} />,
  input: (spec) => <SelectInput source={spec.name} label={spec.label} choices={choices(spec)} emptyText="" />,
  filterOperators: ['eq'],
  filter: (spec, source) => <SelectInput source={source} label={spec.label} choices={choices(spec)} />,
};

export const boolean: KindComponents = {
  cell: ({ name }) => <BooleanField source={name} />,
  show: ({ name }) => <BooleanField source={name} />,
  // Nullable: an optional boolean may be unknown, which a switch cannot show.
  input: ({ name, label, field }) =>
    field.required ? (
      <BooleanInput source={name} label={label} />
    ) : (
      <NullableBooleanInput source={name} label={label} />
    ),
  filterOperators: ['eq'],
  filter: ({ label }, source) => <BooleanInput source={source} label={label} />,
};
