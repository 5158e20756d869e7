import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAllAgainstSchema } from '../../server/services/sales/fatturapa/validate';
import { startTestServer, type TestServer } from './helpers';
import { type Doc, invoiceApi, line, pathsOf, today } from './sales-invoices-fixture';
import { all, expectTotalsAddUp, parseFattura, type Tree } from './sales-fatturapa-fixture';

/** The tax cases of an invoice through HTTP: totals, due dates, XML and PDF (docs/domain.md#tax-cases). */
let server: TestServer;
let configDir: string;
let api: ReturnType<typeof invoiceApi>;
let seriesId: string;
const customers: Record<string, Doc> = {};
const downloaded = new Map<string, string>();

const declaration = {
  vatRegime: 'declarationOfIntent',
  declarationProtocolNumber: '26011012345678901-000001',
  declarationDate: '2026-01-10',
  declarationFromDate: '2026-01-01',
  declarationToDate: '2026-12-31',
  declarationAmountCeiling: '150000.00',
};

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'climatica-tax-'));
  await cp(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  server = await startTestServer({ app: { configDir } });
  api = invoiceApi(server, await server.auth('acme', 'admin'));
  seriesId = (await api.series('invoice')).id;
  customers.standard = await api.customer('Rossi Impianti S.r.l.');
  customers.split = await api.customer('Ospedale Privato S.p.A.', { sdiCode: 'M5UXCR1', vatRegime: 'splitPayment' });
  customers.reverse = await api.customer('Edil Costruzioni S.r.l.', { vatRegime: 'reverseChargeN67' });
  customers.condominium = await api.customer('Condominio Parco dei Tigli', { withholdingAgent: true });
  customers.exporter = await api.customer('Export Meccanica S.p.A.', declaration);
});
afterAll(async () => {
  await server?.close();
  await rm(configDir, { recursive: true, force: true });
});

const issuedInvoice = async (customer: Doc, extra: Record<string, unknown> = {}) =>
  api.run(await api.draft(customer.id, seriesId, extra), 'issue');

async function xmlOf(invoice: Doc): Promise<Tree> {
  const res = await api.call('GET', `invoices/${invoice.id}/fatturapa`);
  expect(res.statusCode, res.body).toBe(200);
  downloaded.set(/filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '', res.body);
  return parseFattura(res.body);
}

