/** Italian demo texts of the ticketing module (server/seed/ticketing.ts). */

/** Request subjects by request type, as a dispatcher would write them down. */
export const REQUEST_SUBJECTS: Readonly<Record<string, readonly string[]>> = {
  breakdown: [
    'Perdita di gas sul circuito della cella frigo',
    'Climatizzatore non raffresca',
    'Allarme alta temperatura sul banco frigo murale',
    'Unità esterna in blocco con codice errore E4',
    'Gocciola condensa dallo split della sala riunioni',
    'Rumore anomalo dal compressore del chiller',
    'La cella di congelamento non scende sotto i -10 °C',
    'Pompa di calore in blocco per bassa pressione',
    'Il fabbricatore di ghiaccio non produce ghiaccio',
    'Fan coil degli uffici al terzo piano non parte',
    'Ghiaccio sull’evaporatore della cella frigo',
    'Il condizionatore fa scattare il differenziale',
    'Vetrina refrigerata della pasticceria non mantiene la temperatura',
    'Climatizzatore del locale server in allarme',
  ],
  maintenance: [
    'Manutenzione programmata semestrale',
    'Pulizia filtri e sanificazione degli split',
    'Manutenzione annuale del rooftop',
    'Sostituzione filtri dell’unità di trattamento aria',
    'Controllo di fine stagione della pompa di calore',
  ],
  installation: [
    'Installazione nuovo climatizzatore dual split',
    'Posa di un monosplit nel locale server',
    'Sostituzione del banco frigo murale',
  ],
  quoteRequest: [
    'Preventivo per sostituire la caldaia con una pompa di calore',
    'Preventivo per impianto VRF negli uffici',
    'Preventivo per una cella frigorifera a temperatura positiva',
  ],
  leakCheck: [
    'Controllo perdite periodico (Reg. UE 2024/573)',
    'Verifica delle fughe dopo la ricarica di refrigerante',
  ],
  other: ['Richiesta di copia del libretto di impianto', 'Sopralluogo per spostare l’unità esterna'],
};

/** How often each type comes in: breakdowns are most of the work. */
export const REQUEST_TYPE_WEIGHTS: readonly [string, number][] = [
  ['breakdown', 10],
  ['maintenance', 4],
  ['leakCheck', 2],
  ['installation', 1],
  ['quoteRequest', 1],
  ['other', 1],
];

export const REQUEST_DESCRIPTIONS: Readonly<Record<string, readonly string[]>> = {
  breakdown: [
    'Il cliente segnala il problema da questa mattina; chiede un intervento il prima possibile.',
    'Segnalato dal responsabile di punto vendita. Merce spostata in un’altra cella in attesa del tecnico.',
    'Il problema si ripresenta dopo l’intervento del mese scorso. Verificare pressioni e carica.',
    'Accesso dal retro, chiedere le chiavi del locale tecnico alla reception.',
  ],
  maintenance: [
    'Come da contratto di manutenzione. Concordare l’orario con il cliente.',
    'Portare filtri di ricambio e prodotto sanificante.',
  ],
  installation: ['Sopralluogo già effettuato, materiale ordinato. Servono due tecnici.'],
  quoteRequest: ['Il cliente chiede un sopralluogo e un preventivo dettagliato entro fine mese.'],
  leakCheck: ['Controllo obbligatorio: registrare l’esito nel registro F-gas.'],
  other: ['Il cliente chiede di essere richiamato in giornata.'],
};

export const CLOSE_REASONS = [
  'Intervento eseguito, impianto ripristinato.',
  'Risolto telefonicamente: riavvio dell’unità esterna.',
  'Guasto coperto dalla garanzia del costruttore, girato al centro assistenza.',
  'Il cliente ha confermato il corretto funzionamento dopo la pulizia dei filtri.',
];

export const CANCEL_REASONS = [
  'Richiesta duplicata.',
  'Il cliente ha annullato la richiesta.',
  'Problema risolto autonomamente dal cliente.',
];

/** Periodic plans: name, activity type and title, instructions, minutes, recurrence. */
export interface PlanTemplate {
  name: string;
  templateType: 'maintenance' | 'leakCheck' | 'inspection';
  templateTitle: string;
  templateInstructions: string;
  estimatedMinutes: number;
  freq: 'weekly' | 'monthly' | 'yearly';
  interval: number;
  byWeekday?: string[];
  byMonthDay?: number;
  byMonth?: string[];
}

export const PLAN_TEMPLATES: readonly PlanTemplate[] = [
  {
    name: 'Manutenzione semestrale climatizzatori',
    templateType: 'maintenance',
    templateTitle: 'Manutenzione programmata semestrale',
    templateInstructions: 'Pulizia filtri e batterie, controllo scarico condensa, verifica assorbimenti e pressioni.',
    estimatedMinutes: 120,
    freq: 'monthly',
    interval: 6,
  },
  {
    name: 'Controllo perdite annuale',
    templateType: 'leakCheck',
    templateTitle: 'Controllo perdite (Reg. UE 2024/573)',
    templateInstructions: 'Controllo con cercafughe elettronico di tutti i giunti; compilare il registro F-gas.',
    estimatedMinutes: 90,
    freq: 'yearly',
    interval: 1,
  },
  {
    name: 'Pulizia trimestrale fan coil',
    templateType: 'maintenance',
    templateTitle: 'Pulizia filtri fan coil',
    templateInstructions: 'Pulizia o sostituzione dei filtri, igienizzazione delle bacinelle di condensa.',
    estimatedMinutes: 180,
    freq: 'monthly',
    interval: 3,
    byMonthDay: 15,
  },
  {
    name: 'Ispezione mensile banchi frigo',
    templateType: 'inspection',
    templateTitle: 'Ispezione banchi e celle frigorifere',
    templateInstructions: 'Verifica temperature, sbrinamenti, guarnizioni delle porte e allarmi.',
    estimatedMinutes: 60,
    freq: 'monthly',
    interval: 1,
    byWeekday: ['TU'],
  },
  {
    name: 'Avvio stagionale impianto di climatizzazione',
    templateType: 'maintenance',
    templateTitle: 'Avviamento e controllo di inizio stagione',
    templateInstructions: 'Avviamento dell’impianto, controllo della carica e dei parametri di funzionamento.',
    estimatedMinutes: 150,
    freq: 'yearly',
    interval: 1,
    byMonth: ['4', '10'],
    byMonthDay: 1,
  },
  {
    name: 'Controllo settimanale celle di congelamento',
    templateType: 'inspection',
    templateTitle: 'Controllo celle di congelamento',
    templateInstructions: 'Lettura temperature registrate, controllo ghiaccio sugli evaporatori.',
    estimatedMinutes: 45,
    freq: 'weekly',
    interval: 2,
    byWeekday: ['MO'],
  },
];

export const REMINDER_MESSAGES: Readonly<Record<string, string>> = {
  expiry: 'Contattare il cliente per proporre il rinnovo del contratto.',
  noticeDeadline: 'Ultimi giorni per una eventuale disdetta: verificare con il commerciale.',
  billing: 'Emettere la fattura del periodo.',
  visitDue: 'Programmare la visita di manutenzione prevista dal contratto.',
  custom: 'Verificare il rinnovo delle certificazioni F-gas del cliente.',
};
