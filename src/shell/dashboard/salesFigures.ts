import { useQuery } from '@tanstack/react-query';
import { serviceUrl } from '../../app/services';
import { http } from '../../app/session';
import { EXPIRING_DAYS, type SalesFigures } from '../../../resources/sales/figures';

export type { CountAndAmount, SalesFigures } from '../../../resources/sales/figures';

/** Months of turnover the dashboard shows. */
export const TURNOVER_MONTHS = 12;

/** The office's figures, one call; undefined while loading, null when they could not be read. */
export function useSalesFigures(enabled: boolean): SalesFigures | null | undefined {
  const query = useQuery({
    queryKey: ['dashboard', 'sales-figures', TURNOVER_MONTHS],
    queryFn: async ({ signal }) => {
      const base = serviceUrl('sales');
      if (!base) throw new Error('Service sales is not enabled for this tenant');
      const res = await http<{ data: SalesFigures }>(
        `${base.replace(/\/+$/, '')}/api/figures?months=${TURNOVER_MONTHS}`,
        { signal },
      );
      return res.json.data;
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
  return query.isError ? null : query.data;
}

/** A list route with a react-admin filter (`field_operator` keys, docs/spa.md#lists). */
export const filteredList = (resource: string, filter: Record<string, unknown>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The last day of a `YYYY-MM` month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const end = new Date(Date.UTC(y, m, 0));
  return Number.isNaN(end.getTime()) ? month : end.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus whole days; anything else (figures still loading: no day yet) as it is. */
export function plusDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Where each figure leads: the list it sums, filtered the same way. */
export const figureLinks = {
  month: (month: string) =>
    filteredList('sales/invoices', {
      status_in: ['issued', 'cancelledByCreditNote'],
      date_gte: `${month}-01`,
      date_lte: monthEnd(month),
    }),
  receivables: () => filteredList('sales/instalments', { status_in: ['open', 'partiallyPaid'] }),
  overdue: (today: string) =>
    filteredList('sales/instalments', { status_in: ['open', 'partiallyPaid'], dueDate_lt: today }),
  quotes: (status: string) => filteredList('sales/quotes', { status }),
  expiring: (today: string) =>
    filteredList('sales/quotes', {
      status: 'sent',
      validUntil_gte: today,
      validUntil_lte: plusDays(today, EXPIRING_DAYS),
    }),
  activities: () => filteredList('wfm/activities', { status: 'approved' }),
  draftInvoices: () => filteredList('sales/invoices', { status: 'draft' }),
};
