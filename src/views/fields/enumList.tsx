import { Chip, Stack } from '@mui/material';
import { SelectArrayInput, useRecordContext, useTranslate } from 'react-admin';
import type { FieldSpec, KindComponents } from './types';

const labelKey = ({ def, name }: FieldSpec, value: string) => `resources.${def.name}.enums.${name}.${value}`;

function choices(spec: FieldSpec) {
  return (spec.field.values ?? []).map((value) => ({ id: value, name: labelKey(spec, value) }));
}

/** The chosen values as chips, each with its catalogue label. */
function ValueChips({ spec }: { spec: FieldSpec }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const raw = record?.[spec.name];
  const values = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => (
        <Chip key={value} size="small" label={translate(labelKey(spec, value), { _: value })} />
      ))}
    </Stack>
  );
}

/** Several values of a fixed list (field kind `enumList`); the list filter means "has any of". */
export const enumList: KindComponents = {
  cell: (spec) => <ValueChips spec={spec} />,
  show: (spec) => <ValueChips spec={spec} />,
  input: (spec) => <SelectArrayInput source={spec.name} label={spec.label} choices={choices(spec)} />,
  filterOperators: ['in'],
  filter: (spec, source) => <SelectArrayInput source={source} label={spec.label} choices={choices(spec)} />,
};
