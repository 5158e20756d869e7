import { TextField as MuiTextField, Typography } from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useRecordContext } from 'react-admin';
import type { Field } from '../../../resources/schema';
import { MAX_FRACTION_DIGITS, tenantCurrency } from '../../app/format';
import { appState } from '../../app/state';
import { formatDecimal, parseLocaleDecimal, toEditText } from './decimal-text';
import type { FieldSpec, KindComponents } from './types';

/** The tenant's currency (config `currency`, USD when the config names none: docs/spa.md#formatting). */
export function useCurrency(): string {
  return useSyncExternalStore(appState.subscribe, () => tenantCurrency(appState.current()?.config));
}

/** How a numeric kind reads: money with the currency, percentages with %, decimals with their digits only. */
export function numberFormat(field: Field, currency: string): Intl.NumberFormatOptions {
  switch (field.kind) {
    case 'money':
      // Unit prices keep up to 8 decimals, amounts show 2.
      return { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: field.scale ?? 2 };
    case 'percent':
      return { style: 'unit', unit: 'percent', maximumFractionDigits: field.scale ?? 2 };
    case 'integer':
      return { maximumFractionDigits: 0 };
    default:
      // Without a precision, up to 20 fraction digits (docs/spa.md#formatting).
      return { maximumFractionDigits: field.scale ?? MAX_FRACTION_DIGITS };
  }
}

/** A value of a numeric kind formatted in the UI locale. */
export const NumberText = ({ value, field }: { value: unknown; field: Field }) => {
  const [locale = 'it'] = useLocaleState();
  const currency = useCurrency();
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatDecimal(value, locale, numberFormat(field, currency))}
    </Typography>
  );
};

const NumberValue = ({ spec }: { spec: FieldSpec }) => {
  const record = useRecordContext();
  return <NumberText value={record?.[spec.name]} field={spec.field} />;
};

/** Integers go on the wire as numbers; text that is no number stays text, for validation to report. */
function parseInteger(text: string, locale: string): number | string | null {
  const parsed = parseLocaleDecimal(text, locale);
  return parsed !== null && /^-?\d+(\.\d+)?$/.test(parsed) ? Number(parsed) : parsed;
}

/**
 * A text input for exact numbers: shows and accepts the locale's separators ("1.234,56"), puts the wire
 * form ("1234.56") in the form, and never goes through a float. While focused it shows what the user
 * typed; otherwise the value, re-written in the locale.
 */
export const DecimalInput = ({ source, label, field }: { source: string; label: string; field: Field }) => {
  const [locale = 'it'] = useLocaleState();
  const integer = field.kind === 'integer' || field.result?.kind === 'integer';
  const {
    field: input,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source, format: (v: unknown) => v, parse: (v: unknown) => v });
  const [draft, setDraft] = useState<string | null>(null);
  // Amounts keep their cents while edited; other numbers only the digits that matter.
  const shown = (value: unknown) => toEditText(value, locale, field.kind === 'money' ? 2 : 0);
  return (
    <MuiTextField
      id={id}
      name={input.name}
      inputRef={input.ref}
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      value={draft ?? shown(input.value)}
      onFocus={() => setDraft(shown(input.value))}
      onChange={(event) => {
        setDraft(event.target.value);
        input.onChange(
          integer ? parseInteger(event.target.value, locale) : parseLocaleDecimal(event.target.value, locale),
        );
      }}
      onBlur={() => {
        setDraft(null);
        input.onBlur();
      }}
      error={invalid}
      helperText={<InputHelperText error={error?.message} />}
      slotProps={{ htmlInput: { inputMode: integer ? 'numeric' : 'decimal', autoComplete: 'off' } }}
    />
  );
};

function numericKind(): KindComponents {
  return {
    cell: (spec) => <NumberValue spec={spec} />,
    show: (spec) => <NumberValue spec={spec} />,
    input: (spec) => <DecimalInput source={spec.name} label={spec.label} field={spec.field} />,
    // "From this amount on" is what a person filters numbers by.
    filterOperators: ['gte', 'eq'],
    filter: (spec, source) => <DecimalInput source={source} label={spec.label} field={spec.field} />,
  };
}

export const integer: KindComponents = { ...numericKind(), filterOperators: ['eq', 'gte'] };
export const decimal = numericKind();
export const money = numericKind();
export const percent = numericKind();
