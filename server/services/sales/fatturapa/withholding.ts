import { decimal } from '../../../../resources/schema';
import type { Company } from '../../../documents/pdf';
import type { Node, Row } from './parties';
import { amount2, day, latin, rate } from './text';

/**
 * The tax cases' parts of the XML (docs/domain.md#tax-cases): DatiRitenuta, DatiBollo and the declaration of
 * intent on the lines. Pure: they read the issued invoice and the company config only.
 */

/** An invoice subject to withholding carries its rate and reason (copied from the customer on drafts). */
export const withheld = (invoice: Row): boolean =>
  invoice.withholdingRate !== null && invoice.withholdingRate !== undefined && Boolean(invoice.withholdingReason);

/**
 * TipoRitenuta: RT01 for a natural person (the 16-character codice fiscale of a sole trader), RT02 for a legal
 * person (a company, whose codice fiscale is its 11 digits).
 */
export function withholdingType(company: Company): 'RT01' | 'RT02' {
  const code = String(company.taxCode ?? '').trim();
  return code.length === 16 ? 'RT01' : 'RT02';
}

/** DatiRitenuta: the amount the customer withholds, at its rate, for its 770 reason. */
export function withholdingData(invoice: Row, company: Company): Node | undefined {
  if (!withheld(invoice)) return undefined;
  return {
    TipoRitenuta: withholdingType(company),
    ImportoRitenuta: amount2(invoice.withholdingAmount),
    AliquotaRitenuta: rate(invoice.withholdingRate),
    CausalePagamento: String(invoice.withholdingReason),
  };
}

/** DatiBollo whenever the duty is due, whether or not the customer is charged it (ImportoTotaleDocumento says that). */
export function stampData(invoice: Row): Node | undefined {
  return decimal.compare(invoice.stampDuty ?? 0, 0) > 0
    ? { BolloVirtuale: 'SI', ImportoBollo: amount2(invoice.stampDuty) }
    : undefined;
}

/**
 * AltriDatiGestionali of a line under a declaration of intent (N3.5): TipoDato INTENTO, the protocol received from
 * the Agenzia delle Entrate and the declaration's date, as provv. AdE 96911/2020 asks since 2021.
 */
export function intentData(invoice: Row, line: Row): Node | undefined {
  if (line.vatNature !== 'N3.5' || !invoice.declarationProtocolNumber) return undefined;
  return {
    TipoDato: 'INTENTO',
    RiferimentoTesto: latin(invoice.declarationProtocolNumber, 60),
    RiferimentoData: invoice.declarationDate ? day(invoice.declarationDate) : undefined,
  };
}
