import { documentMailsEn } from './modules/sales-quotes.en';
import { addressBookEn } from './modules/address-book.en';
import { salesEn, salesValidationEn } from './modules/sales.en';
import { salesPaymentsValidationEn } from './modules/sales-payments.en';
import { fatturapaValidationEn } from './modules/sales-fatturapa.en';
import { checksValidationEn } from './modules/sales-checks.en';
import { sdiEn, sdiValidationEn } from './modules/sales-sdi.en';
import { ticketingEn, ticketingMessagesEn } from './modules/ticketing.en';
import { usersEn } from './modules/users.en';
import { pagesEn } from './pages.en';
import { warehouseEn, warehouseValidationEn } from './modules/warehouse.en';
import { wfmEn, wfmValidationEn } from './modules/wfm.en';
import { jobEn } from './modules/job.en';
import { publicationEn } from './modules/publication.en';
import { plannerEn } from './modules/planner.en';
import { billingEn, billingValidationEn } from './modules/billing.en';
import { receivablesEn } from './modules/receivables.en';
import { accountantEn, accountantValidationEn } from './modules/accountant.en';
import { invoicesEn, invoiceValidationEn, salesNamesEn } from './modules/sales-invoices.en';
import { ddtPrintEn, salesPrintEn } from './modules/documents-print.en';
/**
 * The English app catalogue. Its shape is the contract every other catalogue must match (`Catalogue`),
 * so a key missing from it.ts fails to compile. Placeholders are written `:name` (docs/spa.md#languages);
 * the SPA converts them to polyglot's `:name` when a dictionary is loaded, the server fills them with
 * `interpolate()` from resources/schema.
 */
