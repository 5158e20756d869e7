/**
 * FatturaPA code lists the sales documents share (docs/domain.md#fatturapa-codes): VAT "natura" codes, payment
 * methods and VAT exigibility. The generic N2/N3/N6 codes are left out: SdI rejects them since 2021.
 */
export const VAT_NATURES = [
  'N1',
  'N2.1',
  'N2.2',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;
export type VatNature = (typeof VAT_NATURES)[number];

/** ModalitaPagamento MP01 (cash) ... MP23 (PagoPA). */
export const PAYMENT_METHODS = [
  'MP01',
  'MP02',
  'MP03',
  'MP04',
  'MP05',
  'MP06',
  'MP07',
  'MP08',
  'MP09',
  'MP10',
  'MP11',
  'MP12',
  'MP13',
  'MP14',
  'MP15',
  'MP16',
  'MP17',
  'MP18',
  'MP19',
  'MP20',
  'MP21',
  'MP22',
  'MP23',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SEPA direct debits: the customer's IBAN is what the bank debits. */
export const SEPA_DIRECT_DEBIT: readonly PaymentMethod[] = ['MP19', 'MP20', 'MP21'];
/** Ricevuta bancaria: collected through the customer's bank, named by ABI and CAB. */
export const RIBA: PaymentMethod = 'MP12';

/** EsigibilitaIVA: immediate, deferred, split payment (scissione dei pagamenti). */
export const VAT_EXIGIBILITY = ['I', 'D', 'S'] as const;

/**
 * CausalePagamento of DatiRitenuta (FatturaPA 1.2.2, the 770 form's reasons): W is the condominium's 4 % withholding
 * on contract works (art. 25-ter DPR 600/73), A professional work (docs/domain.md#withholding-tax). Z is left out:
 * the SdI refuses it since 2021 (ZO replaced it).
 */
export const WITHHOLDING_REASONS = [
  'A', 'B', 'C', 'D', 'E', 'G', 'H', 'I', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y',
  'L1', 'M1', 'M2', 'O1', 'V1', 'ZO',
] as const; // prettier-ignore
export type WithholdingReason = (typeof WITHHOLDING_REASONS)[number];
