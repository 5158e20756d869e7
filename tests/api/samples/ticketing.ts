import type { Refs, Samples } from './index';

/** The shared machine when it stands at the shared site (the ticketing hooks check it does), else none. */
function machinesAtSite(refs: Refs): string[] {
  const machine = refs.record('wfm/machines');
  return machine.siteId === refs.ref('sales/sites') ? [machine.id as string] : [];
}

/**
 * Valid ticketing records: the site is the customer's (the shared site is made for the shared
 * customer), dates run forward, and the references the hooks check against customer and site
 * (contract, periodic plan) are left empty, since the shared ones are drafts or would be taken twice.
 */
export const samples: Samples = {
  'ticketing/requests': (refs) => ({
    customerId: refs.ref('sales/customers'),
    siteId: refs.ref('sales/sites'),
    machineIds: machinesAtSite(refs),
    reporterName: `Mario Rossi ${refs.unique}`,
    requestedEarliest: '2026-03-02T08:00:00.000Z',
    requestedLatest: '2026-03-06T17:00:00.000Z',
    contractId: null,
    periodicTicketId: null,
    occurrenceDate: null,
  }),
  'ticketing/contracts': (refs) => ({
    customerId: refs.ref('sales/customers'),
    siteIds: [refs.ref('sales/sites')],
    machineIds: machinesAtSite(refs),
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    autoRenew: true,
    renewalMonths: 12,
    terminationReason: null,
    terminatedAt: null,
    reminders: [{ kind: 'expiry', remindAt: '2027-11-01', recipients: 'Ufficio contratti', message: null }],
  }),
  'ticketing/periodic': (refs) => ({
    name: `Manutenzione semestrale ${refs.unique}`,
    customerId: refs.ref('sales/customers'),
    siteId: refs.ref('sales/sites'),
    machineIds: machinesAtSite(refs),
    contractId: null,
    freq: 'monthly',
    interval: 6,
    byWeekday: null,
    byMonthDay: 15,
    byMonth: null,
    startDate: '2026-01-15',
    endDate: '2030-12-31',
    maxOccurrences: null,
  }),
};
