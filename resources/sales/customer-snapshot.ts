import { f } from '../schema';
import { CUSTOMER_KINDS, VAT_REGIMES } from './customers';

/**
 * The customer's tax data as it was when the invoice was issued (docs/domain.md#customer-snapshot): one
 * read-only row written by the issue, so a later change to the customer never changes what an issued
 * invoice's XML and PDF say. Plain texts for the codes: they are a copy of values the customer's own
 * fields validated, judged again by the checks before issue.
 */
export function customerSnapshotField() {
  return f.lines(
    {
      kind: f.enum(CUSTOMER_KINDS, { required: true }),
      legalName: f.text({ max: 80 }),
      firstName: f.text({ max: 60 }),
      lastName: f.text({ max: 60 }),
      vatCountry: f.text({ max: 2 }),
      vatNumber: f.text({ max: 28 }),
      taxCode: f.text({ max: 16 }),
      sdiCode: f.text({ max: 7 }),
      pecEmail: f.email(),
      billingAddress: f.address(),
      vatRegime: f.enum(VAT_REGIMES),
      cig: f.text({ max: 15 }),
      cup: f.text({ max: 15 }),
    },
    { readOnly: true, max: 1 },
  );
}

/** The snapshot's fields: what the issue copies from the customer. */
export const SNAPSHOT_FIELDS = [
  'kind',
  'legalName',
  'firstName',
  'lastName',
  'vatCountry',
  'vatNumber',
  'taxCode',
  'sdiCode',
  'pecEmail',
  'billingAddress',
  'vatRegime',
  'cig',
  'cup',
] as const;
