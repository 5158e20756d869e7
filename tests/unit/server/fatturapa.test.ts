import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fatturaDocument, fatturaXml, type FatturaInput } from '../../../server/services/sales/fatturapa/build';
import { missingCompanyFields } from '../../../server/services/sales/fatturapa/parties';
import { tenantConfigSchema } from '../../../server/services/config/tenant-config';
import { basicLatin, latin, progressiveCode, upTo8 } from '../../../server/services/sales/fatturapa/text';
import { checkAllAgainstSchema } from '../../../server/services/sales/fatturapa/validate';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is a loose tree */
type Tree = Record<string, any>;

const acme = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../config/tenants/acme.json'), 'utf8'));

const input = (extra: { invoice?: Tree; customer?: Tree } = {}): FatturaInput => ({
  invoice: {
    documentType: 'TD01',
    date: '2026-11-20',
    fullNumber: 'FT/2026/0001',
    totalDocument: '222.00',
    lines: [
      { lineNo: 1, description: 'Manutenzione', quantity: '1.000', unitPrice: '100.00000000', vatRate: '22.00' },
      {
        lineNo: 2,
        description: 'Esente',
        quantity: '1.000',
        unitPrice: '100.00000000',
        vatRate: '0.00',
        vatNature: 'N4',
      },
    ],
    dueDates: [{ dueDate: '2026-12-31', amount: '222.00', method: 'MP05' }],
    paymentConditions: 'TP02',
    ...extra.invoice,
  },
  customer: {
    kind: 'company',
    legalName: 'Rossi S.r.l.',
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: 'M5UXCR1',
    billingAddress: {
      street: 'Via Roma',
      streetNumber: '10',
      zip: '20121',
      city: 'Milano',
      province: 'MI',
      country: 'IT',
    },
    ...extra.customer,
  },
  company: acme.company,
  currency: 'EUR',
  relatedInvoices: [],
  normativeReferences: { N4: 'Art. 10 DPR 633/72' },
  progressive: '0000A',
});

const header = (doc: Tree) => doc['p:FatturaElettronica'].FatturaElettronicaHeader as Tree;

describe('the FatturaPA builder', () => {
  it('writes an individual by first and last name, a foreign customer with its country and no Italian CAP', () => {
    const person = header(
      fatturaDocument(
        input({
          customer: { kind: 'individual', legalName: null, firstName: 'Mario', lastName: 'Rossi', vatNumber: null },
        }),
      ),
    );
    expect(person.CessionarioCommittente.DatiAnagrafici).toEqual({
      CodiceFiscale: '00743110157',
      Anagrafica: { Nome: 'Mario', Cognome: 'Rossi' },
    });
    const foreign = header(
      fatturaDocument(
        input({
          customer: {
            kind: 'foreign',
            vatCountry: 'GB',
            vatNumber: '123456789',
            taxCode: null,
            sdiCode: 'XXXXXXX',
            billingAddress: {
              street: 'Baker Street',
              streetNumber: '221B',
              zip: 'NW1 6XE',
              city: 'London',
              country: 'GB',
            },
          },
        }),
      ),
    );
    expect(foreign.DatiTrasmissione.CodiceDestinatario).toBe('XXXXXXX');
    expect(foreign.CessionarioCommittente.DatiAnagrafici.IdFiscaleIVA).toEqual({
      IdPaese: 'GB',
      IdCodice: '123456789',
    });
    expect(foreign.CessionarioCommittente.Sede).toEqual({
      Indirizzo: 'Baker Street',
      NumeroCivico: '221B',
      CAP: '00000',
      Comune: 'London',
      Nazione: 'GB',
    });
  });

  it('keeps split payment off zero-rated rows (EsigibilitaIVA S only where there is VAT)', () => {
    // The invoice's own snapshot decides, not the customer as it is now (docs/domain.md#tax-cases).
    const doc = fatturaDocument(
      input({ invoice: { splitPayment: true }, customer: { vatRegime: 'standard' } }),
    ) as Tree;
    const rows = doc['p:FatturaElettronica'].FatturaElettronicaBody.DatiBeniServizi.DatiRiepilogo as Tree[];
    expect(rows.map((r) => [r.Natura ?? null, r.EsigibilitaIVA])).toEqual([
      [null, 'S'],
      ['N4', 'I'],
    ]);
  });
});

