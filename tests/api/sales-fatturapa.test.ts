import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAllAgainstSchema } from '../../server/services/sales/fatturapa/validate';
import { startTestServer, type TestServer } from './helpers';
import { type Doc, invoiceApi, line, pathsOf, today } from './sales-invoices-fixture';
import { all, expectTotalsAddUp, parseFattura, type Tree } from './sales-fatturapa-fixture';

let server: TestServer;
/** A copy of the shipped configs: a test takes the sender's data out of acme's and reloads it. */
let configDir: string;
let api: ReturnType<typeof invoiceApi>;
let seriesId: string;
const customers: Record<string, Doc> = {};
/** Every XML the tests download, checked against the XSD in one xmllint run at the end. */
const downloaded = new Map<string, string>();

const FILE_NAME = /^IT01234567897_[0-9A-Z]{5}\.xml$/;

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'climatica-fatturapa-'));
  await cp(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  server = await startTestServer({ app: { configDir } });
  api = invoiceApi(server, await server.auth('acme', 'admin'));
  seriesId = (await api.series('invoice')).id;
  customers.standard = await api.customer('Rossi Impianti S.r.l.', { pecEmail: 'rossi@pec.example.it' });
  customers.split = await api.customer('Ospedale Privato S.p.A.', { sdiCode: 'M5UXCR1', vatRegime: 'splitPayment' });
  customers.reverse = await api.customer('Edil Costruzioni S.r.l.', { vatRegime: 'reverseChargeN67' });
  customers.pa = await api.customer('Comune di Pioltello', {
    kind: 'publicAdministration',
    sdiCode: 'UFABCD',
    vatRegime: 'splitPayment',
    cig: 'Z1A2B3C4D5',
  });
});
afterAll(async () => {
  await server?.close();
  await rm(configDir, { recursive: true, force: true });
});

/** A draft of `customer` issued through the API. */
async function issuedInvoice(customer: Doc, extra: Record<string, unknown> = {}): Promise<Doc> {
  const draft = await api.draft(customer.id, seriesId, extra);
  return api.run(draft, 'issue');
}

