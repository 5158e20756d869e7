import { DateField, DateInput, DateTimeInput, useLocaleState, type DateFieldProps } from 'react-admin';
import type { KindComponents } from './types';

/** The browser's datetime-local value ("YYYY-MM-DDTHH:mm", local time) to the ISO instant the services store. */
export const toInstant = (value: string) => (value ? new Date(value).toISOString() : null);
/** A day picked in a filter to the instant its local midnight starts. */
const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : null);

/** react-admin's DateField in the interface's language (it would use the browser's otherwise). */
export const LocaleDateField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField locales={locale} {...props} />;
};

export const date: KindComponents = {
  cell: ({ name }) => <LocaleDateField source={name} />,
  show: ({ name }) => <LocaleDateField source={name} />,
  input: ({ name, label }) => <DateInput source={name} label={label} />,
  filterOperators: ['eq', 'gte'],
  filter: ({ label }, source) => <DateInput source={source} label={label} />,
};

export const datetime: KindComponents = {
  cell: ({ name }) => <LocaleDateField source={name} showTime />,
  show: ({ name }) => <LocaleDateField source={name} showTime />,
  input: ({ name, label }) => <DateTimeInput source={name} label={label} parse={toInstant} />,
  // A day is what a person filters by: "from this day on".
  filterOperators: ['gte'],
  filter: ({ label }, source) => <DateInput source={source} label={label} parse={dayStart} />,
};