describe('FatturaPA values', () => {
  it('gives five base-36 characters per progressive', () => {
    expect(progressiveCode(1)).toBe('00001');
    expect(progressiveCode(36)).toBe('00010');
    expect(progressiveCode(36 ** 5 - 1)).toBe('ZZZZZ');
    expect(() => progressiveCode(0)).toThrow(RangeError);
    expect(() => progressiveCode(36 ** 5)).toThrow(RangeError);
  });

  it('writes text in Latin-1 (Basic Latin for codes), one line, within the size', () => {
    expect(latin('Intervento – “A” … 10 €\nriga due', 200)).toBe('Intervento - "A" ... 10 EUR riga due');
    // A letter outside Latin-1 keeps its base letter when it has one (Š, ź), else it is a question mark.
    expect(latin('Škoda Łódź 北京', 60)).toBe('Skoda ?ódz ??');
    expect(latin('x'.repeat(90), 80)).toHaveLength(80);
    expect(basicLatin('N° 12/è', 20)).toBe('N? 12/e');
  });

  it('writes up to eight decimals, never fewer than two', () => {
    expect(upTo8('100.00000000')).toBe('100.00');
    expect(upTo8('1.500')).toBe('1.50');
    expect(upTo8('0.12345678')).toBe('0.12345678');
  });
});

describe('the XSD validator', () => {
  it('passes a built document and catches invalid ones, naming the element', async () => {
    const valid = fatturaXml(input());
    const documents = [
      { fileName: 'valid.xml', xml: valid },
      { fileName: 'no-regime.xml', xml: valid.replace(/<RegimeFiscale>RF01<\/RegimeFiscale>/, '') },
      { fileName: 'quantity.xml', xml: valid.replace('<Quantita>1.00</Quantita>', '<Quantita>1</Quantita>') },
      { fileName: 'natura.xml', xml: valid.replace('<Natura>N4</Natura>', '<Natura>N9</Natura>') },
      { fileName: 'broken.xml', xml: valid.slice(0, 200) },
    ];
    // Each spoilt copy really differs from the valid one.
    for (const spoilt of documents.slice(1)) expect(spoilt.xml, spoilt.fileName).not.toBe(valid);
    const checks = await checkAllAgainstSchema(documents);
    expect(checks.get('valid.xml')).toEqual({ valid: true, errors: [] });
    const failed = (name: string) => {
      const check = checks.get(name);
      expect(check?.valid, name).toBe(false);
      return (check?.errors ?? []).map((e) => e.message).join('\n');
    };
    expect(failed('no-regime.xml')).toContain('RegimeFiscale');
    expect(failed('quantity.xml')).toContain('Quantita');
    expect(failed('natura.xml')).toContain('Natura');
    failed('broken.xml');
  }, 60_000);
});

describe("the sender's data in the tenant config", () => {
  it('takes a registered office and a tax regime, refusing a wrong CAP or code', () => {
    const withCompany = (extra: Tree) =>
      tenantConfigSchema.safeParse({ ...acme, company: { ...acme.company, ...extra } });
    expect(withCompany({}).success).toBe(true);
    const regime = withCompany({ taxRegime: 'RF03' });
    expect(regime.error?.issues[0].path).toEqual(['company', 'taxRegime']);
    const zip = withCompany({ registeredOffice: { ...acme.company.registeredOffice, zip: '2009' } });
    expect(zip.error?.issues[0].path).toEqual(['company', 'registeredOffice', 'zip']);
  });

  it('names what an XML cannot do without', () => {
    expect(missingCompanyFields(acme.company)).toEqual([]);
    expect(missingCompanyFields({ legalName: 'Acme' })).toEqual([
      'company.vatNumber',
      'company.registeredOffice',
      'company.taxRegime',
    ]);
  });
});
