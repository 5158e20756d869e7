import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enGB, it } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';

/**
 * The calendar's date-fns localizer: Italian or English as the SPA's locale (docs/spa.md#languages), weeks from
 * Monday in both (the office plans Monday to Friday), 24-hour times.
 */
export const plannerLocalizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { it, en: enGB },
});

/** The culture key of the SPA's locale. */
export const cultureOf = (locale: string) => (locale.startsWith('it') ? 'it' : 'en');
