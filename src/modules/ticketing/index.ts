import { ADMIN, resourceRoutes, TECHNICIAN, type ModuleManifest } from '../../app/manifest';

/** Ticketing: requests and contracts for administrators; periodic tickets are the technician area's too. */
const ticketing: ModuleManifest = {
  id: 'ticketing',
  routes: [
    ...resourceRoutes('ticketing/requests', 'ticketing', ADMIN),
    ...resourceRoutes('ticketing/contracts', 'ticketing', ADMIN),
    ...resourceRoutes('ticketing/periodic', 'ticketing', TECHNICIAN),
  ],
  dashboard: {
    headlines: ['ticketing/requests', 'ticketing/contracts'],
    highlights: [
      { key: 'openRequests', resource: 'ticketing/requests', field: 'status', values: ['open', 'inProgress'], rank: 1 },
    ],
    breakdowns: [{ key: 'requestsByStatus', resource: 'ticketing/requests', field: 'status', rank: 2 }],
  },
};

export default ticketing;
