/**
 * "Exports for the accountant" (src/modules/sales/accountant) and the VAT sales register's file
 * (server/services/sales/accountant), under `accountant` (docs/domain.md#the-vat-sales-register).
 */
export const accountantEn = {
  title: 'Exports for the accountant',
  intro:
    'The electronic invoices of a period as a zip of their XML files, and the VAT sales register of the same period.',
  period: {
    label: 'Period',
    thisMonth: 'This month',
    lastMonth: 'Last month',
    thisQuarter: 'This quarter',
    lastQuarter: 'Last quarter',
    custom: 'Custom',
    from: 'From',
    to: 'To',
  },
  downloads: {
    zip: 'Electronic invoices (ZIP)',
    csv: 'VAT register (CSV)',
    xlsx: 'VAT register (XLSX)',
    busy: 'Preparing the file…',
    done: 'Downloaded :file',
    failed: 'The file could not be prepared',
  },
  /** The register's file: its columns, values and summary (server/services/sales/accountant/register-files.ts). */
  register: {
    sheet: 'VAT sales register',
    columns: {
      series: 'Series',
      number: 'Number',
      date: 'Date',
      documentType: 'Document type',
      customer: 'Customer',
      vatNumber: 'VAT number',
      taxCode: 'Tax code',
      total: 'Document total',
      vatRate: 'VAT rate %',
      vatNature: 'Nature',
      taxable: 'Taxable amount',
      vat: 'VAT',
      chargeability: 'VAT chargeability',
    },
    chargeability: {
      immediate: 'Immediate',
      splitPayment: 'Split payment (art. 17-ter, not collected)',
    },
    summary: {
      title: 'Totals by VAT rate and nature',
      vatRate: 'VAT rate %',
      vatNature: 'Nature',
      taxable: 'Taxable amount',
      vat: 'VAT',
      splitVat: 'of which split payment (not collected)',
      collectedVat: 'VAT payable',
      total: 'Total',
    },
  },
  /** The zip's index file (manifest.csv). */
  manifest: {
    number: 'Number',
    date: 'Date',
    documentType: 'Document type',
    customer: 'Customer',
    fileName: 'File name',
    total: 'Document total',
    sdiStatus: 'SdI status',
  },
};

/** Why an export's period is refused (validation.sales.*). */
export const accountantValidationEn = {
  periodDate: 'Must be a date (YYYY-MM-DD)',
  periodOrder: 'Must not be earlier than the start of the period',
  periodTooLong: 'The period may be at most :max days long',
  periodTooMany: 'The period holds :count documents, more than :max: choose a shorter one',
  registerFormat: 'Must be csv or xlsx',
};
