import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { customerBody, line, salesApi, Y, type Row } from './sales-quotes-fixture';

let server: TestServer;
let http: ReturnType<typeof salesApi>;
let customer: Row;
let paymentTerm: Row;
let invoiceSeries: Row;

beforeAll(async () => {
  server = await startTestServer();
  http = salesApi(server, await server.auth('acme', 'admin'));
  customer = await http.create(
    'customers',
    customerBody({ email: 'acquisti@bellavista.example', paymentMethod: 'MP05' }),
  );
  [paymentTerm] = await http.list('payment-terms');
  invoiceSeries = (
    await http.list('numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=invoice')
  ).sort((a, b) => String(a.code).localeCompare(String(b.code)))[0];
});
afterAll(() => server?.close());

/** Lines with every field a line has: numbers out of order, codes, units, discounts, an exempt line. */
const LINES = [
  line({ lineNo: 10, code: 'MAN-01', description: 'Manutenzione split', quantity: '2', uom: 'h', unitPrice: '45.50' }),
  line({
    lineNo: 20,
    code: 'FLT',
    description: 'Filtro',
    quantity: '3',
    uom: 'pz',
    unitPrice: '12.345',
    discountPercent: '15',
  }),
  line({ lineNo: 30, description: 'Smaltimento', quantity: '1', unitPrice: '20', vatRate: '0', vatNature: 'N4' }),
  line({
    lineNo: 40,
    description: 'Ricambi',
    quantity: '0.5',
    unitPrice: '99.99',
    vatRate: '10',
    discountPercent: '5.5',
  }),
];
const LINE_FIELDS = ['lineNo', 'productId', 'code', 'description', 'quantity', 'uom', 'unitPrice', 'discountPercent', 'vatRate', 'vatNature', 'lineTotal']; // prettier-ignore
const TOTALS = ['totalTaxable', 'totalVat', 'totalDocument'];

const pick = (row: Row, names: string[]) => Object.fromEntries(names.map((name) => [name, row[name] ?? null]));
/** The source's lines and totals are the target's, field by field. */
function expectSameMoney(target: Row, source: Row) {
  expect((target.lines as Row[]).map((l) => pick(l, LINE_FIELDS))).toEqual(
    (source.lines as Row[]).map((l) => pick(l, LINE_FIELDS)),
  );
  expect(pick(target, TOTALS)).toEqual(pick(source, TOTALS));
}

/** An accepted quote of the customer. */
async function acceptedQuote(): Promise<Row> {
  const q = await http.create('quotes', {
    date: `${Y}-01-02`,
    validUntil: `${Y + 1}-01-31`,
    customerId: customer.id,
    subject: 'Impianto sala riunioni',
    paymentTermId: paymentTerm.id,
    lines: LINES,
  });
  return http.done('quotes', await http.done('quotes', q, 'send'), 'accept', { acceptedBy: 'Sig. Rossi' });
}

const proformasOf = async (quote: Row) =>
  http.list(`proformas?filters[0][field]=sourceQuoteId&filters[0][operator]=eq&filters[0][value]=${String(quote.id)}`);
const invoicesOf = async (field: string, id: unknown) =>
  http.list(`invoices?filters[0][field]=${field}&filters[0][operator]=eq&filters[0][value]=${String(id)}`);

describe('conversions', () => {
  it('quote → proforma → invoice: every line and total carried exactly, linked both ways', async () => {
    const quote = await acceptedQuote();
    expect(quote.totalDocument).toBe('221.41');
    const converted = await http.done('quotes', quote, 'convertToProforma');
    expect(converted).toMatchObject({ status: 'converted', proformaId: expect.any(String) });
    expect(converted.convertedAt).toEqual(expect.any(String));

    const proforma = await http.get(`proformas/${String(converted.proformaId)}`);
    expect(proforma).toMatchObject({
      status: 'draft',
      customerId: customer.id,
      subject: 'Impianto sala riunioni',
      sourceQuoteId: quote.id,
      paymentMethod: 'MP05',
      number: expect.stringMatching(new RegExp(`^PF/${Y}/\\d{4}$`)),
    });
    expectSameMoney(proforma, quote);

    const issued = await http.done('proformas', proforma, 'send');
    const invoiced = await http.done('proformas', issued, 'convertToInvoice');
    expect(invoiced).toMatchObject({ status: 'invoiced', invoiceId: expect.any(String) });
    const invoice = await http.get(`invoices/${String(invoiced.invoiceId)}`);
    expect(invoice).toMatchObject({
      status: 'draft',
      documentType: 'TD01',
      customerId: customer.id,
      proformaId: proforma.id,
      quoteId: quote.id,
      paymentMethod: 'MP05',
      seriesId: invoiceSeries.id,
    });
    expectSameMoney(invoice, quote);
  });

  it('quote → invoice: a draft TD01 of the default series dated today, with the quote’s payment term', async () => {
    const quote = await acceptedQuote();
    const converted = await http.done('quotes', quote, 'convertToInvoice');
    expect(converted).toMatchObject({ status: 'converted', invoiceId: expect.any(String), proformaId: null });
    const invoice = await http.get(`invoices/${String(converted.invoiceId)}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(invoice).toMatchObject({
      status: 'draft',
      documentType: 'TD01',
      seriesId: invoiceSeries.id,
      date: today,
      quoteId: quote.id,
      paymentTermId: paymentTerm.id,
      proformaId: null,
    });
    expectSameMoney(invoice, quote);
    // A converted quote converts no more.
    expect((await http.act('quotes', converted, 'convertToProforma')).statusCode).toBe(409);
  });

  it('a double click converts once: the retry answers the converted quote, one document exists', async () => {
    const quote = await acceptedQuote();
    const [first, second] = await Promise.all([
      http.act('quotes', quote, 'convertToProforma'),
      http.act('quotes', quote, 'convertToProforma'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.proformaId).toBe(first.json().data.proformaId);
    // A retry later on, with the version the client had.
    const retry = await http.act('quotes', quote, 'convertToProforma');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ id: quote.id, proformaId: first.json().data.proformaId });
    expect(await proformasOf(quote)).toHaveLength(1);

    // The same for the invoice of a proforma.
    const proforma = await http.done(
      'proformas',
      await http.get(`proformas/${String(first.json().data.proformaId)}`),
      'send',
    );
    const [a, b] = await Promise.all([
      http.act('proformas', proforma, 'convertToInvoice'),
      http.act('proformas', proforma, 'convertToInvoice'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.invoiceId).toBe(a.json().data.invoiceId);
    expect(await invoicesOf('proformaId', proforma.id)).toHaveLength(1);
    // But an older version than the one just before the conversion is no retry.
    const stale = await http.act(
      'proformas',
      { ...proforma, version: Number(proforma.version) - 1 },
      'convertToInvoice',
    );
    expect(stale.statusCode).toBe(409);
  });

  it('converts only an accepted quote; another tenant’s quote is not found', async () => {
    const draft = await http.create('quotes', {
      date: `${Y}-01-02`,
      validUntil: `${Y + 1}-01-31`,
      customerId: customer.id,
      lines: LINES,
    });
    expect((await http.act('quotes', draft, 'convertToInvoice')).statusCode).toBe(409);
    const quote = await acceptedQuote();
    const globex = await server.auth('globex', 'admin');
    expect((await http.act('quotes', quote, 'convertToInvoice', {}, globex)).statusCode).toBe(404);
    expect(await invoicesOf('quoteId', quote.id)).toHaveLength(0);
  });
});
