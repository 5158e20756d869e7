import type { HookRegistry } from '../../records';
import invoices from '../../../resources/sales/invoices';
import priceLists from '../../../resources/sales/price-lists';
import proformas from '../../../resources/sales/proformas';
import quotes from '../../../resources/sales/quotes';
import numberingSeries from '../../../resources/sales/numbering-series';
import { invoiceHooks } from './invoices/hooks';
import { numberingSeriesHooks } from './numbering-series-hooks';
import { paymentHooks } from './payments/hooks';
import payments from '../../../resources/sales/payments';
import { proformaHooks } from './proformas/hooks';
import { quoteHooks } from './quotes/hooks';
import { partyHooks } from './parties';
import { priceListHooks } from './prices/default-list';
import { workReportHooks } from './work-reports';
import { customerScope, siteScope, withScopes } from '../wfm/technician-scope';

/**
 * The sales service's behaviour beyond generic CRUD, wired into its CRUD routes by app.ts (references
 * are the engine's): codes and document numbers from the numbering series, site and document consistency, VAT
 * rates of lines, and technicians limited to the work reports, customers and sites of their own activities
 * (technician-scope.ts).
 */
export const salesHooks: HookRegistry = withScopes(
  {
    ...partyHooks,
    [numberingSeries.name]: numberingSeriesHooks,
    [priceLists.name]: priceListHooks,
    [quotes.name]: quoteHooks,
    [proformas.name]: proformaHooks,
    [invoices.name]: invoiceHooks,
    [payments.name]: paymentHooks,
    ...workReportHooks,
  },
  { 'sales/customers': customerScope, 'sales/sites': siteScope },
);
