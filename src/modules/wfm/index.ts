import { ADMIN, resourceRoutes, screen, TECHNICIAN, type ModuleManifest, type RouteEntry } from '../../app/manifest';

/**
 * The activities list filtered by status, at /wfm/activities/<status>. The route segment is kebab-case,
 * the status value camelCase. Technicians keep the lists of their work (assigned, completed); the
 * billing lists are the office's.
 */
export const ACTIVITY_STATUS_ROUTES = [
  { segment: 'assigned', status: 'assigned', office: false },
  { segment: 'completed', status: 'completed', office: false },
  { segment: 'approved', status: 'approved', office: true },
  { segment: 'approved-not-billed', status: 'approvedNotBilled', office: true },
  { segment: 'billed', status: 'billed', office: true },
  { segment: 'closed', status: 'closed', office: true },
] as const;

const activityStatusRoutes: RouteEntry[] = ACTIVITY_STATUS_ROUTES.map(({ segment, status, office }) => ({
  path: `/wfm/activities/${segment}`,
  access: 'user',
  module: 'wfm',
  middleware: office ? ADMIN : TECHNICIAN,
  target: { resource: 'wfm/activities', view: 'list', filter: { status } },
  menu: { label: `app.menu.activities.${status}` },
}));

/**
 * Workforce. Activities: the full list and creation are management; the detail and the lists by status
 * are the technician area's. The planner's route waits for its screen (none registered yet).
 */
const wfm: ModuleManifest = {
  id: 'wfm',
  routes: [
    ...resourceRoutes('wfm/activities', 'wfm', ADMIN).map((route) =>
      route.validate ? { ...route, middleware: TECHNICIAN } : route,
    ),
    ...activityStatusRoutes,
    {
      path: '/wfm/activities/new',
      access: 'user',
      module: 'wfm',
      middleware: ADMIN,
      target: { resource: 'wfm/activities', view: 'create' },
    },
    ...resourceRoutes('wfm/fgas-activities', 'wfm', ADMIN),
    ...resourceRoutes('wfm/machines', 'wfm', ADMIN),
    screen('/wfm/planner', 'wfm/planner', 'user', {
      module: 'wfm',
      middleware: ADMIN,
      menu: { label: 'app.menu.planner' },
    }),
    ...resourceRoutes('wfm/skills', 'wfm', ADMIN),
    ...resourceRoutes('wfm/technicians', 'wfm', ADMIN),
  ],
  related: {
    'wfm/activities': [{ resource: 'wfm/fgas-activities', target: 'activityId' }],
    'wfm/machines': [{ resource: 'wfm/fgas-activities', target: 'machineId' }],
  },
  dashboard: {
    headlines: ['wfm/activities', 'wfm/machines', 'wfm/technicians'],
    // The office's F-gas deadlines on one card (docs/domain.md#leak-check-deadlines).
    highlights: [
      { key: 'leakChecksOverdue', resource: 'wfm/machines', preset: 'overdue', group: 'fgasDeadlines', rank: 4 },
      { key: 'leakChecksDueSoon', resource: 'wfm/machines', preset: 'dueSoon', group: 'fgasDeadlines', rank: 5 },
      {
        key: 'fgasRecordsOverdue',
        resource: 'wfm/fgas-activities',
        preset: 'overdue',
        group: 'fgasDeadlines',
        rank: 6,
      },
    ],
    breakdowns: [
      { key: 'activitiesThisMonth', resource: 'wfm/activities', field: 'status', period: 'scheduledStart', rank: 1 },
    ],
  },
};

export default wfm;
