import type { contacts } from '../../resources';
import type { LabelsFor } from '../labels';

/** Labels of the address-book module's resources. */
export const addressBookEn = {
  'address-book/contacts': {
    name: 'Contact |||| Contacts',
    fields: {
      kind: 'Type',
      firstName: 'First name',
      lastName: 'Last name',
      companyName: 'Company name',
      jobTitle: 'Job title',
      email: 'Email',
      pecEmail: 'PEC (certified e-mail)',
      phone: 'Phone',
      mobile: 'Mobile',
      address: 'Address',
      privacyConsentAt: 'Privacy consent',
      notes: 'Notes',
      attachments: 'Attachments',
      id: 'ID',
      createdAt: 'Created at',
      createdBy: 'Created by',
      updatedAt: 'Updated at',
      updatedBy: 'Updated by',
      version: 'Version',
    },
    enums: {
      kind: {
        person: 'Person',
        company: 'Company',
      },
    },
    sections: {
      identity: 'Identity',
      reach: 'How to reach',
      other: 'Other',
    },
  },
} satisfies { 'address-book/contacts': LabelsFor<typeof contacts> };
