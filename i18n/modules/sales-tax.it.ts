import type { customerWithholdingFieldsEn, invoiceTaxFieldsEn, withholdingReasonsEn } from './sales-tax.en';

/** Le etichette dei casi fiscali (docs/domain.md#tax-cases): causali 770 della ritenuta, campi di fattura e cliente. */
export const withholdingReasonsIt: typeof withholdingReasonsEn = {
  A: 'A – Lavoro autonomo professionale abituale',
  B: "B – Utilizzazione di opere dell'ingegno da parte dell'autore",
  C: 'C – Utili da associazione in partecipazione (lavoro)',
  D: 'D – Utili dei soci promotori e fondatori',
  E: 'E – Levata di protesti cambiari',
  G: 'G – Cessazione di attività sportiva professionale',
  H: 'H – Cessazione di rapporti di agenzia',
  I: 'I – Cessazione da funzioni notarili',
  L: "L – Utilizzazione di opere dell'ingegno da parte di terzi",
  M: 'M – Lavoro autonomo non abituale',
  N: 'N – Compensi per attività sportive dilettantistiche',
  O: 'O – Lavoro autonomo non abituale senza Gestione separata',
  P: 'P – Uso di attrezzature da parte di non residenti',
  Q: 'Q – Provvigioni ad agente monomandatario',
  R: 'R – Provvigioni ad agente plurimandatario',
  S: 'S – Provvigioni a commissionario',
  T: 'T – Provvigioni a mediatore',
  U: "U – Provvigioni a procacciatore d'affari",
  V: 'V – Provvigioni per vendite a domicilio',
  W: "W – Corrispettivi di contratti d'appalto (condominio, art. 25-ter DPR 600/73)",
  X: 'X – Canoni 2004 (Dir. 2003/49/CE)',
  Y: 'Y – Canoni dal 2005 (Dir. 2003/49/CE)',
  L1: "L1 – Opere dell'ingegno acquistate a titolo oneroso",
  M1: 'M1 – Obblighi di fare, non fare o permettere',
  M2: 'M2 – Lavoro autonomo non abituale con Gestione separata',
  O1: 'O1 – Obblighi di fare senza Gestione separata',
  V1: 'V1 – Attività commerciali non abituali',
  ZO: 'ZO – Altro titolo',
};

export const invoiceTaxFieldsIt: typeof invoiceTaxFieldsEn = {
  stampDuty: 'Bollo',
  stampDutyCharged: 'Bollo addebitato al cliente',
  splitPayment: 'Scissione dei pagamenti',
  withholdingRate: "Ritenuta d'acconto %",
  withholdingReason: 'Causale ritenuta',
  withholdingAmount: "Ritenuta d'acconto",
  amountPayable: 'Netto a pagare',
  declarationProtocolNumber: "Dichiarazione d'intento: protocollo",
  declarationDate: "Dichiarazione d'intento: data",
};

export const customerWithholdingFieldsIt: typeof customerWithholdingFieldsEn = {
  withholdingAgent: "Sostituto d'imposta (es. condominio)",
  withholdingRate: "Ritenuta d'acconto %",
  withholdingReason: 'Causale ritenuta',
};
