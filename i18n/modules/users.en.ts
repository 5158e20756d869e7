import type { users } from '../../resources';
import type { LabelsFor } from '../labels';

/** Labels of the users resource (oauth2 service). */
export const usersEn = {
  users: {
    name: 'User |||| Users',
    fields: {
      username: 'Username',
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      roles: 'Roles',
      disabled: 'Disabled',
      password: 'Password',
      id: 'ID',
      createdAt: 'Created at',
      createdBy: 'Created by',
      updatedAt: 'Updated at',
      updatedBy: 'Updated by',
      version: 'Version',
    },
    enums: {
      roles: {
        ROLE_ADMIN: 'Administrator',
        ROLE_TECHNICIAN: 'Technician',
        ROLE_USER: 'User',
      },
    },
    sections: {
      identity: 'Identity',
      access: 'Access',
    },
  },
} satisfies { users: LabelsFor<typeof users> };
