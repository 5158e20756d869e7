import type { Company } from '../../../documents/pdf';
import { amount2, basicLatin, latin, phone, splitVatNumber } from './text';

/* eslint-disable @typescript-eslint/no-explicit-any -- stored rows are read untyped, as the PDF templates do */
export type Row = Record<string, any>;
/** An element's content as xmlbuilder2 takes it: children by name, `undefined` ones left out. */
export type Node = Record<string, unknown>;

/** FPA12 for a public administration, FPR12 for everyone else (docs/domain.md#electronic-invoice-fatturapa). */
export const formatOf = (customer: Row): 'FPA12' | 'FPR12' =>
  customer.kind === 'publicAdministration' ? 'FPA12' : 'FPR12';

/** What the sender's company config must give before an XML can be made: the fields the schema requires. */
export function missingCompanyFields(company: Company): string[] {
  return [
    !company.vatNumber && 'company.vatNumber',
    !company.registeredOffice && 'company.registeredOffice',
    !company.taxRegime && 'company.taxRegime',
  ].filter((f): f is string => typeof f === 'string');
}

/** The sender's IdFiscaleIVA: also the transmitter and the file name's prefix (IT01234567897_xxxxx.xml). */
export const senderId = (company: Company) => splitVatNumber(company.vatNumber ?? '');

/** Sede: the schema's address; a foreign one has no province and, having no Italian CAP, "00000". */
function sede(address: Row | undefined): Node {
  const country = String(address?.country ?? 'IT').toUpperCase();
  const zip = String(address?.zip ?? '');
  return {
    Indirizzo: latin(address?.street, 60),
    NumeroCivico: address?.streetNumber ? basicLatin(address.streetNumber, 8) : undefined,
    CAP: /^\d{5}$/.test(zip) ? zip : '00000',
    Comune: latin(address?.city, 60),
    Provincia: country === 'IT' && address?.province ? String(address.province).toUpperCase() : undefined,
    Nazione: country,
  };
}

/** DatiTrasmissione: who sends, the progressive, the format and where the SdI delivers (code or PEC). */
export function transmissionData(company: Company, customer: Row, progressive: string): Node {
  const code = String(customer.sdiCode ?? '0000000');
  return {
    IdTrasmittente: senderId(company),
    ProgressivoInvio: progressive,
    FormatoTrasmissione: formatOf(customer),
    CodiceDestinatario: code,
    ContattiTrasmittente:
      company.email || phone(company.phone)
        ? { Telefono: phone(company.phone), Email: company.email ? company.email : undefined }
        : undefined,
    PECDestinatario: code === '0000000' && customer.pecEmail ? String(customer.pecEmail) : undefined,
  };
}

/** CedentePrestatore: the tenant's company (its config, docs/domain.md#electronic-invoice-fatturapa). */
export function sender(company: Company): Node {
  const office = company.registeredOffice;
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: senderId(company),
      CodiceFiscale: company.taxCode ? company.taxCode.toUpperCase() : undefined,
      Anagrafica: { Denominazione: latin(company.legalName, 80) },
      RegimeFiscale: company.taxRegime,
    },
    Sede: sede(office && { ...office, country: office.country ?? 'IT' }),
    IscrizioneREA:
      company.reaOffice && company.reaNumber
        ? {
            Ufficio: company.reaOffice,
            NumeroREA: basicLatin(company.reaNumber, 20),
            CapitaleSociale: company.shareCapital ? amount2(company.shareCapital) : undefined,
            SocioUnico: company.soleShareholder,
            StatoLiquidazione: company.inLiquidation ? 'LS' : 'LN',
          }
        : undefined,
    Contatti:
      company.email || phone(company.phone)
        ? { Telefono: phone(company.phone), Email: company.email ? company.email : undefined }
        : undefined,
  };
}

/**
 * CessionarioCommittente: the customer's VAT number (with its country) and/or codice fiscale, its name (legal
 * name, or first and last name for an individual) and billing address.
 */
export function recipient(customer: Row, fallbackName: unknown): Node {
  const individual = customer.kind === 'individual';
  const taxCode = typeof customer.taxCode === 'string' && customer.taxCode !== '' ? customer.taxCode : undefined;
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: customer.vatNumber
        ? { IdPaese: String(customer.vatCountry ?? 'IT'), IdCodice: String(customer.vatNumber) }
        : undefined,
      CodiceFiscale: taxCode?.toUpperCase(),
      Anagrafica:
        individual && customer.firstName && customer.lastName
          ? { Nome: latin(customer.firstName, 60), Cognome: latin(customer.lastName, 60) }
          : { Denominazione: latin(customer.legalName ?? fallbackName, 80) },
    },
    Sede: sede(customer.billingAddress as Row | undefined),
  };
}
