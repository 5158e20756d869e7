import { PasswordInput } from 'react-admin';
import type { KindComponents } from './types';

/**
 * A write-only secret (field kind `password`): the services never return it, so there is nothing to
 * show in a list or on a show page; forms offer an input that, left empty on an edit, keeps it as it is.
 */
export const password: KindComponents = {
  cell: () => <></>,
  show: () => <></>,
  input: ({ name, label, field }) => (
    <PasswordInput
      source={name}
      label={label}
      autoComplete="new-password"
      slotProps={{ htmlInput: { maxLength: field.max } }}
    />
  ),
  // Never filtered: definitions cannot list a write-only field, so the filter bar never asks for it.
  filterOperators: [],
  filter: () => <></>,
};
