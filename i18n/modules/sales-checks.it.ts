import type { checksValidationEn, customerSnapshotEn } from './sales-checks.en';

/** The Italian texts of checksValidationEn (docs/domain.md#checks-before-issue). */
export const checksValidationIt: typeof checksValidationEn = {
  sdiCompanyVatNumber:
    "La Partita IVA dell'azienda nella configurazione (company.vatNumber: :value) non è valida (SdI :code)",
  sdiCompanyTaxCode:
    "Il codice fiscale dell'azienda nella configurazione (company.taxCode: :value) non è valido (SdI :code)",
  sdiCompanyOffice: "La sede legale dell'azienda nella configurazione è incompleta o errata: correggi :field",
  sdiCharacters: 'Contiene caratteri che la fattura elettronica non ammette: sostituisci :chars',
  sdiCustomerName: 'Il cliente non ha ragione sociale né nome e cognome: completa il cliente',
  sdiCustomerNoTaxId: 'Il cliente non ha Partita IVA né codice fiscale: aggiungine uno nel cliente (SdI :code)',
  sdiCustomerVatNumber: 'La Partita IVA del cliente (:value) non è valida: correggila nel cliente (SdI :code)',
  sdiCustomerTaxCode: 'Il codice fiscale del cliente (:value) non è valido: correggilo nel cliente (SdI :code)',
  sdiCustomerVatCountry:
    'Il paese IVA del cliente estero (:value) deve essere un codice di due lettere diverso da IT: correggilo nel cliente',
  sdiCustomerNoAddress: "Il cliente non ha l'indirizzo di fatturazione: aggiungilo nel cliente",
  sdiCustomerStreet: "Nell'indirizzo di fatturazione del cliente manca la via: completalo nel cliente",
  sdiCustomerCity: "Nell'indirizzo di fatturazione del cliente manca il comune: completalo nel cliente",
  sdiCustomerCountry:
    "L'indirizzo di fatturazione del cliente non ha una nazione valida (:value): correggila nel cliente",
  sdiCustomerZip:
    "Il CAP dell'indirizzo di fatturazione del cliente deve avere 5 cifre (ora :value): correggilo nel cliente",
  sdiCustomerProvince:
    "La provincia dell'indirizzo di fatturazione del cliente manca o non è una sigla valida (:value): correggila nel cliente",
  sdiCustomerSdiCodePa:
    'Una pubblica amministrazione ha come codice destinatario il codice univoco ufficio IPA di 6 caratteri (ora :value) (SdI :code)',
  sdiCustomerSdiCodeForeign: 'Per un cliente estero il codice destinatario è XXXXXXX (ora :value) (SdI :code)',
  sdiCustomerSdiCodePrivate:
    'Il codice destinatario del cliente deve avere 7 lettere o cifre, 0000000 se la fattura va via PEC (ora :value) (SdI :code)',
  sdiCustomerPec: 'La PEC del cliente (:value) non è un indirizzo valido: correggila nel cliente',
  sdiSplitPaymentParty:
    'La scissione dei pagamenti vale solo per pubbliche amministrazioni e società: cambia il regime IVA del cliente',
  sdiCig: 'Il CIG ha 10 lettere o cifre (ora :value)',
  sdiCup: 'Il CUP ha 15 lettere o cifre (ora :value)',
  sdiRateNotAllowed: "L'aliquota IVA :value% non è tra quelle ammesse (:allowed) (SdI :code)",
  sdiNatureMissing: "Una riga con IVA 0% deve indicare la natura dell'operazione (SdI :code)",
  sdiNatureWithRate: 'Una riga con IVA maggiore di 0% non ha natura: togli :value (SdI :code)',
  sdiNatureGeneric:
    'Lo SdI non accetta più la natura :value (dal 2021): scegli un sottocodice come N2.1, N3.5 o N6.7 (SdI :code)',
  sdiReverseChargeNoVat: "L'inversione contabile (:value) richiede un cliente con Partita IVA: aggiungila nel cliente",
  sdiReverseChargeSplit:
    'Una riga in inversione contabile (:value) non può stare in una fattura in scissione dei pagamenti (SdI :code)',
  sdiDescriptionEmpty: 'La descrizione è vuota una volta tolti i caratteri che la fattura elettronica non ammette',
  sdiSummaryTaxable: "Il riepilogo IVA al :rate% non torna: l'imponibile non è la somma delle sue righe (SdI :code)",
  sdiSummaryVat: "L'imposta al :rate% non è l'imponibile per l'aliquota (SdI :code)",
  sdiDocumentTotal: 'Il totale documento non è imponibile più IVA più bollo (:total)',
  sdiBeforeRelated:
    'Una nota di credito o di debito non può avere una data precedente alla fattura che rettifica, :number del :date (SdI :code)',
  sdiDeclarationMissing:
    "Le righe N3.5 richiedono la dichiarazione d'intento del cliente: impostane regime IVA, protocollo e data sul cliente",
  sdiDeclarationPeriod:
    "La dichiarazione d'intento :protocol vale dal :from al :to: la data della fattura ne è fuori (l'IVA è dovuta)",
  sdiDeclarationCeiling:
    "Le righe N3.5 superano il residuo del plafond dichiarato di :ceiling (disponibili :available): sul resto l'IVA è dovuta",
  sdiNumberDigit:
    'Il numero :number non contiene cifre e lo SdI lo scarta: correggi il formato della serie di numerazione (SdI :code)',
};

/** The Italian labels of customerSnapshotEn. */
export const customerSnapshotIt: typeof customerSnapshotEn = {
  fields: {
    kind: 'Tipo',
    legalName: 'Ragione sociale',
    firstName: 'Nome',
    lastName: 'Cognome',
    vatCountry: 'Paese IVA',
    vatNumber: 'Partita IVA',
    taxCode: 'Codice fiscale',
    sdiCode: 'Codice destinatario SDI',
    pecEmail: 'PEC',
    billingAddress: 'Indirizzo di fatturazione',
    vatRegime: 'Regime IVA',
    cig: 'CIG',
    cup: 'CUP',
  },
  enums: {
    kind: {
      company: 'Azienda',
      individual: 'Privato',
      publicAdministration: 'Pubblica amministrazione',
      foreign: 'Estero',
    },
    vatRegime: {
      standard: 'Ordinario',
      splitPayment: 'Scissione dei pagamenti',
      reverseChargeN67: 'Inversione contabile (N6.7)',
      exempt: 'Esente',
      declarationOfIntent: "Dichiarazione d'intento",
    },
  },
};
