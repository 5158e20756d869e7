import { Typography } from '@mui/material';
import { TextInput, UrlField, useRecordContext } from 'react-admin';
import type { KindComponents } from './types';

/** "IT60X0542811101000000123456" as it is printed: groups of four. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

const CodeText = ({ source, group }: { source: string; group?: (code: string) => string }) => {
  const record = useRecordContext();
  const value = record?.[source];
  if (typeof value !== 'string') return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {group ? group(value) : value}
    </Typography>
  );
};

// Upper-cased while typing; spaces and the IT prefix are removed by the field's own schema (both halves).
const upper = (value: string) => (value ? value.toUpperCase() : null);

function codeKind(group?: (code: string) => string): KindComponents {
  return {
    cell: ({ name }) => <CodeText source={name} group={group} />,
    show: ({ name }) => <CodeText source={name} group={group} />,
    input: ({ name, label }) => (
      <TextInput
        source={name}
        label={label}
        parse={upper}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
    ),
    filterOperators: ['eq', 'startsWith', 'contains'],
    filter: ({ label }, source) => <TextInput source={source} label={label} parse={upper} />,
  };
}

export const vatNumber = codeKind();
export const fiscalCode = codeKind();
export const sdiCode = codeKind();
export const iban = codeKind(groupIban);
export const ean = codeKind();

/** Links open in a new tab and never trigger the row click of a list. */
export const url: KindComponents = {
  cell: ({ name }) => (
    <UrlField source={name} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()} />
  ),
  show: ({ name }) => <UrlField source={name} target="_blank" rel="noopener noreferrer" />,
  input: ({ name, label, field }) => (
    <TextInput source={name} label={label} type="url" slotProps={{ htmlInput: { maxLength: field.max } }} />
  ),
  filterOperators: ['contains', 'eq'],
  filter: ({ label }, source) => <TextInput source={source} label={label} />,
};
