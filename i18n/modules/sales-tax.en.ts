/**
 * The tax cases' labels (docs/domain.md#tax-cases): the 770 reasons of a withholding (CausalePagamento), the
 * invoice's and the customer's tax fields.
 */
export const withholdingReasonsEn = {
  A: 'A – Professional self-employment',
  B: 'B – Use of intellectual works by their author',
  C: 'C – Profits of profit-sharing agreements (work)',
  D: 'D – Profits of promoting and founding members',
  E: 'E – Protest of bills of exchange',
  G: 'G – End of professional sports activity',
  H: 'H – End of agency relationships',
  I: 'I – End of notarial duties',
  L: 'L – Use of intellectual works by others than the author',
  M: 'M – Occasional self-employment',
  N: 'N – Amateur sports allowances',
  O: 'O – Occasional self-employment, no INPS registration',
  P: 'P – Use of equipment by non-residents',
  Q: 'Q – Commissions of a single-firm agent',
  R: 'R – Commissions of a multi-firm agent',
  S: 'S – Commissions of a commission agent',
  T: 'T – Commissions of a broker',
  U: 'U – Commissions of a business finder',
  V: 'V – Commissions of door-to-door sellers',
  W: 'W – Contract works (condominium, art. 25-ter DPR 600/73)',
  X: 'X – Royalties 2004 (Dir. 2003/49/EC)',
  Y: 'Y – Royalties from 2005 (Dir. 2003/49/EC)',
  L1: 'L1 – Intellectual works acquired for consideration',
  M1: 'M1 – Obligations to do, not do or allow',
  M2: 'M2 – Occasional self-employment with INPS registration',
  O1: 'O1 – Obligations to do, no INPS registration',
  V1: 'V1 – Occasional commercial activities',
  ZO: 'ZO – Other reasons',
};

export const invoiceTaxFieldsEn = {
  stampDuty: 'Stamp duty',
  stampDutyCharged: 'Stamp duty charged to the customer',
  splitPayment: 'Split payment',
  withholdingRate: 'Withholding tax %',
  withholdingReason: 'Withholding reason',
  withholdingAmount: 'Withholding tax',
  amountPayable: 'Net to pay',
  declarationProtocolNumber: 'Declaration of intent: protocol',
  declarationDate: 'Declaration of intent: date',
};

export const customerWithholdingFieldsEn = {
  withholdingAgent: 'Withholding agent (e.g. condominium)',
  withholdingRate: 'Withholding tax %',
  withholdingReason: 'Withholding reason',
};