/** GETs an invoice's XML: 200, the headers of a download, the file name; kept for the XSD check. */
async function xmlOf(invoice: Doc): Promise<{ doc: Tree; fileName: string; xml: string }> {
  const res = await api.call('GET', `invoices/${invoice.id}/fatturapa`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expect(res.headers['cache-control']).toBe('no-store');
  const fileName = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
  expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  expect(fileName).toMatch(FILE_NAME);
  downloaded.set(fileName, res.body);
  return { doc: parseFattura(res.body), fileName, xml: res.body };
}

const header = (doc: Tree) => doc.FatturaElettronicaHeader as Tree;
const general = (doc: Tree) => doc.FatturaElettronicaBody.DatiGenerali as Tree;
const summary = (doc: Tree) => all(doc.FatturaElettronicaBody.DatiBeniServizi.DatiRiepilogo);
const lines = (doc: Tree) => all(doc.FatturaElettronicaBody.DatiBeniServizi.DettaglioLinee);

describe('the FatturaPA XML of an issued invoice', () => {
  it('TD01 to a company: FPR12, sender from the company config, discount, two rates, PEC, payment', async () => {
    const invoice = await issuedInvoice(customers.standard, {
      lines: [
        line({ code: 'MAN-01', description: 'Manutenzione – split “Daikin”', quantity: '3', unitPrice: '33.33' }),
        line({ quantity: '2', unitPrice: '150', discountPercent: '12.5', uom: 'h' }),
        line({ description: 'Filtro', quantity: '1.5', unitPrice: '19.99', vatRate: '10' }),
      ],
      notes: 'Manutenzione programmata',
    });
    const { doc, fileName } = await xmlOf(invoice);
    expect(doc['@versione']).toBe('FPR12');
    const transmission = header(doc).DatiTrasmissione as Tree;
    expect(transmission).toMatchObject({
      IdTrasmittente: { IdPaese: 'IT', IdCodice: '01234567897' },
      FormatoTrasmissione: 'FPR12',
      CodiceDestinatario: '0000000',
      PECDestinatario: 'rossi@pec.example.it',
    });
    expect(fileName).toBe(`IT01234567897_${transmission.ProgressivoInvio as string}.xml`);
    expect(header(doc).CedentePrestatore).toMatchObject({
      DatiAnagrafici: { RegimeFiscale: 'RF01', Anagrafica: { Denominazione: 'Acme Clima S.r.l.' } },
      Sede: { Indirizzo: 'Via Industria', CAP: '20090', Comune: 'Segrate', Provincia: 'MI', Nazione: 'IT' },
      IscrizioneREA: { Ufficio: 'MI', NumeroREA: '1234567', StatoLiquidazione: 'LN' },
    });
    expect(header(doc).CessionarioCommittente.DatiAnagrafici).toMatchObject({
      IdFiscaleIVA: { IdPaese: 'IT', IdCodice: '00743110157' },
      Anagrafica: { Denominazione: 'Rossi Impianti S.r.l.' },
    });
    expect(general(doc).DatiGeneraliDocumento).toMatchObject({
      TipoDocumento: 'TD01',
      Divisa: 'EUR',
      Data: invoice.date,
      Numero: invoice.fullNumber,
      ImportoTotaleDocumento: invoice.totalDocument,
      Causale: 'Manutenzione programmata',
    });
    // Typographic characters become their Latin-1 form (the schema's text types allow no other).
    expect(lines(doc)[0]).toMatchObject({ Descrizione: 'Manutenzione - split "Daikin"', PrezzoTotale: '99.99' });
    expect(lines(doc)[1]).toMatchObject({
      ScontoMaggiorazione: { Tipo: 'SC', Percentuale: '12.50' },
      PrezzoTotale: '262.50',
      UnitaMisura: 'h',
    });
    expect(summary(doc).map((row) => [row.AliquotaIVA, row.EsigibilitaIVA])).toEqual([
      ['22.00', 'I'],
      ['10.00', 'I'],
    ]);
    const sums = summary(doc)
      .reduce((s, row) => s + Number(row.Imposta), 0)
      .toFixed(2);
    expect(sums).toBe(invoice.totalVat);
    const payment = doc.FatturaElettronicaBody.DatiPagamento as Tree;
    expect(payment.CondizioniPagamento).toBe('TP02');
    expect(all(payment.DettaglioPagamento)[0]).toMatchObject({
      ModalitaPagamento: 'MP05',
      ImportoPagamento: invoice.totalDocument,
      IBAN: 'IT60X0542811101000000123456',
    });
    expectTotalsAddUp(doc);
  });

  it('TD04 names the invoice it corrects in DatiFattureCollegate', async () => {
    const original = await issuedInvoice(customers.standard);
    const withNote = await api.run(original, 'creditNote');
    const note = await api.run(await api.read(`invoices/${(withNote.creditNoteIds as string[])[0]}`), 'issue');
    const { doc } = await xmlOf(note);
    expect(general(doc).DatiGeneraliDocumento.TipoDocumento).toBe('TD04');
    expect(all(general(doc).DatiFattureCollegate)).toEqual([{ IdDocumento: original.fullNumber, Data: original.date }]);
    expectTotalsAddUp(doc);
  });

  it('TD24 lists its DDT references in DatiDDT', async () => {
    const invoice = await issuedInvoice(customers.standard, {
      documentType: 'TD24',
      ddtRefs: [
        { ddtNumber: 'RAP/2026/00007', ddtDate: today() },
        { ddtNumber: 'DDT 12', ddtDate: today() },
      ],
    });
    const { doc } = await xmlOf(invoice);
    expect(general(doc).DatiGeneraliDocumento.TipoDocumento).toBe('TD24');
    expect(all(general(doc).DatiDDT)).toEqual([
      { NumeroDDT: 'RAP/2026/00007', DataDDT: today() },
      { NumeroDDT: 'DDT 12', DataDDT: today() },
    ]);
    expectTotalsAddUp(doc);
  });

  it('split payment: EsigibilitaIVA S on the taxed rows', async () => {
    const invoice = await issuedInvoice(customers.split, { lines: [line({ vatRate: '22', unitPrice: '1234.56' })] });
    const { doc } = await xmlOf(invoice);
    expect(summary(doc)).toEqual([
      { AliquotaIVA: '22.00', ImponibileImporto: '1234.56', Imposta: '271.60', EsigibilitaIVA: 'S' },
    ]);
    expectTotalsAddUp(doc);
  });

  it('reverse charge: zero rate with natura N6.7 and its law, no VAT', async () => {
    const invoice = await issuedInvoice(customers.reverse, {
      lines: [line({ vatRate: '0', vatNature: 'N6.7', unitPrice: '800' })],
    });
    const { doc } = await xmlOf(invoice);
    expect(lines(doc)[0]).toMatchObject({ AliquotaIVA: '0.00', Natura: 'N6.7' });
    expect(summary(doc)).toEqual([
      {
        AliquotaIVA: '0.00',
        Natura: 'N6.7',
        ImponibileImporto: '800.00',
        Imposta: '0.00',
        EsigibilitaIVA: 'I',
        RiferimentoNormativo: 'Art. 17 c.6 lett. a-ter) DPR 633/72',
      },
    ]);
    expectTotalsAddUp(doc);
  });

  it('an exempt line (N4) with the virtual stamp duty: DatiBollo, the duty in the total', async () => {
    const invoice = await issuedInvoice(customers.standard, {
      lines: [line({ unitPrice: '50' }), line({ description: 'Visita esente', vatRate: '0', vatNature: 'N4' })],
    });
    const { doc } = await xmlOf(invoice);
    expect(general(doc).DatiGeneraliDocumento.DatiBollo).toEqual({ BolloVirtuale: 'SI', ImportoBollo: '2.00' });
    expect(general(doc).DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('163.00');
    expect(summary(doc)[1]).toMatchObject({ Natura: 'N4', RiferimentoNormativo: 'Art. 10 DPR 633/72' });
    expectTotalsAddUp(doc);
  });

  it('a public administration with a CIG: FPA12, its six-character office code, DatiOrdineAcquisto', async () => {
    const invoice = await issuedInvoice(customers.pa, { orderRef: 'DET-2026-118', cup: 'J41B26000100005' });
    const { doc } = await xmlOf(invoice);
    expect(doc['@versione']).toBe('FPA12');
    expect(header(doc).DatiTrasmissione).toMatchObject({ FormatoTrasmissione: 'FPA12', CodiceDestinatario: 'UFABCD' });
    expect(header(doc).DatiTrasmissione.PECDestinatario).toBeUndefined();
    expect(general(doc).DatiOrdineAcquisto).toEqual({
      IdDocumento: 'DET-2026-118',
      CodiceCUP: 'J41B26000100005',
      CodiceCIG: 'Z1A2B3C4D5',
    });
    expect(summary(doc)[0].EsigibilitaIVA).toBe('S');
    expectTotalsAddUp(doc);
  });

  it('keeps its transmission: the same file name again, shown on the invoice', async () => {
    const invoice = await issuedInvoice(customers.standard);
    const first = await xmlOf(invoice);
    const again = await xmlOf(invoice);
    expect(again.fileName).toBe(first.fileName);
    const stored = await api.read(`invoices/${invoice.id}`);
    expect(stored).toMatchObject({ sdiFileName: first.fileName, version: invoice.version });
    expect(first.fileName).toBe(`IT01234567897_${stored.sdiProgressive as string}.xml`);
  });

  it('gives ten concurrent first downloads ten different progressives, and one invoice one', async () => {
    const invoices = await Promise.all(Array.from({ length: 10 }, () => issuedInvoice(customers.standard)));
    const names = await Promise.all(invoices.map(async (invoice) => (await xmlOf(invoice)).fileName));
    expect(new Set(names).size).toBe(10);
    const one = await issuedInvoice(customers.standard);
    const same = await Promise.all(Array.from({ length: 10 }, async () => (await xmlOf(one)).fileName));
    expect(new Set(same).size).toBe(1);
    expect(names).not.toContain(same[0]);
  });

  it('is valid against the official XSD, every one of them', async () => {
    expect(downloaded.size).toBeGreaterThanOrEqual(19);
    const checks = await checkAllAgainstSchema([...downloaded].map(([fileName, xml]) => ({ fileName, xml })));
    for (const [fileName, check] of checks) expect(check.errors, fileName).toEqual([]);
    expect([...checks.values()].every((c) => c.valid)).toBe(true);
  }, 60_000);
});

describe('who gets the XML of what', () => {
  it('refuses a draft and a cancelled invoice with 409 naming the status', async () => {
    const draft = await api.draft(customers.standard.id, seriesId);
    const res = await api.call('GET', `invoices/${draft.id}/fatturapa`);
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['status']);
    expect(res.json().detail).toContain('draft');
    const cancelled = await api.run(await api.draft(customers.standard.id, seriesId), 'cancel');
    const refused = await api.call('GET', `invoices/${cancelled.id}/fatturapa`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('cancelled');
  });

  it("answers 404 for another tenant's invoice and a malformed id, 403 to a technician, 401 without a token", async () => {
    const invoice = await issuedInvoice(customers.standard);
    const url = `/sales/api/invoices/${invoice.id}/fatturapa`;
    const as = async (headers: Record<string, string>, path = url) =>
      (await server.app.inject({ method: 'GET', url: path, headers })).statusCode;
    expect(await as(await server.auth('globex', 'admin'))).toBe(404);
    expect(await as(await server.auth('acme', 'admin'), '/sales/api/invoices/not-a-uuid/fatturapa')).toBe(404);
    expect(await as(await server.auth('acme', 'tecnico'))).toBe(403);
    expect(await as({})).toBe(401);
    // None of them gave the invoice a transmission.
    expect((await api.read(`invoices/${invoice.id}`)).sdiProgressive).toBeNull();
  });

  it("answers 409 naming company when the company config lacks the sender's office and tax regime", async () => {
    const invoice = await issuedInvoice(customers.standard);
    const file = join(configDir, 'tenants', 'acme.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    delete config.company.registeredOffice;
    delete config.company.taxRegime;
    await writeFile(file, JSON.stringify(config));
    const headers = await server.auth('acme', 'admin');
    const reload = await server.app.inject({ method: 'POST', url: '/config/api/reload', headers });
    expect(reload.statusCode, reload.body).toBe(200);
    const res = await api.call('GET', `invoices/${invoice.id}/fatturapa`);
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['company']);
    expect(res.json().detail).toContain('company.registeredOffice, company.taxRegime');
  });
});
