import { documentMailsIt } from './modules/sales-quotes.it';
import { addressBookIt } from './modules/address-book.it';
import { salesIt, salesValidationIt } from './modules/sales.it';
import { salesPaymentsValidationIt } from './modules/sales-payments.it';
import { fatturapaValidationIt } from './modules/sales-fatturapa.it';
import { checksValidationIt } from './modules/sales-checks.it';
import { sdiIt, sdiValidationIt } from './modules/sales-sdi.it';
import { ticketingIt, ticketingMessagesIt } from './modules/ticketing.it';
import { usersIt } from './modules/users.it';
import { pagesIt } from './pages.it';
import { warehouseIt, warehouseValidationIt } from './modules/warehouse.it';
import { wfmIt, wfmValidationIt } from './modules/wfm.it';
import { jobIt } from './modules/job.it';
import { publicationIt } from './modules/publication.it';
import { plannerIt } from './modules/planner.it';
import { billingIt, billingValidationIt } from './modules/billing.it';
import { receivablesIt } from './modules/receivables.it';
import { accountantIt, accountantValidationIt } from './modules/accountant.it';
import { invoicesIt, invoiceValidationIt, salesNamesIt } from './modules/sales-invoices.it';
import { ddtPrintIt, salesPrintIt } from './modules/documents-print.it';
import type { Catalogue } from './en';