export const en = {
  app: {
    login: {
      title: 'Sign in',
      username: 'Username',
      password: 'Password',
      tenant: 'Tenant',
      submit: 'Sign in',
      // The original product's text, verbatim, for a login failure without a server message
      // (docs/spa.md#errors-and-toasts).
      serverError: 'Server Error',
    },
    appBar: {
      tenant: 'Tenant: :tenant',
    },
    menu: {
      dashboard: 'Home',
      groups: {
        oauth2: 'Users',
        storage: 'Files',
        notifications: 'Notifications',
        wfm: 'Workforce',
        warehouse: 'Warehouse',
        sales: 'Sales',
        ticketing: 'Ticketing',
        'address-book': 'Address book',
        export: 'Export',
      },
      /** The technician area's activity lists, by status (docs/spa.md#technician-area). */
      activities: {
        assigned: 'Assigned activities',
        completed: 'Completed activities',
        approved: 'Approved activities',
        approvedNotBilled: 'Approved, not billable',
        billed: 'Billed activities',
        closed: 'Closed activities',
      },
      planner: 'Planner',
      billing: 'To invoice',
      accountant: 'For the accountant',
      receivables: 'Receivables',
    },
    /** In-app notifications shown as toasts (docs/spa.md#toasts). */
    toasts: {
      // The header label of a normal toast; the original product shows the Italian 'Ora' (docs/spa.md#toasts).
      now: 'Now',
      close: 'Close',
    },
    roles: {
      admin: 'Administrator',
      technician: 'Technician',
      regular: 'User',
    },
    // The original product's texts, verbatim (docs/spa.md#errors-and-toasts).
    notFound: {
      title: 'Page not found',
      back: 'Back to home',
    },
    maintenance: {
      title: 'Maintenance mode',
      text: 'The service is under maintenance. Please come back later.',
    },
    errors: {
      system: 'System error',
      systemBody: 'Try again later or contact technical support.',
      reload: 'Reload',
      conflict: 'Someone else changed this record meanwhile: reload it and apply your changes again.',
    },
  },
  /** Sub-fields of every structured address (field kind `address`). */
  address: {
    street: 'Street',
    streetNumber: 'Number',
    zip: 'Postal code',
    city: 'City',
    province: 'Province',
    country: 'Country',
  },
  /** Texts of the field kinds' inputs and displays (src/views/fields). */
  kinds: {
    tagsPlaceholder: 'Type a tag and press Enter',
    noLines: 'No lines',
    lineCount: 'Lines: :count',
    computed: 'Calculated automatically',
    linePriceFailed: "The product's price could not be read: fill in the line by hand",
  },
  /** A list's pagination when the services estimate the total (docs/wire-contract.md#totals). */
  lists: {
    estimatedRange: ':from-:to of about :total',
  },
  /** A list's export to CSV or XLSX (docs/spa.md#exports). */
  exports: {
    button: 'Export',
    menu: 'Export formats',
    csv: 'CSV for Excel',
    xlsx: 'Excel workbook (XLSX)',
    title: 'Export: :name',
    reading: 'Reading the list…',
    progress: 'Rows read: :fetched of :total',
    writing: 'Writing the file…',
    cancel: 'Cancel',
    close: 'Close',
    failed: 'The export failed: no file was written. Try again later.',
    tooLarge: 'The list has :total rows; an export reads at most :max. Narrow it with a filter.',
    yes: 'Yes',
    no: 'No',
  },
  /** The attachments field kind: files uploaded to the storage service. */
  attachments: {
    add: 'Add files',
    uploading: 'Uploading…',
    remove: 'Remove :name',
    open: 'Open :name',
    dismiss: 'Dismiss',
    empty: 'No files',
    unavailable: 'File storage is not available for this company',
    tooMany: 'At most :max files: :names not added',
    // The original product's text, verbatim, for a file that cannot be fetched (docs/spa.md#errors-and-toasts).
    notAvailable: 'n.d',
  },
  /** Problem details of the storage service (uploads). */
  storage: {
    errors: {
      tooLarge: 'The file is larger than the limit of :limit.',
      type: 'Files of type :type are not accepted.',
      mismatch: 'The name :fileName does not match the content of the file (:type).',
      empty: 'The file is empty.',
      noFile: 'Send one file, in a form part named "file".',
      onePart: 'Send exactly one file and no other form fields.',
      malformed: 'The upload is not a valid multipart/form-data body.',
      notMultipart: 'Files are uploaded as multipart/form-data.',
    },
  },
  /** Texts of the oauth2 service: token errors (shown by the login form as they are), password reset. */
  oauth2: {
    errors: {
      invalid_request: 'The login request is incomplete or malformed',
      invalid_client: 'This application is not authorised to sign in',
      invalid_grant: 'Invalid username or password',
      unsupported_grant_type: 'Unsupported grant type',
      unsupported_token_type: 'This kind of token cannot be revoked',
      invalid_scope: 'Invalid scope',
      slow_down: 'Too many failed attempts: try again in :minutes minutes',
      server_error: 'Server Error',
      sessionExpired: 'Your session has expired, please sign in again',
    },
    tooManyRequests: 'Too many attempts: try again in :minutes minutes',
    forgotAccepted: 'If the user exists and has an e-mail address, a link to choose a new password is on its way.',
    resetDone: 'Your password has been changed: sign in with the new one.',
    resetMail: {
      subject: ':app: choose a new password',
      body: 'Hello :name,\n\nsomeone (hopefully you) asked to reset the password of the user ":username" on :app.\nOpen this link within :minutes minutes to choose a new one:\n\n:link\n\nIf you did not ask for it, ignore this message: your password stays as it is.\n',
    },
  },
  /** Keys produced by describeIssues() in resources/schema/issues.ts; the server renders them too. */
  validation: {
    referenceNotOffered: 'Cannot be chosen here',
    invalidFields: 'Invalid fields: :fields',
    forbiddenFields: 'Your role may not change: :fields',
    required: 'Required',
    maxLength: 'Must be :max characters or fewer',
    minLength: 'Must be at least :min characters',
    maxValue: 'Must be :max or less',
    minValue: 'Must be :min or more',
    type: 'Invalid value (expected :expected)',
    email: 'Must be a valid e-mail address',
    phone: 'Must be a valid phone number',
    date: 'Must be a valid date',
    reference: 'Must refer to an existing record',
    format: 'Invalid format',
    oneOf: 'Must be one of: :values',
    unknownField: 'Unknown fields: :fields',
    readOnly: 'Cannot be written: :field is set by the server',
    invalid: 'Invalid value',
    zip: 'Must be a valid postal code (5 digits)',
    oneOfRequired: 'Fill in at least one of: :fields',
    url: 'Must be a web address (http or https)',
    integer: 'Must be a whole number',
    decimal: 'Must be a number with at most :scale decimal places',
    maxItems: 'At most :max items',
    minItems: 'At least :min items',
    province: 'Must be the abbreviation of an Italian province (e.g. MI)',
    vatNumber: 'Must be a valid VAT number (11 digits with check digit)',
    fiscalCode: 'Must be a valid tax code (codice fiscale)',
    sdiCode: 'Must be a valid SDI recipient code (7 characters, 6 for public administrations)',
    iban: 'Must be a valid IBAN',
    ean: 'Must be a valid EAN/GTIN barcode',
    unique: 'Already in use',
    duplicates: 'Each value may be chosen only once',
    lastAdmin: 'The tenant must keep at least one active administrator',
    resetToken: 'This link is invalid, already used or expired: ask for a new one',
    currentPassword: 'The current password is not correct',
    file: 'Must refer to an uploaded file',
    fileType: 'Files of type :type are not accepted here',
    maxFiles: 'At most :max files',
    endAfterStart: 'Must be later than the start',
    notBeforeStart: 'Must not be earlier than the start',
    idempotencyKey: 'Must be 1 to :max printable ASCII characters',
    idempotencyKeyReused: 'This key was already used for another request: send a new one',
    wh: warehouseValidationEn,
    sales: {
      ...salesValidationEn,
      ...invoiceValidationEn,
      ...salesPaymentsValidationEn,
      ...fatturapaValidationEn,
      ...checksValidationEn,
      ...accountantValidationEn,
      ...sdiValidationEn,
    },
    wfm: wfmValidationEn,
    billing: billingValidationEn,
  },
  /** Lifecycle actions of a definition (server/records/actions.ts, src/views/actions). */
  actions: {
    notFrom: 'Not possible while the status is ":status"',
    title: 'Actions',
    confirm: 'Confirm',
    done: 'Done: :action',
  },
  /** Printed documents (server/documents/pdf) and the mails that carry them. */
  documents: {
    ...documentMailsEn,
    /** The PDF button of printed documents' pages (src/views/pdf). */
    downloadPdf: 'Download PDF',
    draftFileName: 'draft',
    page: 'Page :page of :pages',
    vatNumber: 'VAT no.',
    taxCode: 'Tax code',
    sales: salesPrintEn,
    ddt: ddtPrintEn,
    workReport: {
      title: 'Work report',
      customer: 'Customer',
      site: 'Site',
      machines: 'Machines',
      machine: 'Machine',
      model: 'Model / serial no.',
      refrigerant: 'Refrigerant',
      charge: 'Charge',
      from: 'From',
      to: 'To',
      none: 'None',
      signedBy: 'Signed by :name on :at',
      notSigned: 'Not signed yet',
      mailSubject: 'Work report :number',
      mailText: 'Good morning,\n\nattached is the work report :number of :date, signed by :name.\n\n:company',
    },
  },
  /** The work report screen of an activity (src/modules/wfm/work-report). */
  workReport: {
    title: 'Work report',
    loading: 'Preparing the work report…',
    notCompleted: 'The work report can be made once the activity is completed.',
    hours: 'Hours',
    materials: 'Materials',
    gas: 'Refrigerant',
    description: 'Work done',
    outcome: 'Outcome',
    none: 'None',
    signature: 'Customer signature',
    signHere: 'Sign in the box with a finger or the mouse',
    clear: 'Clear',
    signerName: 'Name of the signer',
    sign: 'Sign',
    signed: 'Signed by :name on :at',
    download: 'Download PDF',
    send: 'Send to the customer',
    sent: 'Sent to the customer on :at',
    emptySignature: 'Draw the signature first',
    backToJob: 'Back to the job',
  },
  /** The shell pages: password reset, profile, notifications, dashboard. */
  pages: pagesEn,
  resources: {
    ...addressBookEn,
    ...salesEn,
    ...ticketingEn,
    ...usersEn,
    ...warehouseEn,
    ...wfmEn,
  },
  ticketing: ticketingMessagesEn,
  /** The invoices' own texts (server/services/sales/invoices). */
  invoices: invoicesEn,
  /** How the SPA names sales documents (src/modules/sales/represent.ts). */
  salesNames: salesNamesEn,
  /** What the planner's sending tells the technicians (server/services/wfm/planning). */
  publication: publicationEn,
  /** The technician's job screen (src/modules/wfm/job). */
  job: jobEn,
  /** The planner (src/modules/wfm/planner). */
  planner: plannerEn,
  /** Invoicing the work (src/modules/sales/billing). */
  billing: billingEn,
  /** The Scadenzario and recording payments (src/modules/sales/receivables). */
  receivables: receivablesEn,
  /** Exports for the accountant: the period's XML zip and the VAT sales register (src/modules/sales/accountant). */
  accountant: accountantEn,
  /** The SdI round trip: notifications, history notes, the invoice page (server/services/sales/sdi, src/modules/sales/sdi). */
  sdi: sdiEn,
  /** The warehouse's custom views (src/modules/warehouse). */
  warehouse: {
    stockByWarehouse: 'Stock by warehouse',
    noStock: 'No stock in any warehouse',
    total: 'Total',
    movementsIn: 'Movements into this location',
    ddtMovements: 'Stock movements of this DDT',
    movementsOut: 'Movements out of this location',
  },
};

/** The shape every catalogue must have: same keys, any strings. */
export type Catalogue = typeof en;
