import type { fatturapaValidationEn } from './sales-fatturapa.en';

/** The Italian texts of fatturapaValidationEn (docs/domain.md#electronic-invoice-fatturapa). */
export const fatturapaValidationIt: typeof fatturapaValidationEn = {
  fatturapaNotIssued: 'Solo una fattura emessa ha la fattura elettronica: questa è :status',
  fatturapaCompany: "Nella configurazione dell'azienda manca :fields, richiesto dalla fattura elettronica",
  fatturapaProgressives: "I progressivi di invio dell'azienda sono esauriti",
};