/** The Italian app catalogue, the primary language of the interface (docs/spa.md#languages). */
export const it: Catalogue = {
  app: {
    login: {
      title: 'Accesso',
      username: 'Nome utente',
      password: 'Password',
      tenant: 'Tenant',
      submit: 'Accedi',
      // The original product shows it untranslated (docs/spa.md#errors-and-toasts).
      serverError: 'Server Error',
    },
    appBar: {
      tenant: 'Tenant: :tenant',
    },
    menu: {
      dashboard: 'Home',
      groups: {
        oauth2: 'Utenti',
        storage: 'File',
        notifications: 'Notifiche',
        wfm: 'Interventi',
        warehouse: 'Magazzino',
        sales: 'Vendite',
        ticketing: 'Ticketing',
        'address-book': 'Rubrica',
        export: 'Esportazioni',
      },
      activities: {
        assigned: 'Interventi assegnati',
        completed: 'Interventi completati',
        approved: 'Interventi approvati',
        approvedNotBilled: 'Approvati non fatturabili',
        billed: 'Interventi fatturati',
        closed: 'Interventi chiusi',
      },
      planner: 'Pianificazione',
      billing: 'Da fatturare',
      accountant: 'Per il commercialista',
      receivables: 'Scadenzario',
    },
    toasts: {
      // The original product's text, verbatim (docs/spa.md#toasts).
      now: 'Ora',
      close: 'Chiudi',
    },
    roles: {
      admin: 'Amministratore',
      technician: 'Tecnico',
      regular: 'Utente',
    },
    // The original product shows them untranslated (docs/spa.md#errors-and-toasts).
    notFound: {
      title: 'Page not found',
      back: 'Torna alla home',
    },
    maintenance: {
      title: 'Maintenance mode',
      text: 'Il servizio è in manutenzione. Riprova più tardi.',
    },
    errors: {
      system: 'Errore di sistema',
      systemBody: "Riprova più tardi o contatta l'assistenza tecnica.",
      reload: 'Ricarica',
      conflict: 'Qualcun altro ha modificato questo elemento nel frattempo: ricaricalo e ripeti le modifiche.',
    },
  },
  address: {
    street: 'Via',
    streetNumber: 'Civico',
    zip: 'CAP',
    city: 'Città',
    province: 'Provincia',
    country: 'Nazione',
  },
  kinds: {
    tagsPlaceholder: "Scrivi un'etichetta e premi Invio",
    noLines: 'Nessuna riga',
    lineCount: 'Righe: :count',
    computed: 'Calcolato automaticamente',
    linePriceFailed: 'Prezzo del prodotto non disponibile: compila la riga a mano',
  },
  /** A list's pagination when the services estimate the total (docs/wire-contract.md#totals). */
  lists: {
    estimatedRange: ':from-:to di circa :total',
  },
  /** A list's export to CSV or XLSX (docs/spa.md#exports). */
  exports: {
    button: 'Esporta',
    menu: 'Formati di esportazione',
    csv: 'CSV per Excel',
    xlsx: 'Cartella di lavoro Excel (XLSX)',
    title: 'Esportazione: :name',
    reading: 'Lettura della lista…',
    progress: 'Righe lette: :fetched di :total',
    writing: 'Scrittura del file…',
    cancel: 'Annulla',
    close: 'Chiudi',
    failed: "L'esportazione non è riuscita: nessun file è stato scritto. Riprova più tardi.",
    tooLarge: 'La lista ha :total righe; se ne esportano al massimo :max. Restringila con un filtro.',
    yes: 'Sì',
    no: 'No',
  },
  /** The attachments field kind: files uploaded to the storage service. */
  attachments: {
    add: 'Aggiungi file',
    uploading: 'Caricamento…',
    remove: 'Rimuovi :name',
    open: 'Apri :name',
    dismiss: 'Chiudi',
    empty: 'Nessun file',
    unavailable: "L'archivio dei file non è disponibile per questa azienda",
    tooMany: 'Al massimo :max file: :names non aggiunti',
    // The original product's text, verbatim, for a file that cannot be fetched (docs/spa.md#errors-and-toasts).
    notAvailable: 'n.d',
  },
  /** Problem details of the storage service (uploads). */
  storage: {
    errors: {
      tooLarge: 'Il file supera il limite di :limit.',
      type: 'I file di tipo :type non sono accettati.',
      mismatch: 'Il nome :fileName non corrisponde al contenuto del file (:type).',
      empty: 'Il file è vuoto.',
      noFile: 'Invia un file, in una parte del modulo chiamata "file".',
      onePart: 'Invia esattamente un file e nessun altro campo del modulo.',
      malformed: 'Il caricamento non è un corpo multipart/form-data valido.',
      notMultipart: 'I file si caricano come multipart/form-data.',
    },
  },
  oauth2: {
    errors: {
      invalid_request: 'La richiesta di accesso è incompleta o non valida',
      invalid_client: 'Questa applicazione non è autorizzata ad accedere',
      invalid_grant: 'Nome utente o password non validi',
      unsupported_grant_type: 'Tipo di concessione non supportato',
      unsupported_token_type: 'Questo tipo di token non può essere revocato',
      invalid_scope: 'Ambito non valido',
      slow_down: 'Troppi tentativi falliti: riprova tra :minutes minuti',
      server_error: 'Errore del server',
      sessionExpired: 'La sessione è scaduta, accedi di nuovo',
    },
    tooManyRequests: 'Troppi tentativi: riprova tra :minutes minuti',
    forgotAccepted: "Se l'utente esiste e ha un indirizzo e-mail, riceverà un link per scegliere una nuova password.",
    resetDone: 'La password è stata cambiata: accedi con quella nuova.',
    resetMail: {
      subject: ':app: scegli una nuova password',
      body: 'Ciao :name,\n\nqualcuno (speriamo tu) ha chiesto di reimpostare la password dell\'utente ":username" su :app.\nApri questo link entro :minutes minuti per sceglierne una nuova:\n\n:link\n\nSe non l\'hai chiesto tu, ignora questo messaggio: la password resta quella di prima.\n',
    },
  },
  validation: {
    referenceNotOffered: 'Non si può scegliere qui',
    invalidFields: 'Campi non validi: :fields',
    forbiddenFields: 'Il tuo ruolo non può modificare: :fields',
    required: 'Obbligatorio',
    maxLength: 'Al massimo :max caratteri',
    minLength: 'Almeno :min caratteri',
    maxValue: 'Deve essere al massimo :max',
    minValue: 'Deve essere almeno :min',
    type: 'Valore non valido (atteso: :expected)',
    email: 'Deve essere un indirizzo e-mail valido',
    phone: 'Deve essere un numero di telefono valido',
    date: 'Deve essere una data valida',
    reference: 'Deve riferirsi a un elemento esistente',
    format: 'Formato non valido',
    oneOf: 'Deve essere uno tra: :values',
    unknownField: 'Campi sconosciuti: :fields',
    readOnly: 'Non modificabile: :field è impostato dal server',
    invalid: 'Valore non valido',
    zip: 'Deve essere un CAP valido (5 cifre)',
    oneOfRequired: 'Compila almeno uno tra: :fields',
    url: 'Deve essere un indirizzo web (http o https)',
    integer: 'Deve essere un numero intero',
    decimal: 'Deve essere un numero con al massimo :scale decimali',
    maxItems: 'Al massimo :max elementi',
    minItems: 'Almeno :min elementi',
    province: 'Deve essere la sigla di una provincia italiana (es. MI)',
    vatNumber: 'Deve essere una partita IVA valida (11 cifre con cifra di controllo)',
    fiscalCode: 'Deve essere un codice fiscale valido',
    sdiCode: 'Deve essere un codice destinatario SDI valido (7 caratteri, 6 per la Pubblica Amministrazione)',
    iban: 'Deve essere un IBAN valido',
    ean: 'Deve essere un codice a barre EAN/GTIN valido',
    unique: 'Già in uso',
    duplicates: 'Ogni valore può essere scelto una volta sola',
    lastAdmin: 'Il tenant deve avere almeno un amministratore attivo',
    resetToken: 'Il link non è valido, è già stato usato o è scaduto: richiedine uno nuovo',
    currentPassword: 'La password attuale non è corretta',
    file: 'Deve riferirsi a un file caricato',
    fileType: 'I file di tipo :type non sono accettati qui',
    maxFiles: 'Al massimo :max file',
    endAfterStart: 'Deve essere successiva all’inizio',
    notBeforeStart: 'Non può essere precedente all’inizio',
    idempotencyKey: 'Deve essere da 1 a :max caratteri ASCII stampabili',
    idempotencyKeyReused: 'Questa chiave è già stata usata per un’altra richiesta: usane una nuova',
    wh: warehouseValidationIt,
    sales: {
      ...salesValidationIt,
      ...invoiceValidationIt,
      ...salesPaymentsValidationIt,
      ...fatturapaValidationIt,
      ...checksValidationIt,
      ...accountantValidationIt,
      ...sdiValidationIt,
    },
    wfm: wfmValidationIt,
    billing: billingValidationIt,
  },
  /** Azioni di ciclo di vita di una definizione (server/records/actions.ts, src/views/actions). */
  actions: {
    notFrom: 'Non è possibile mentre lo stato è «:status»',
    title: 'Azioni',
    confirm: 'Conferma',
    done: 'Eseguito: :action',
  },
  /** Printed documents (server/documents/pdf) and the mails that carry them. */
  documents: {
    ...documentMailsIt,
    /** The PDF button of printed documents' pages (src/views/pdf). */
    downloadPdf: 'Scarica PDF',
    draftFileName: 'bozza',
    page: 'Pagina :page di :pages',
    vatNumber: 'P. IVA',
    taxCode: 'C.F.',
    sales: salesPrintIt,
    ddt: ddtPrintIt,
    workReport: {
      title: 'Rapporto di intervento',
      customer: 'Cliente',
      site: 'Sede',
      machines: 'Macchine',
      machine: 'Macchina',
      model: 'Modello / matricola',
      refrigerant: 'Refrigerante',
      charge: 'Carica',
      from: 'Dalle',
      to: 'Alle',
      none: 'Nessuno',
      signedBy: 'Firmato da :name il :at',
      notSigned: 'Non ancora firmato',
      mailSubject: 'Rapporto di intervento :number',
      mailText: 'Buongiorno,\n\nin allegato il rapporto di intervento :number del :date, firmato da :name.\n\n:company',
    },
  },
  /** The work report screen of an activity (src/modules/wfm/work-report). */
  workReport: {
    title: 'Rapporto di intervento',
    loading: 'Preparazione del rapporto…',
    notCompleted: "Il rapporto si può fare quando l'intervento è completato.",
    hours: 'Ore',
    materials: 'Materiali',
    gas: 'Gas refrigerante',
    description: 'Lavori eseguiti',
    outcome: 'Esito',
    none: 'Nessuno',
    signature: 'Firma del cliente',
    signHere: 'Firmare nel riquadro con il dito o il mouse',
    clear: 'Cancella',
    signerName: 'Nome di chi firma',
    sign: 'Firma',
    signed: 'Firmato da :name il :at',
    download: 'Scarica PDF',
    send: 'Invia al cliente',
    sent: 'Inviato al cliente il :at',
    emptySignature: 'Prima disegnare la firma',
    backToJob: "Torna all'intervento",
  },
  /** The shell pages: password reset, profile, notifications, dashboard. */
  pages: pagesIt,
  resources: {
    ...addressBookIt,
    ...salesIt,
    ...ticketingIt,
    ...usersIt,
    ...warehouseIt,
    ...wfmIt,
  },
  ticketing: ticketingMessagesIt,
  /** The invoices' own texts (server/services/sales/invoices). */
  invoices: invoicesIt,
  /** How the SPA names sales documents (src/modules/sales/represent.ts). */
  salesNames: salesNamesIt,
  /** What the planner's sending tells the technicians (server/services/wfm/planning). */
  publication: publicationIt,
  /** The technician's job screen (src/modules/wfm/job). */
  job: jobIt,
  /** The planner (src/modules/wfm/planner). */
  planner: plannerIt,
  /** Invoicing the work (src/modules/sales/billing). */
  billing: billingIt,
  /** The Scadenzario and recording payments (src/modules/sales/receivables). */
  receivables: receivablesIt,
  /** Exports for the accountant: the period's XML zip and the VAT sales register (src/modules/sales/accountant). */
  accountant: accountantIt,
  /** The SdI round trip: notifications, history notes, the invoice page (server/services/sales/sdi, src/modules/sales/sdi). */
  sdi: sdiIt,
  /** The warehouse's custom views (src/modules/warehouse). */
  warehouse: {
    stockByWarehouse: 'Giacenza per magazzino',
    noStock: 'Nessuna giacenza in alcun magazzino',
    total: 'Totale',
    movementsIn: 'Movimenti in entrata in questa ubicazione',
    ddtMovements: 'Movimenti di magazzino di questo DDT',
    movementsOut: 'Movimenti in uscita da questa ubicazione',
  },
};
