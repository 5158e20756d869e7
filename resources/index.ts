import contacts from './address-book/contacts';
import salesCustomers from './sales/customers';
import salesInstalments from './sales/instalments';
import salesInvoices from './sales/invoices';
import salesNumberingSeries from './sales/numbering-series';
import salesPayments from './sales/payments';
import salesPaymentTerms from './sales/payment-terms';
import salesPriceLists from './sales/price-lists';
import salesProducts from './sales/products';
import salesProformas from './sales/proformas';
import salesQuotes from './sales/quotes';
import salesSdiEvents from './sales/sdi-events';
import salesSites from './sales/sites';
import salesSuppliers from './sales/suppliers';
import salesVatRates from './sales/vat-rates';
import salesWorkReports from './sales/work-reports';
import type { ResourceDefinition } from './schema';
import contracts from './ticketing/contracts';
import periodic from './ticketing/periodic';
import requests from './ticketing/requests';
import users from './users';
import wfmAbsences from './wfm/absences';
import wfmActivities from './wfm/activities';
import wfmFgasActivities from './wfm/fgas-activities';
import wfmMachines from './wfm/machines';
import wfmRefrigerants from './wfm/refrigerants';
import wfmSkills from './wfm/skills';
import wfmTechnicians from './wfm/technicians';
import whIncomingDdts from './wh/incoming-ddts';
import whItems from './wh/items';
import whLocations from './wh/locations';
import whManufacturers from './wh/manufacturers';
import whMovements from './wh/movements';
import whRetailers from './wh/retailers';
import whStocks from './wh/stocks';
import whWarehouses from './wh/warehouses';

/**
 * Every entity of the product, each with its own type (the server derives its tables' row types from
 * them: server/db/resource-tables.ts).
 */
export const definitions = [
  contacts,
  salesCustomers,
  salesSites,
  salesSuppliers,
  salesProducts,
  salesQuotes,
  salesProformas,
  salesInvoices,
  salesWorkReports,
  salesVatRates,
  salesPaymentTerms,
  salesNumberingSeries,
  salesPriceLists,
  salesInstalments,
  salesPayments,
  salesSdiEvents,
  requests,
  contracts,
  periodic,
  users,
  wfmRefrigerants,
  wfmSkills,
  wfmTechnicians,
  wfmMachines,
  wfmActivities,
  wfmFgasActivities,
  wfmAbsences,
  whManufacturers,
  whRetailers,
  whItems,
  whWarehouses,
  whLocations,
  whStocks,
  whMovements,
  whIncomingDdts,
] as const;

/** Every entity of the product; both halves iterate this list. */
export const resources: readonly ResourceDefinition[] = definitions;

export function findResource(name: string): ResourceDefinition | undefined {
  return resources.find((r) => r.name === name);
}

export {
  contacts,
  salesCustomers,
  salesInstalments,
  salesInvoices,
  salesNumberingSeries,
  salesPayments,
  salesPaymentTerms,
  salesPriceLists,
  salesProducts,
  salesProformas,
  salesQuotes,
  salesSdiEvents,
  salesSites,
  salesSuppliers,
  salesVatRates,
  salesWorkReports,
  contracts,
  periodic,
  requests,
  users,
  wfmAbsences,
  wfmActivities,
  wfmFgasActivities,
  wfmMachines,
  wfmRefrigerants,
  wfmSkills,
  wfmTechnicians,
  whIncomingDdts,
  whItems,
  whLocations,
  whManufacturers,
  whMovements,
  whRetailers,
  whStocks,
  whWarehouses,
};
