import type { Samples } from './index';

/**
 * A company contact: contacts.ts requires companyName for it (and the person's names for a person).
 * The generated record would be a person with every field set; this exercises the other branch.
 */
export const samples: Samples = {
  'address-book/contacts': (refs) => ({
    kind: 'company',
    companyName: `Frigoriferi Rossi ${refs.unique}`,
    email: `info-${refs.unique}@frigoriferi-rossi.it`,
  }),
};
