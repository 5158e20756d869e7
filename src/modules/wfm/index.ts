import { lazy } from 'react';
import { ADMIN, resourceRoutes, screen, TECHNICIAN, type ModuleManifest, type RouteEntry } from '../../app/manifest';
import { uuidParams } from '../../app/navigation/validation';

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
  target: {
    resource: 'wfm/activities',
    view: 'list',
    filter: { status },
    // What is still to do comes soonest first: overdue, then today's, then what follows.
    ...(status === 'assigned' ? { sort: { field: 'scheduledStart', order: 'ASC' as const } } : {}),
  },
  menu: { label: `app.menu.activities.${status}` },
}));

/**
 * Workforce. Activities: the full list and creation are management; the detail and the lists by status
 * are the technician area's. The planner (src/modules/wfm/planner) is the office's.
 */
const wfm: ModuleManifest = {
  id: 'wfm',
  routes: [
    ...resourceRoutes('wfm/activities', 'wfm', ADMIN).map((route) =>
      route.validate ? { ...route, middleware: TECHNICIAN } : route,
    ),
    ...activityStatusRoutes,
    // The technician's job screen (docs/spa.md#the-job-screen): where a technician's activity opens.
    screen('/wfm/activities/:id/job', 'wfm/job', 'user', {
      module: 'wfm',
      middleware: TECHNICIAN,
      validate: uuidParams('id'),
    }),
    {
      path: '/wfm/activities/new',
      access: 'user',
      module: 'wfm',
      middleware: ADMIN,
      target: { resource: 'wfm/activities', view: 'create' },
    },
    // The job's work report: made, signed and sent by its technician (or an administrator).
    screen('/wfm/activities/:id/report', 'wfm/work-report', 'user', {
      module: 'wfm',
      middleware: TECHNICIAN,
      validate: uuidParams('id'),
    }),
    // Technicians open the machines of their jobs and their register records (the services scope them).
    ...resourceRoutes('wfm/fgas-activities', 'wfm', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('wfm/machines', 'wfm', ADMIN, { show: TECHNICIAN }),
    screen('/wfm/planner', 'wfm/planner', 'user', {
      module: 'wfm',
      middleware: ADMIN,
      menu: { label: 'app.menu.planner' },
    }),
    ...resourceRoutes('wfm/skills', 'wfm', ADMIN),
    ...resourceRoutes('wfm/technicians', 'wfm', ADMIN, { show: TECHNICIAN }),
    ...resourceRoutes('wfm/absences', 'wfm', ADMIN),
  ],
  screens: {
    'wfm/job': lazy(() => import('./job/JobScreen')),
    'wfm/work-report': lazy(() => import('./work-report/WorkReportScreen')),
    // react-big-calendar and its CSS come with this chunk only (docs/spa.md#the-planner).
    'wfm/planner': lazy(() => import('./planner/index')),
  },
  // The activities list opens a technician's activity on its job screen instead of the form.
  views: { 'wfm/activities': { list: lazy(() => import('./ActivityList')) } },
  related: {
    'wfm/activities': [
      { resource: 'wfm/fgas-activities', target: 'activityId' },
      { resource: 'sales/work-reports', target: 'activityId' },
    ],
    'wfm/machines': [{ resource: 'wfm/fgas-activities', target: 'machineId' }],
    // Holidays and training days next to the technician they keep off the planner (docs/domain.md#absences).
    'wfm/technicians': [{ resource: 'wfm/absences', target: 'technicianId' }],
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
