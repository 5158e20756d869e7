import type { HookContext } from '../../records';
import { nextNumber } from '../sales/numbering';

/**
 * The number of a new request ("RIC/2026/00001") or contract ("CTR/2026/0001"), from the tenant's
 * numbering series of that kind (sales/numbering-series, made with these formats on first use), in
 * the change's transaction: the series row stays locked until it commits, and a refused change gives
 * its number back. Numbered by the day of registration, so a request typed in late keeps the order.
 */
export async function nextDocumentNumber(ctx: HookContext, kind: 'ticket' | 'contract'): Promise<string> {
  const assigned = await nextNumber(ctx.trx, ctx.actor.tenant, kind, new Date(), { lang: ctx.lang });
  return assigned.fullNumber;
}
