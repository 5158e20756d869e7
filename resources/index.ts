import contacts from './address-book/contacts';
import salesCustomers from './sales/customers';
import salesInvoices from './sales/invoices';
import salesNumberingSeries from './sales/numbering-series';
import salesPaymentTerms from './sales/payment-terms';
import salesPriceLists from './sales/price-lists';
import salesProducts from './sales/products';
import salesProformas from './sales/proformas';
import salesQuotes from './sales/quotes';
import salesSites from './sales/sites';
import salesSuppliers from './sales/suppliers';
import salesVatRates from './sales/vat-rates';
import salesWorkReports from './sales/work-reports';
import type { ResourceDefinition } from './schema';
import contracts from './ticketing/contracts';
import periodic from './ticketing/periodic';
import requests from './ticketing/requests';
import users from './users';
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

/** Every entity of the product; both halves iterate this list. */
export const resources: readonly ResourceDefinition[] = [
  contacts as unknown as ResourceDefinition,
  salesCustomers as unknown as ResourceDefinition,
  salesSites as unknown as ResourceDefinition,
  salesSuppliers as unknown as ResourceDefinition,
  salesProducts as unknown as ResourceDefinition,
  salesQuotes as unknown as ResourceDefinition,
  salesProformas as unknown as ResourceDefinition,
  salesInvoices as unknown as ResourceDefinition,
  salesWorkReports as unknown as ResourceDefinition,
  salesVatRates as unknown as ResourceDefinition,
  salesPaymentTerms as unknown as ResourceDefinition,
  salesNumberingSeries as unknown as ResourceDefinition,
  salesPriceLists as unknown as ResourceDefinition,
  requests as unknown as ResourceDefinition,
  contracts as unknown as ResourceDefinition,
  periodic as unknown as ResourceDefinition,
  users as unknown as ResourceDefinition,
  wfmRefrigerants as unknown as ResourceDefinition,
  wfmSkills as unknown as ResourceDefinition,
  wfmTechnicians as unknown as ResourceDefinition,
  wfmMachines as unknown as ResourceDefinition,
  wfmActivities as unknown as ResourceDefinition,
  wfmFgasActivities as unknown as ResourceDefinition,
  whManufacturers as unknown as ResourceDefinition,
  whRetailers as unknown as ResourceDefinition,
  whItems as unknown as ResourceDefinition,
  whWarehouses as unknown as ResourceDefinition,
  whLocations as unknown as ResourceDefinition,
  whStocks as unknown as ResourceDefinition,
  whMovements as unknown as ResourceDefinition,
  whIncomingDdts as unknown as ResourceDefinition,
];

export function findResource(name: string): ResourceDefinition | undefined {
  return resources.find((r) => r.name === name);
}

export {
  contacts,
  salesCustomers,
  salesInvoices,
  salesNumberingSeries,
  salesPaymentTerms,
  salesPriceLists,
  salesProducts,
  salesProformas,
  salesQuotes,
  salesSites,
  salesSuppliers,
  salesVatRates,
  salesWorkReports,
  contracts,
  periodic,
  requests,
  users,
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
