/**
 * What a sending of the planner tells the technicians (docs/domain.md#planner): the in-app notification and the
 * e-mail. Written once as stored text, in Italian (server/services/wfm/planning/publication-mail.ts).
 */
export const publicationEn = {
  notificationTitle: 'Your schedule has changed',
  notificationText: ':count changes to your jobs: :days',
  notificationTextOne: '1 change to your jobs: :days',
  mailSubject: 'Your jobs: :days',
  mailText: 'Hello :name,\n\nyour schedule has changed.\n\nChanges:\n:changes\n\nYour jobs on those days:\n\n:agenda\n',
  mailChange: '- :change: :number :title (:when)',
  mailJob: '  :start-:end  :number  :customer, :address',
  mailNoJobs: '  no jobs',
  changes: {
    new: 'New',
    moved: 'Moved',
    changed: 'Changed',
    cancelled: 'Cancelled',
    removed: 'No longer yours',
  },
};
