import type { usersEn } from './users.en';

/** Italian labels of the users resource (oauth2 service). */
export const usersIt: typeof usersEn = {
  users: {
    name: 'Utente |||| Utenti',
    fields: {
      username: 'Nome utente',
      firstName: 'Nome',
      lastName: 'Cognome',
      email: 'Email',
      roles: 'Ruoli',
      disabled: 'Disabilitato',
      password: 'Password',
      id: 'ID',
      createdAt: 'Creato il',
      createdBy: 'Creato da',
      updatedAt: 'Modificato il',
      updatedBy: 'Modificato da',
      version: 'Versione',
    },
    enums: {
      roles: {
        ROLE_ADMIN: 'Amministratore',
        ROLE_TECHNICIAN: 'Tecnico',
        ROLE_USER: 'Utente',
      },
    },
    sections: {
      identity: 'Identità',
      access: 'Accesso',
    },
  },
};
