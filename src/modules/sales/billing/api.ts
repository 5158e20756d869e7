import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import type { DeferredPreview, DeferredRunResult } from '../../../../resources/sales/billing';

export type { DeferredCustomer, DeferredPreview, DeferredRunResult } from '../../../../resources/sales/billing';

/** The billing routes the "Da fatturare" screen calls (docs/wire-contract.md#billing). */
const url = (path: string, query: Record<string, string> = {}) => {
  const base = (serviceUrl('sales') ?? '/sales').replace(/\/+$/, '');
  const search = new URLSearchParams(query).toString();
  return `${base}/api/billing/${path}${search ? `?${search}` : ''}`;
};

export interface Period {
  periodStart: string;
  periodEnd: string;
}

export const fetchPreview = async (period: Period, signal?: AbortSignal) =>
  (await http<{ data: DeferredPreview }>(url('deferred/preview', { ...period }), { signal })).json.data;

export const createInvoices = async (period: Period, customerIds: string[]) =>
  (await http<DeferredRunResult>(url('deferred'), { method: 'POST', body: { ...period, customerIds } })).json;

/** Last month, the period a deferred invoice (TD24, by the 15th) usually covers. */
export function lastMonth(today = new Date()): Period {
  const start = new Date(Date.UTC(today.getFullYear(), today.getMonth() - 1, 1));
  const end = new Date(Date.UTC(today.getFullYear(), today.getMonth(), 0));
  return { periodStart: start.toISOString().slice(0, 10), periodEnd: end.toISOString().slice(0, 10) };
}
