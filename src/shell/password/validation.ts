/**
 * A react-admin validator: the value must equal another field's (a new password typed twice). It
 * answers a catalogue key, which react-admin translates beside the input.
 */
export const matchesField =
  (other: string, message = 'pages.password.mismatch') =>
  (value: unknown, values: Record<string, unknown>) =>
    value === values?.[other] ? undefined : message;
