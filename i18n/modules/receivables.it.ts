import type { receivablesEn } from './receivables.en';

/** Lo scadenzario e "Registra incasso" (src/modules/sales/receivables), sotto `receivables`. */
export const receivablesIt: typeof receivablesEn = {
  title: 'Scadenzario',
  asOf: 'Alla data',
  loading: 'Caricamento dello scadenzario…',
  loadFailed: 'Impossibile caricare lo scadenzario',
  nothing: 'Nessun cliente ha importi da incassare',
  totals: 'Totali per giorni di ritardo',
  customers: 'Clienti',
  customer: 'Cliente',
  pageOf: ':from-:to di :count',
  buckets: {
    notDue: 'Non scaduto',
    days0to30: '1-30 giorni',
    days31to60: '31-60 giorni',
    days61to90: '61-90 giorni',
    over90: 'Oltre 90 giorni',
    total: 'Totale',
  },
  payment: {
    open: 'Registra incasso',
    title: 'Registra incasso',
    save: 'Registra',
    recorded: 'Incasso registrato',
  },
};
