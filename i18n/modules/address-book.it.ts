import type { addressBookEn } from './address-book.en';

export const addressBookIt: typeof addressBookEn = {
  'address-book/contacts': {
    name: 'Contatto |||| Contatti',
    fields: {
      kind: 'Tipo',
      firstName: 'Nome',
      lastName: 'Cognome',
      companyName: 'Ragione sociale',
      jobTitle: 'Qualifica',
      email: 'Email',
      pecEmail: 'PEC',
      phone: 'Telefono',
      mobile: 'Cellulare',
      address: 'Indirizzo',
      privacyConsentAt: 'Consenso privacy',
      notes: 'Note',
      attachments: 'Allegati',
      id: 'ID',
      createdAt: 'Creato il',
      createdBy: 'Creato da',
      updatedAt: 'Modificato il',
      updatedBy: 'Modificato da',
      version: 'Versione',
    },
    enums: {
      kind: {
        person: 'Persona',
        company: 'Azienda',
      },
    },
    sections: {
      identity: 'Anagrafica',
      reach: 'Recapiti',
      other: 'Altro',
    },
  },
};
