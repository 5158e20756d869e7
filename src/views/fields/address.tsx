import { Box, Typography } from '@mui/material';
import { TextInput, useFieldValue, useTranslate } from 'react-admin';
import type { Address } from '../../../resources/schema';
import type { KindComponents } from './types';

/** "Via Roma 1, 20121 Milano (MI)", with the country only when it is not Italy. */
export function formatAddress(a: Partial<Address> | null | undefined): string {
  if (!a) return '';
  const street = [a.street, a.streetNumber].filter(Boolean).join(' ');
  const place = [a.zip, a.city].filter(Boolean).join(' ') + (a.province ? ` (${a.province})` : '');
  return [street, place.trim(), a.country && a.country !== 'IT' ? a.country : ''].filter(Boolean).join(', ');
}

const AddressText = ({ source }: { source: string }) => {
  const value = useFieldValue({ source }) as Partial<Address> | null;
  return <Typography variant="body2">{formatAddress(value)}</Typography>;
};

/** The parts of an address with their widths on a 6-column grid. */
const PARTS: readonly [keyof Address, number][] = [
  ['street', 4],
  ['streetNumber', 2],
  ['zip', 2],
  ['city', 3],
  ['province', 1],
  ['country', 2],
];

const AddressInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, 1fr)' }, columnGap: 2 }}>
        {PARTS.map(([part, span]) => (
          <Box key={part} sx={{ gridColumn: { sm: `span ${span}` } }}>
            <TextInput
              source={`${source}.${part}`}
              label={`address.${part}`}
              defaultValue={part === 'country' ? 'IT' : undefined}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
};

export const address: KindComponents = {
  cell: ({ name }) => <AddressText source={name} />,
  show: ({ name }) => <AddressText source={name} />,
  input: ({ name, label }) => <AddressInput source={name} label={label} />,
  filterOperators: [],
  filter: () => {
    throw new Error('Address fields cannot be filtered');
  },
};
