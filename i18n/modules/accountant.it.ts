import type { accountantEn, accountantValidationEn } from './accountant.en';

/**
 * "Esportazioni per il commercialista" (src/modules/sales/accountant) e il file del registro IVA vendite
 * (server/services/sales/accountant), sotto `accountant` (docs/domain.md#the-vat-sales-register).
 */
export const accountantIt: typeof accountantEn = {
  title: 'Esportazioni per il commercialista',
  intro:
    'Le fatture elettroniche di un periodo in un archivio ZIP dei file XML, e il registro IVA vendite dello stesso periodo.',
  period: {
    label: 'Periodo',
    thisMonth: 'Questo mese',
    lastMonth: 'Mese scorso',
    thisQuarter: 'Questo trimestre',
    lastQuarter: 'Trimestre scorso',
    custom: 'Personalizzato',
    from: 'Dal',
    to: 'Al',
  },
  downloads: {
    zip: 'Fatture elettroniche (ZIP)',
    csv: 'Registro IVA (CSV)',
    xlsx: 'Registro IVA (XLSX)',
    busy: 'Preparazione del file…',
    done: 'Scaricato :file',
    failed: 'Non è stato possibile preparare il file',
  },
  register: {
    sheet: 'Registro IVA vendite',
    columns: {
      series: 'Sezionale',
      number: 'Numero',
      date: 'Data',
      documentType: 'Tipo documento',
      customer: 'Cliente',
      vatNumber: 'Partita IVA',
      taxCode: 'Codice fiscale',
      total: 'Totale documento',
      vatRate: 'Aliquota IVA %',
      vatNature: 'Natura',
      taxable: 'Imponibile',
      vat: 'Imposta',
      chargeability: 'Esigibilità IVA',
    },
    chargeability: {
      immediate: 'Immediata',
      splitPayment: 'Scissione dei pagamenti (art. 17-ter, non incassata)',
    },
    summary: {
      title: 'Riepilogo per aliquota IVA e natura',
      vatRate: 'Aliquota IVA %',
      vatNature: 'Natura',
      taxable: 'Imponibile',
      vat: 'Imposta',
      splitVat: 'di cui in scissione dei pagamenti (non incassata)',
      collectedVat: 'Imposta a debito',
      total: 'Totale',
    },
  },
  manifest: {
    number: 'Numero',
    date: 'Data',
    documentType: 'Tipo documento',
    customer: 'Cliente',
    fileName: 'Nome file',
    total: 'Totale documento',
    sdiStatus: 'Stato SdI',
  },
};

export const accountantValidationIt: typeof accountantValidationEn = {
  periodDate: 'Deve essere una data (AAAA-MM-GG)',
  periodOrder: "Non può essere precedente all'inizio del periodo",
  periodTooLong: 'Il periodo può durare al massimo :max giorni',
  periodTooMany: 'Il periodo contiene :count documenti, più di :max: sceglierne uno più breve',
  registerFormat: 'Deve essere csv o xlsx',
};
