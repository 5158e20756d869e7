import type { HookRegistry } from '../../records';
import { contactScope, withScopes } from '../wfm/technician-scope';

/** The address book beyond generic CRUD: technicians read only the contacts of their jobs (technician-scope.ts). */
export const addressBookHooks: HookRegistry = withScopes({}, { 'address-book/contacts': contactScope });
