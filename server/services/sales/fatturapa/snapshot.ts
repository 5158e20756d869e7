import { SNAPSHOT_FIELDS } from '../../../../resources/sales/customer-snapshot';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored rows are read untyped, as the builder reads them */
type Row = Record<string, any>;

/**
 * The customer's tax data an issued invoice keeps (docs/domain.md#customer-snapshot): the one row of the
 * invoice's `customerSnapshot`, copied from the customer by the issue (and by a resend after a rejection).
 */
export function customerSnapshotOf(customer: Row): Row {
  const snapshot: Row = {};
  for (const field of SNAPSHOT_FIELDS) {
    const value = customer[field];
    snapshot[field] = value === undefined || value === '' ? null : value;
  }
  return snapshot;
}

/**
 * The customer as an invoice prints it: the frozen snapshot over the customer's current row, so what an
 * issued invoice's XML and PDF say never moves with later edits; a draft (no snapshot) shows the customer
 * as it is. Fields the snapshot does not hold (bank codes, the declaration of intent) come from the row.
 */
export function invoicedCustomerOf(customer: Row | undefined, invoice: Row): Row | undefined {
  const frozen = Array.isArray(invoice.customerSnapshot) ? (invoice.customerSnapshot[0] as Row | undefined) : undefined;
  if (!frozen) return customer;
  const { id: _lineId, ...values } = frozen;
  return { ...(customer ?? {}), ...values };
}
