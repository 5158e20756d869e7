import type { publicationEn } from './publication.en';

/** What a sending of the planner tells the technicians (docs/domain.md#planner). */
export const publicationIt = {
  notificationTitle: 'La tua pianificazione è cambiata',
  notificationText: ':count modifiche ai tuoi interventi: :days',
  notificationTextOne: '1 modifica ai tuoi interventi: :days',
  mailSubject: 'I tuoi interventi: :days',
  mailText:
    'Ciao :name,\n\nla tua pianificazione è cambiata.\n\nModifiche:\n:changes\n\nI tuoi interventi in quei giorni:\n\n:agenda\n',
  mailChange: '- :change: :number :title (:when)',
  mailJob: '  :start-:end  :number  :customer, :address',
  mailNoJobs: '  nessun intervento',
  changes: {
    new: 'Nuovo',
    moved: 'Spostato',
    changed: 'Modificato',
    cancelled: 'Annullato',
    removed: 'Non più assegnato a te',
  },
} satisfies typeof publicationEn;
