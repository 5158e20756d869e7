/** Why an invoice's electronic invoice (FatturaPA XML) cannot be made (docs/domain.md#electronic-invoice-fatturapa). */
export const fatturapaValidationEn = {
  fatturapaNotIssued: 'Only an issued invoice has an electronic invoice: this one is :status',
  fatturapaCompany: "The company's configuration lacks :fields, which the electronic invoice requires",
  fatturapaProgressives: 'The transmission progressives of this company are used up',
};
