import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { startTestServer, type TestServer } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- records come back as loose JSON */
type Row = Record<string, any>;
type Auth = { authorization: string };

let server: TestServer;
let admin: Auth;
let globex: Auth;
let tecnico: Auth;
let customer: Row;
let splitCustomer: Row;
let seriesId: string;

const Y = new Date().getFullYear();
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

async function send(method: 'GET' | 'POST', url: string, auth: Auth, body?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function create(url: string, body: unknown): Promise<Row> {
  const res = await send('POST', url, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function pdfOf(url: string, auth: Auth = admin) {
  const res = await send('GET', url, auth);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  // Table cells may wrap: compare with the whitespace folded.
  return { res, text: text.replace(/\s+/g, ' ') };
}

const line = (extra: Row = {}) => ({
  description: 'Manutenzione split',
  quantity: '1',
  unitPrice: '100',
  vatRate: '22',
  ...extra,
});

/** Issues an invoice; where the issue hook gives no number yet, the test numbers it as issuing would. */
async function issued(invoice: Row, number: string): Promise<Row> {
  const res = await send('POST', `/sales/api/invoices/${invoice.id}/actions/issue`, admin, {
    version: invoice.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  // The number the test prints is fixed, whatever the series gave (each test reads its own invoice back).
  await withTenant(server.db.kysely, 'acme', (trx) =>
    (trx as any).updateTable('sales.invoices').set({ fullNumber: number }).where('id', '=', invoice.id).execute(),
  );
  return (await send('GET', `/sales/api/invoices/${invoice.id}`, admin)).json().data;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
  tecnico = await server.auth('acme', 'tecnico');
  const base = {
    kind: 'company',
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: 'M5UXCR1',
    vatRegime: 'standard',
    billingAddress: milan,
  };
  customer = await create('/sales/api/customers', { ...base, legalName: 'Supermercati Alfa S.p.A.' });
  splitCustomer = await create('/sales/api/customers', {
    ...base,
    legalName: 'Comune di Pioltello',
    kind: 'publicAdministration',
    sdiCode: 'UFABCD',
    vatRegime: 'splitPayment',
  });
  const series = await send(
    'GET',
    '/sales/api/numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice',
    admin,
  );
  seriesId = series.json().data[0].id;
});
afterAll(() => server?.close());

const invoice = (extra: Row = {}) => ({
  documentType: 'TD01',
  paymentConditions: 'TP02',
  seriesId,
  date: `${Y}-03-02`,
  customerId: customer.id,
  lines: [line()],
  ...extra,
});

describe('the PDF of an invoice', () => {
  it('prints the seller, the customer, each VAT rate, the totals, the due dates with the IBAN and the bank', async () => {
    const draft = await create(
      '/sales/api/invoices',
      invoice({
        lines: [
          line({ code: 'MAN-01', quantity: '2', unitPrice: '150', discountPercent: '10' }),
          line({ description: 'Filtro a carboni attivi', quantity: '3', uom: 'pz', unitPrice: '20', vatRate: '10' }),
        ],
        paymentMethod: 'MP05',
        dueDates: [{ dueDate: `${Y}-04-30`, amount: '395.40', method: 'MP05' }],
        notes: 'Manutenzione programmata marzo',
      }),
    );
    expect(draft).toMatchObject({ totalTaxable: '330.00', totalVat: '65.40' });
    const { res, text } = await pdfOf(`/sales/api/invoices/${draft.id}/pdf`);
    expect(res.headers['content-disposition']).toContain('bozza.pdf');
    expect(text).toContain('BOZZA');
    expect(text).toContain('Fattura Bozza');

    const doc = await issued({ ...draft, version: draft.version }, `FT/${Y}/00042`);
    const printed = await pdfOf(`/sales/api/invoices/${doc.id}/pdf`);
    expect(printed.res.headers['content-disposition']).toContain(`FT-${Y}-00042.pdf`);
    const t = printed.text;
    expect(t).toContain(`Fattura FT/${Y}/00042`);
    expect(t).not.toContain('BOZZA');
    expect(t).toContain('02/03/' + Y);
    // Seller, with REA, share capital and PEC from the tenant config; customer with P.IVA and SDI code.
    expect(t).toContain('Acme Clima S.r.l.');
    expect(t).toContain('REA MI-1234567');
    expect(t).toContain('Capitale sociale € 50.000,00 i.v.');
    expect(t).toContain('Supermercati Alfa S.p.A.');
    expect(t).toContain('Via Roma 10, 20121 Milano (MI)');
    expect(t).toContain('P. IVA 00743110157');
    expect(t).toContain('Codice destinatario M5UXCR1');
    // Lines, one VAT summary row per rate (22% on 270.00, 10% on 60.00), totals (no stamp duty on taxed lines).
    expect(t).toContain('MAN-01');
    expect(t).toContain('3 pz');
    expect(t).toContain('10%');
    expect(t).toMatch(/22% € 270,00 € 59,40/);
    expect(t).toMatch(/10% € 60,00 € 6,00/);
    expect(t).toContain('Totale imponibile € 330,00');
    expect(t).toContain('Totale IVA € 65,40');
    expect(t).not.toContain('Imposta di bollo');
    expect(t).toContain('Totale documento € 395,40');
    // The due date pays into the company's account.
    expect(t).toContain(`30/04/${Y}`);
    expect(t).toContain('IBAN IT60X0542811101000000123456');
    expect(t).toContain('BIC BPMIITMMXXX');
    expect(t).toContain('Manutenzione programmata marzo');
  });

  it('prints a reverse-charge line with its natura and the normative wording', async () => {
    const doc = await create(
      '/sales/api/invoices',
      invoice({
        lines: [line({ description: 'Installazione impianto', vatRate: '0', vatNature: 'N6.7', unitPrice: '1000' })],
      }),
    );
    const { text } = await pdfOf(`/sales/api/invoices/${doc.id}/pdf`);
    expect(text).toContain('N6.7');
    expect(text).toContain('Inversione contabile art. 17 c.6 lett. a-ter DPR 633/72');
    expect(text).toMatch(/N6\.7 Inversione contabile .* € 1\.000,00 € 0,00/);
  });

  it('prints split payment wording and the net to pay for a public administration', async () => {
    const doc = await create('/sales/api/invoices', invoice({ customerId: splitCustomer.id }));
    const { text } = await pdfOf(`/sales/api/invoices/${doc.id}/pdf`);
    expect(text).toContain('Comune di Pioltello');
    expect(text).toContain('Scissione dei pagamenti – art. 17-ter DPR 633/72');
    expect(text).toContain('Netto a pagare € 100,00');
  });

  it('prints a credit note with the invoice it corrects', async () => {
    const original = await issued(await create('/sales/api/invoices', invoice()), `FT/${Y}/00043`);
    const note = await create(
      '/sales/api/invoices',
      invoice({ documentType: 'TD04', relatedInvoiceIds: [original.id], date: `${Y}-03-05` }),
    );
    const { text } = await pdfOf(`/sales/api/invoices/${note.id}/pdf`);
    expect(text).toContain('Nota di credito');
    expect(text).toContain(`Nota di credito relativa alla fattura n. FT/${Y}/00043 del 02/03/${Y}`);
    expect(text).toContain('TD04');
  });

  it('prints a deferred invoice (TD24) with its DDT references and period', async () => {
    const doc = await create(
      '/sales/api/invoices',
      invoice({
        documentType: 'TD24',
        periodStart: `${Y}-02-01`,
        periodEnd: `${Y}-02-28`,
        ddtRefs: [
          { ddtNumber: 'DDT-118', ddtDate: `${Y}-02-10` },
          { ddtNumber: 'DDT-131', ddtDate: `${Y}-02-20` },
        ],
      }),
    );
    const { text } = await pdfOf(`/sales/api/invoices/${doc.id}/pdf`);
    expect(text).toContain('Fattura differita');
    expect(text).toContain('art. 21 c.4 DPR 633/72');
    expect(text).toContain(`DDT n. DDT-118 del 10/02/${Y}`);
    expect(text).toContain(`DDT n. DDT-131 del 20/02/${Y}`);
    expect(text).toContain(`dal 01/02/${Y} al 28/02/${Y}`);
  });

  it("is another tenant's 404, a bad id's 4xx, and not for a technician", async () => {
    const doc = await create('/sales/api/invoices', invoice());
    expect((await send('GET', `/sales/api/invoices/${doc.id}/pdf`, globex)).statusCode).toBe(404);
    const bad = await send('GET', '/sales/api/invoices/not-an-id/pdf', admin);
    expect([400, 404]).toContain(bad.statusCode);
    expect([403, 404]).toContain((await send('GET', `/sales/api/invoices/${doc.id}/pdf`, tecnico)).statusCode);
    expect((await send('GET', `/sales/api/invoices/${doc.id}/pdf`, {} as Auth)).statusCode).toBe(401);
  });
});

describe('the PDF of a quote and of a proforma', () => {
  it('prints a quote with its number, validity, terms and the acceptance box', async () => {
    const quote = await create('/sales/api/quotes', {
      date: `${Y}-03-02`,
      validUntil: `${Y}-04-01`,
      customerId: customer.id,
      subject: 'Sostituzione split sala server',
      lines: [line(), line({ vatRate: '10', unitPrice: '50' })],
      termsAndConditions: 'Prezzi IVA esclusa. Garanzia 24 mesi.',
    });
    const { res, text } = await pdfOf(`/sales/api/quotes/${quote.id}/pdf`);
    expect(res.headers['content-disposition']).toContain(`${String(quote.number).replace(/\//g, '-')}.pdf`);
    expect(text).toContain(`Preventivo ${String(quote.number)}`);
    expect(text).toContain('Supermercati Alfa S.p.A.');
    expect(text).toContain('Sostituzione split sala server');
    expect(text).toContain(`Offerta valida fino al 01/04/${Y}`);
    expect(text).toMatch(/22% € 100,00 € 22,00/);
    expect(text).toMatch(/10% € 50,00 € 5,00/);
    expect(text).toContain('Totale documento € 177,00');
    expect(text).toContain('Garanzia 24 mesi');
    expect(text).toContain('Per accettazione');
    expect(text).toContain('Timbro e firma del cliente');
  });

  it('prints a proforma under the banner "not valid for tax purposes"', async () => {
    const proforma = await create('/sales/api/proformas', {
      date: `${Y}-03-02`,
      customerId: customer.id,
      lines: [line()],
      dueDate: `${Y}-03-31`,
      paymentMethod: 'MP05',
    });
    const { text } = await pdfOf(`/sales/api/proformas/${proforma.id}/pdf`);
    expect(text).toContain('DOCUMENTO NON VALIDO AI FINI FISCALI');
    expect(text).toContain(`Fattura proforma ${String(proforma.number)}`);
    expect(text).toContain('Totale documento € 122,00');
    expect(text).toContain('IBAN IT60X0542811101000000123456');
  });
});

describe('the PDF of an incoming DDT', () => {
  it('prints the delivery note as received', async () => {
    const supplier = await create('/sales/api/suppliers', {
      legalName: 'Frigoricambi S.r.l.',
      vatNumber: '00743110157',
      address: milan,
    });
    const warehouse = await create('/warehouse/api/warehouses', {
      code: 'MAG-PDF',
      name: 'Magazzino centrale',
      type: 'main',
    });
    const ddt = await create('/warehouse/api/incoming-ddts', {
      supplierId: supplier.id,
      number: 'FR-7781',
      date: `${Y - 1}-12-15`,
      destinationWarehouseId: warehouse.id,
      transportReason: 'purchase',
      transportBy: 'carrier',
      carrierName: 'Trasporti Veloci S.r.l.',
      carrierVatNumber: '00743110157',
      packagesCount: 3,
      grossWeightKg: '42.5',
      lines: [{ description: 'Compressore rotativo 2 HP', quantity: '2', uom: 'pz', lotNumber: 'L-2291' }],
    });
    const { res, text } = await pdfOf(`/warehouse/api/incoming-ddts/${ddt.id}/pdf`);
    expect(res.headers['content-disposition']).toContain('.pdf');
    expect(text).toContain('DDT in entrata FR-7781');
    expect(text).toContain('Frigoricambi S.r.l.');
    expect(text).toContain(`15/12/${Y - 1}`);
    expect(text).toContain('Compressore rotativo 2 HP');
    expect(text).toContain('2 pz');
    expect(text).toContain('L-2291');
    expect(text).toContain('Trasporti Veloci S.r.l.');
    expect(text).toContain('42,5');
    expect((await send('GET', `/warehouse/api/incoming-ddts/${ddt.id}/pdf`, globex)).statusCode).toBe(404);
  });
});
