import { defineResource, f, ROLES } from './schema';

/**
 * Letters, digits and `. _ - @`, starting with a letter or digit: safe in URLs, mail links and logs,
 * and enough for "mario.rossi" or an e-mail address used as a username.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

const fields = {
  username: f.text({
    required: true,
    max: 64,
    pattern: USERNAME_PATTERN,
    unique: true,
    searchable: true,
    filter: ['eq', 'contains', 'startsWith', 'in'],
  }),
  firstName: f.text({ max: 60, searchable: true }),
  lastName: f.text({ max: 60, searchable: true }),
  email: f.email({ searchable: true }),
  roles: f.enumList(ROLES, { required: true }),
  disabled: f.boolean({ default: false, filter: ['eq'] }),
  /** Required on create; on update only when changing it. Stored as a scrypt hash by the oauth2 hooks. */
  password: f.password({ required: true }),
};

/**
 * The staff of a tenant who may sign in (docs/tenancy-and-security.md#roles). Administrators manage them;
 * nobody deletes a user, who is disabled instead so that what they wrote keeps its author.
 */
export default defineResource({
  name: 'users',
  service: 'oauth2',
  endpoint: 'users',
  table: 'users',
  access: {
    list: ['ROLE_ADMIN'],
    show: ['ROLE_ADMIN'],
    create: ['ROLE_ADMIN'],
    edit: ['ROLE_ADMIN'],
    delete: [],
  },
  recordRepresentation: ['username'],
  fields,
  views: {
    list: {
      columns: ['username', 'firstName', 'lastName', 'email', 'roles', 'disabled'],
      sort: { field: 'createdAt', order: 'DESC' },
      filters: ['q', 'roles', 'disabled'],
    },
    form: {
      sections: [
        { id: 'identity', fields: ['username', 'firstName', 'lastName', 'email'] },
        { id: 'access', fields: ['roles', 'disabled', 'password'] },
      ],
    },
  },
});
