import { ADMIN, resourceRoutes, TECHNICIAN, type ModuleManifest } from '../../app/manifest';

/** The address book: contacts, for administrators; technicians open the contacts of their jobs. */
const addressBook: ModuleManifest = {
  id: 'address-book',
  routes: resourceRoutes('address-book/contacts', 'address-book', ADMIN, { show: TECHNICIAN }),
  dashboard: {
    headlines: ['address-book/contacts'],
    breakdowns: [{ key: 'contactsByKind', resource: 'address-book/contacts', field: 'kind', rank: 3 }],
  },
};

export default addressBook;
