import type { billingEn, billingValidationEn } from './billing.en';

/** La fatturazione del lavoro (src/modules/sales/billing, server/services/sales/billing), sotto `billing`. */
export const billingIt = {
  title: 'Da fatturare',
  periodStart: 'Dal',
  periodEnd: 'Al',
  loading: 'Caricamento del lavoro da fatturare…',
  loadFailed: 'Impossibile caricare il lavoro da fatturare',
  nothing: 'Nessun intervento approvato e addebitabile da fatturare nel periodo',
  customer: 'Cliente',
  activities: 'Interventi',
  activity: 'Intervento',
  completedOn: 'Completato il',
  workReports: 'Rapportini',
  taxable: 'Imponibile',
  vat: 'IVA',
  total: 'Totale',
  select: 'Fattura questo cliente',
  selectAll: 'Seleziona tutti',
  create: 'Crea fatture',
  creating: 'Creazione delle fatture…',
  created: 'Fatture in bozza create: :count',
  openDraft: 'Apri la bozza di :customer',
  createFailed: 'Impossibile creare le fatture',
  skipped: 'Non fatturato: :customer (:reason)',
  reasons: {
    noLabourProduct: 'nessun prodotto di tipo manodopera nel catalogo',
    noPrice: 'un materiale o la manodopera non ha prezzo',
    nothingToBill: 'niente di addebitabile',
    periodInvoiced: 'il periodo è già fatturato',
    busy: "in fatturazione da un'altra esecuzione",
    refused: 'la fattura è stata rifiutata',
  },
} satisfies typeof billingEn;

/** Rifiuti delle route di fatturazione, sotto `validation.billing`. */
export const billingValidationIt = {
  noInvoiceSeries: 'Non esiste una serie di numerazione fatture attiva in cui preparare la fattura',
  periodTooLong: 'Il periodo può durare al massimo :days giorni',
} satisfies typeof billingValidationEn;
