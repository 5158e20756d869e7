import { EmailField, TextField, TextInput } from 'react-admin';
import type { KindComponents } from './types';

const textFilter: KindComponents['filter'] = ({ label }, source) => <TextInput source={source} label={label} />;

export const text: KindComponents = {
  cell: ({ name }) => <TextField source={name} />,
  show: ({ name }) => <TextField source={name} />,
  input: ({ name, label, field }) => (
    <TextInput source={name} label={label} slotProps={{ htmlInput: { maxLength: field.max } }} />
  ),
  filterOperators: ['contains', 'eq'],
  filter: textFilter,
};

export const longText: KindComponents = {
  cell: ({ name }) => (
    <TextField
      source={name}
      sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
    />
  ),
  // pre-line keeps the line breaks the user typed.
  show: ({ name }) => <TextField source={name} sx={{ whiteSpace: 'pre-line' }} />,
  input: ({ name, label, field }) => (
    <TextInput source={name} label={label} multiline minRows={3} slotProps={{ htmlInput: { maxLength: field.max } }} />
  ),
  filterOperators: ['contains'],
  filter: textFilter,
};

export const email: KindComponents = {
  cell: ({ name }) => <EmailField source={name} onClick={(e) => e.stopPropagation()} />,
  show: ({ name }) => <EmailField source={name} />,
  input: ({ name, label }) => <TextInput source={name} label={label} type="email" autoComplete="email" />,
  filterOperators: ['contains', 'eq'],
  filter: textFilter,
};

export const phone: KindComponents = {
  cell: ({ name }) => <TextField source={name} />,
  show: ({ name }) => <TextField source={name} />,
  input: ({ name, label }) => <TextInput source={name} label={label} type="tel" autoComplete="tel" />,
  filterOperators: ['contains', 'startsWith', 'eq'],
  filter: textFilter,
};
