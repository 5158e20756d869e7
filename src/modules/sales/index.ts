import { lazy } from 'react';
import { ADMIN, resourceRoutes, type RouteEntry, screen, TECHNICIAN, type ModuleManifest } from '../../app/manifest';
import { salesRepresentations } from './represent';

const viewOf = (route: RouteEntry) => ('view' in route.target ? route.target.view : '');

/** Sales: management screens for administrators; work reports are the technician area's too. */
const sales: ModuleManifest = {
  id: 'sales',
  routes: [
    // Technicians open the customers and sites of their jobs (the services scope them).
    ...resourceRoutes('sales/customers', 'sales', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('sales/invoices', 'sales', ADMIN),
    // The approved work still to invoice, drafted as deferred invoices (docs/spa.md#to-invoice).
    screen('/sales/billing', 'sales/billing', 'user', {
      module: 'sales',
      middleware: ADMIN,
      menu: { label: 'app.menu.billing' },
    }),
    // What customers owe by days past due (docs/spa.md#receivables).
    screen('/sales/receivables', 'sales/receivables', 'user', {
      module: 'sales',
      middleware: ADMIN,
      menu: { label: 'app.menu.receivables' },
    }),
    // The period's XML zip and VAT sales register for the accountant (docs/spa.md#exports-for-the-accountant).
    screen('/sales/accountant', 'sales/accountant', 'user', {
      module: 'sales',
      middleware: ADMIN,
      menu: { label: 'app.menu.accountant' },
    }),
    // The Scadenzario's rows move only with invoices and payments: nobody creates or edits them here.
    ...resourceRoutes('sales/instalments', 'sales', ADMIN).filter((r) => !['create', 'edit'].includes(viewOf(r))),
    // A recorded payment is deleted and recorded again rather than edited (its amounts moved instalments).
    ...resourceRoutes('sales/payments', 'sales', ADMIN).filter((r) => viewOf(r) !== 'edit'),
    ...resourceRoutes('sales/products', 'sales', ADMIN),
    ...resourceRoutes('sales/proformas', 'sales', ADMIN),
    ...resourceRoutes('sales/quotes', 'sales', ADMIN),
    ...resourceRoutes('sales/sites', 'sales', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('sales/suppliers', 'sales', ADMIN),
    ...resourceRoutes('sales/work-reports', 'sales', TECHNICIAN),
  ],
  screens: {
    'sales/billing': lazy(() => import('./billing/index')),
    'sales/receivables': lazy(() => import('./receivables/index')),
    'sales/accountant': lazy(() => import('./accountant/index')),
  },
  // "Registra incasso" on an invoice and on an instalment (docs/spa.md#receivables).
  views: {
    'sales/invoices': {
      show: lazy(() => import('./receivables/InvoiceShow')),
      edit: lazy(() => import('./receivables/InvoiceEdit')),
    },
    'sales/instalments': { show: lazy(() => import('./receivables/InstalmentShow')) },
  },
  related: {
    'sales/customers': [
      { resource: 'sales/sites', target: 'customerId', create: true },
      { resource: 'ticketing/contracts', target: 'customerId' },
    ],
  },
  // A report is signed on its activity's report screen: the signature is drawn, not typed.
  actionLinks: {
    'sales/work-reports': { sign: (report) => `/wfm/activities/${String(report.activityId)}/report` },
  },
  // Documents read like documents: "FT/2026/0001 · Rossi S.r.l.", "Bozza del 24/11/2026 · …" (docs/spa.md#record-names).
  represent: salesRepresentations,
  dashboard: {
    headlines: [
      'sales/customers',
      'sales/suppliers',
      'sales/sites',
      'sales/products',
      'sales/quotes',
      'sales/invoices',
    ],
    highlights: [{ key: 'draftInvoices', resource: 'sales/invoices', field: 'status', values: ['draft'], rank: 2 }],
  },
};

export default sales;
