import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import type { Ageing } from '../../../../resources/sales/receivables';

export type { Ageing, CustomerAgeing } from '../../../../resources/sales/receivables';

/** Customers per page of the Scadenzario (the route allows 1..100). */
export const PAGE_SIZE = 10;

/** The ageing of receivables on `asOf`, one page of customers (docs/wire-contract.md#receivables-ageing). */
export async function fetchAgeing(query: { asOf: string; page: number }, signal?: AbortSignal): Promise<Ageing> {
  const base = (serviceUrl('sales') ?? '/sales').replace(/\/+$/, '');
  const search = new URLSearchParams({ asOf: query.asOf, page: String(query.page), pageSize: String(PAGE_SIZE) });
  return (await http<{ data: Ageing }>(`${base}/api/receivables/ageing?${search.toString()}`, { signal })).json.data;
}