async function pdfOf(invoice: Doc): Promise<string> {
  const res = await api.call('GET', `invoices/${invoice.id}/pdf`);
  expect(res.statusCode, res.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const generalData = (doc: Tree) => doc.FatturaElettronicaBody.DatiGenerali.DatiGeneraliDocumento as Tree;
const summary = (doc: Tree) => all(doc.FatturaElettronicaBody.DatiBeniServizi.DatiRiepilogo);
const linesOf = (doc: Tree) => all(doc.FatturaElettronicaBody.DatiBeniServizi.DettaglioLinee);
const payments = (doc: Tree) => all(doc.FatturaElettronicaBody.DatiPagamento?.DettaglioPagamento);
const exempt = (unitPrice: string, vatNature = 'N4') =>
  line({ description: 'Corso', unitPrice, vatRate: '0', vatNature });

describe('split payment (art. 17-ter DPR 633/72)', () => {
  it('keeps the gross total, makes the customer pay the net, and says so on XML and PDF', async () => {
    const draft = await api.draft(customers.split.id, seriesId, { lines: [line({ unitPrice: '1234.56' })] });
    expect(draft).toMatchObject({ splitPayment: true, totalVat: '271.60', totalDocument: '1506.16' });
    expect(draft.amountPayable).toBe('1234.56');
    const invoice = await api.run(draft, 'issue');
    expect(invoice.dueDates).toEqual([expect.objectContaining({ amount: '1234.56' })]);
    const doc = await xmlOf(invoice);
    expect(generalData(doc).ImportoTotaleDocumento).toBe('1506.16');
    expect(summary(doc)[0]).toMatchObject({ Imposta: '271.60', EsigibilitaIVA: 'S' });
    expect(payments(doc).map((p) => p.ImportoPagamento)).toEqual(['1234.56']);
    expectTotalsAddUp(doc);
    const text = await pdfOf(invoice);
    expect(text).toContain('Scissione dei pagamenti – art. 17-ter DPR 633/72');
    expect(text).toContain('Totale documento € 1.506,16');
    expect(text).toContain('Netto a pagare € 1.234,56');
  });

  it('follows the customer on a draft: a new customer of another regime clears it', async () => {
    const draft = await api.draft(customers.split.id, seriesId);
    const res = await api.call('POST', `invoices/${draft.id}`, { version: draft.version, customerId: customers.standard.id }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ splitPayment: false, totalDocument: '122.00', amountPayable: '122.00' });
  });

  it('refuses instalments that add up to the gross total, naming the net to pay', async () => {
    const res = await api.call('POST', 'invoices', {
      documentType: 'TD01', customerId: customers.split.id, seriesId, date: '2026-01-15', paymentConditions: 'TP02',
      lines: [line()], dueDates: [{ dueDate: '2026-02-15', amount: '122.00', method: 'MP05' }],
    }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(400);
    expect(pathsOf(res.body)).toEqual(['dueDates']);
    expect(res.body).toContain('100.00');
  });

  it('is taken again on issue: net due dates for a customer now in split payment, 409 on gross ones', async () => {
    const customer = await api.customer('Azienda Quotata S.p.A.');
    const draft = await api.draft(customer.id, seriesId);
    const gross = [{ dueDate: today(), amount: '122.00', method: 'MP05' }];
    const written = await api.draft(customer.id, seriesId, { dueDates: gross });
    const stored = await api.read(`customers/${customer.id}`);
    const moved = await api.call('POST', `customers/${customer.id}`, {
      version: stored.version,
      vatRegime: 'splitPayment',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const invoice = await api.run(draft, 'issue');
    expect(invoice).toMatchObject({ splitPayment: true, totalDocument: '122.00', amountPayable: '100.00' });
    expect(invoice.dueDates).toEqual([expect.objectContaining({ amount: '100.00' })]);
    const refused = await api.action(written, 'issue');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(pathsOf(refused.body)).toEqual(['dueDates']);
  });
});

describe('reverse charge N6.7 (art. 17 c. 6 lett. a-ter DPR 633/72)', () => {
  it('has no VAT and no stamp duty, whatever the amount, and prints the wording', async () => {
    const invoice = await issuedInvoice(customers.reverse, {
      lines: [line({ vatRate: '0', vatNature: 'N6.7', unitPrice: '800' })],
    });
    expect(invoice).toMatchObject({ totalVat: '0.00', stampDuty: null, totalDocument: '800.00', amountPayable: '800.00' }); // prettier-ignore
    const doc = await xmlOf(invoice);
    expect(generalData(doc).DatiBollo).toBeUndefined();
    expect(summary(doc)[0]).toMatchObject({ Natura: 'N6.7', Imposta: '0.00' });
    expectTotalsAddUp(doc);
    const text = await pdfOf(invoice);
    expect(text).toContain('Inversione contabile – art. 17 c. 6 lett. a-ter DPR 633/72');
    expect(text).not.toContain('Imposta di bollo');
  });
});

describe('the virtual stamp duty (bollo)', () => {
  it('is due above 77.47 euro of lines without VAT: 77.47 none, 77.48 two euro', async () => {
    const at = await api.draft(customers.standard.id, seriesId, { lines: [line(), exempt('77.47')] });
    expect(at).toMatchObject({ stampDuty: null, totalDocument: '199.47' });
    const above = await api.draft(customers.standard.id, seriesId, { lines: [line(), exempt('77.48')] });
    expect(above).toMatchObject({ stampDuty: '2.00', stampDutyCharged: true, totalDocument: '201.48' });
    // Taxed lines and reverse-charge (N6.x) lines never count.
    const taxed = await api.draft(customers.standard.id, seriesId, {
      lines: [line({ unitPrice: '500' }), exempt('600', 'N6.7'), exempt('77', 'N1')],
    });
    expect(taxed.stampDuty).toBeNull();
    const noneXml = await xmlOf(await api.run(at, 'issue'));
    expect(generalData(noneXml).DatiBollo).toBeUndefined();
    const dueXml = await xmlOf(await api.run(above, 'issue'));
    expect(generalData(dueXml).DatiBollo).toEqual({ BolloVirtuale: 'SI', ImportoBollo: '2.00' });
    expect(generalData(dueXml).ImportoTotaleDocumento).toBe('201.48');
    expectTotalsAddUp(dueXml);
  });

  it('is computed by the hooks: never typed, recomputed when the lines change', async () => {
    const typed = await api.call('POST', 'invoices', {
      documentType: 'TD01', customerId: customers.standard.id, seriesId, date: '2026-01-15', paymentConditions: 'TP02',
      lines: [line()], stampDuty: '2.00',
    }); // prettier-ignore
    expect(typed.statusCode, typed.body).toBe(400);
    expect(pathsOf(typed.body)).toEqual(['stampDuty']);
    const draft = await api.draft(customers.standard.id, seriesId);
    const res = await api.call('POST', `invoices/${draft.id}`, { version: draft.version, lines: [line(), exempt('100')] }); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ stampDuty: '2.00', totalDocument: '224.00' });
  });

  it('not charged to the customer: out of the total, still in DatiBollo, worded on the PDF', async () => {
    const invoice = await issuedInvoice(customers.standard, {
      lines: [line(), exempt('100')],
      stampDutyCharged: false,
    });
    expect(invoice).toMatchObject({ stampDuty: '2.00', stampDutyCharged: false, totalDocument: '222.00' });
    expect(invoice.dueDates).toEqual([expect.objectContaining({ amount: '222.00' })]);
    const doc = await xmlOf(invoice);
    expect(generalData(doc).DatiBollo).toEqual({ BolloVirtuale: 'SI', ImportoBollo: '2.00' });
    expect(generalData(doc).ImportoTotaleDocumento).toBe('222.00');
    expectTotalsAddUp(doc, { stampDutyCharged: false });
    const text = await pdfOf(invoice);
    expect(text).toContain('Imposta di bollo assolta in modo virtuale ai sensi del D.M. 17/06/2014, a carico del cedente'); // prettier-ignore
    expect(text).toContain('Totale documento € 222,00');
  });
});

describe("the withholding tax (ritenuta d'acconto)", () => {
  it('a condominium withholds 4 %: DatiRitenuta RT02 W, Ritenuta SI on the lines, the net to pay', async () => {
    const draft = await api.draft(customers.condominium.id, seriesId, {
      lines: [line({ unitPrice: '6800', vatRate: '10' }), line({ unitPrice: '333.33', vatRate: '10' })],
    });
    expect(draft).toMatchObject({ withholdingRate: '4.00', withholdingReason: 'W', totalTaxable: '7133.33' });
    expect(draft).toMatchObject({ totalVat: '713.33', totalDocument: '7846.66', withholdingAmount: '285.33' });
    expect(draft.amountPayable).toBe('7561.33');
    const invoice = await api.run(draft, 'issue');
    const doc = await xmlOf(invoice);
    expect(generalData(doc).DatiRitenuta).toEqual({
      TipoRitenuta: 'RT02',
      ImportoRitenuta: '285.33',
      AliquotaRitenuta: '4.00',
      CausalePagamento: 'W',
    });
    expect(linesOf(doc).map((l) => l.Ritenuta)).toEqual(['SI', 'SI']);
    expect(generalData(doc).ImportoTotaleDocumento).toBe('7846.66');
    expect(payments(doc).map((p) => p.ImportoPagamento)).toEqual(['7561.33']);
    expectTotalsAddUp(doc);
    const text = await pdfOf(invoice);
    expect(text).toContain("Ritenuta d'acconto 4% - € 285,33");
    expect(text).toContain('Netto a pagare € 7.561,33');
    expect(text).toContain("operata dal condominio sostituto d'imposta – art. 25-ter DPR 600/73");
  });

  it('is editable on the draft (another rate and reason), needs both, and none for other customers', async () => {
    const draft = await api.draft(customers.condominium.id, seriesId);
    const half = await api.call('POST', `invoices/${draft.id}`, { version: draft.version, withholdingReason: null });
    expect(half.statusCode, half.body).toBe(400);
    expect(pathsOf(half.body)).toEqual(['withholdingReason']);
    const res = await api.call('POST', `invoices/${draft.id}`, {
      version: draft.version,
      withholdingRate: '20',
      withholdingReason: 'A',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ withholdingAmount: '20.00', amountPayable: '102.00' });
    const other = await api.draft(customers.standard.id, seriesId);
    expect(other).toMatchObject({ withholdingRate: null, withholdingReason: null, withholdingAmount: '0.00' });
  });

  it('a credit note of a withheld invoice withholds as it did', async () => {
    const invoice = await issuedInvoice(customers.condominium);
    const withNote = await api.run(invoice, 'creditNote');
    const note = await api.read(`invoices/${(withNote.creditNoteIds as string[])[0]}`);
    expect(note).toMatchObject({ documentType: 'TD04', withholdingRate: '4.00', withholdingAmount: '4.00' });
  });
});

describe('the declaration of intent (art. 8 c. 1 lett. c DPR 633/72)', () => {
  it('cites the protocol on each N3.5 line and on the PDF, as it was when the invoice was written', async () => {
    const invoice = await issuedInvoice(customers.exporter, {
      lines: [line({ vatRate: '0', vatNature: 'N3.5', unitPrice: '320' }), line({ vatRate: '22' })],
    });
    expect(invoice).toMatchObject({
      declarationProtocolNumber: declaration.declarationProtocolNumber,
      declarationDate: '2026-01-10',
      stampDuty: '2.00',
    });
    // The customer's next declaration does not rewrite an invoice already written.
    const customer = await api.read(`customers/${customers.exporter.id}`);
    const changed = await api.call('POST', `customers/${customer.id}`, {
      version: customer.version,
      declarationProtocolNumber: '26061012345678901-000002',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const doc = await xmlOf(invoice);
    const [intent, taxed] = linesOf(doc);
    expect(intent.AltriDatiGestionali).toEqual({
      TipoDato: 'INTENTO',
      RiferimentoTesto: declaration.declarationProtocolNumber,
      RiferimentoData: '2026-01-10',
    });
    expect(taxed.AltriDatiGestionali).toBeUndefined();
    expectTotalsAddUp(doc);
    const text = await pdfOf(invoice);
    expect(text).toContain(
      `Operazione non imponibile art. 8 c. 1 lett. c) DPR 633/72 – dichiarazione d'intento prot. n. ${declaration.declarationProtocolNumber} del 10/01/2026`,
    );
  });
});

describe('exempt and out-of-scope lines', () => {
  it('carry their natura and law in the XML and the wording per natura on the PDF', async () => {
    const invoice = await issuedInvoice(customers.standard, {
      lines: [exempt('350', 'N4'), exempt('40', 'N2.2'), exempt('14', 'N1')],
    });
    const doc = await xmlOf(invoice);
    expect(summary(doc).map((row) => [row.Natura, row.RiferimentoNormativo])).toEqual([
      ['N4', 'Art. 10 DPR 633/72'],
      ['N2.2', 'Art. 1 c. 54-89 L. 190/2014'],
      ['N1', 'Art. 15 DPR 633/72'],
    ]);
    expectTotalsAddUp(doc);
    const text = await pdfOf(invoice);
    expect(text).toContain('Operazione esente art. 10 DPR 633/72');
    expect(text).toContain('Escluso art. 15 DPR 633/72');
    expect(text).toContain('Imposta di bollo assolta in modo virtuale');
  });
});

describe("the company's stamp duty choice", () => {
  it('company.stampDutyCharged false: new invoices do not charge it unless the office says so', async () => {
    const file = join(configDir, 'tenants', 'acme.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    config.company.stampDutyCharged = false;
    await writeFile(file, JSON.stringify(config));
    const reload = await server.app.inject({
      method: 'POST',
      url: '/config/api/reload',
      headers: await server.auth('acme', 'admin'),
    });
    expect(reload.statusCode, reload.body).toBe(200);
    const draft = await api.draft(customers.standard.id, seriesId, { lines: [exempt('100')] });
    expect(draft).toMatchObject({ stampDuty: '2.00', stampDutyCharged: false, totalDocument: '100.00' });
    const charged = await api.draft(customers.standard.id, seriesId, {
      lines: [exempt('100')],
      stampDutyCharged: true,
    });
    expect(charged).toMatchObject({ stampDutyCharged: true, totalDocument: '102.00' });
  });
});

describe('every XML of the tax cases', () => {
  it('is valid against the official XSD', async () => {
    expect(downloaded.size).toBeGreaterThanOrEqual(8);
    const checks = await checkAllAgainstSchema([...downloaded].map(([fileName, xml]) => ({ fileName, xml })));
    for (const [fileName, check] of checks) expect(check.errors, fileName).toEqual([]);
  }, 60_000);
});
