import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources';
import { startTestServer, type TestServer } from './helpers';
import { type Doc, invoiceApi, line, today } from './sales-invoices-fixture';
import { salesApi, Y, type Row } from './sales-quotes-fixture';

/**
 * The generic lock (docs/architecture.md#locked-records): a definition's `editableWhile` makes the record
 * engine refuse updates and deletes of records past those states, while lifecycle actions and the
 * services' own writes still move them.
 */
let server: TestServer;
let invoicesApi: ReturnType<typeof invoiceApi>;
let http: ReturnType<typeof salesApi>;
let customer: Doc;
let series: Doc;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.auth('acme', 'admin');
  invoicesApi = invoiceApi(server, admin);
  http = salesApi(server, admin);
  customer = await invoicesApi.customer('Lucchetti S.r.l.', { email: 'ufficio@lucchetti.example' });
  series = await invoicesApi.series('invoice');
});
afterAll(() => server?.close());

type Problem = { errors?: { path: string; key: string }[] };
const problemOf = (body: string) => (JSON.parse(body) as Problem).errors ?? [];
const messageOf = (name: string) => resources.find((def) => def.name === name)!.editableWhile!.message;

describe('a record its definition locks', () => {
  it('is refused (409 on status, the definition’s key) before its body is judged', async () => {
    const issued = await invoicesApi.run(await invoicesApi.draft(customer.id, series.id), 'issue');
    // An invalid body too: the lock is what the user must hear, not that the date is malformed.
    for (const body of [{ notes: 'x' }, { date: 'yesterday' }, { status: 'draft' }]) {
      const res = await invoicesApi.call('POST', `invoices/${issued.id}`, { version: issued.version, ...body });
      expect(res.statusCode, res.body).toBe(409);
      expect(problemOf(res.body)).toEqual([
        expect.objectContaining({ path: 'status', key: messageOf('sales/invoices') }),
      ]);
    }
    const del = await invoicesApi.call('DELETE', `invoices/${issued.id}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(problemOf(del.body)).toEqual([
      expect.objectContaining({ path: 'status', key: 'validation.sales.invoiceLocked' }),
    ]);
    expect((await invoicesApi.read(`invoices/${issued.id}`)).notes).toBeNull();
  });

  it('quotes and proformas past draft: update and delete refused with their own keys', async () => {
    const quote = await http.create('quotes', {
      date: `${Y}-01-02`,
      validUntil: `${Y + 1}-01-31`,
      customerId: customer.id,
      lines: [line()],
    });
    const proforma = await http.create('proformas', { date: `${Y}-01-02`, customerId: customer.id, lines: [line()] });
    const cases: [string, Row, string][] = [
      ['quotes', await http.done('quotes', quote, 'send'), 'validation.sales.quoteNotDraft'],
      ['proformas', await http.done('proformas', proforma, 'send'), 'validation.sales.proformaNotDraft'],
    ];
    for (const [endpoint, record, key] of cases) {
      const late = await http.call('POST', `${endpoint}/${String(record.id)}`, {
        version: record.version,
        subject: 'X',
      });
      expect(late.statusCode, late.body).toBe(409);
      expect(problemOf(late.body)).toEqual([expect.objectContaining({ path: 'status', key })]);
      const del = await http.call('DELETE', `${endpoint}/${String(record.id)}`);
      expect(del.statusCode, del.body).toBe(409);
      expect(problemOf(del.body)).toEqual([expect.objectContaining({ path: 'status', key })]);
    }
  });

  it('still moves through its actions and the service’s own writes', async () => {
    const issued = await invoicesApi.run(await invoicesApi.draft(customer.id, series.id, { date: today() }), 'issue');
    // The action writes the new credit note's id on the issued invoice.
    const withNote = await invoicesApi.run(issued, 'creditNote');
    const [noteId] = withNote.creditNoteIds as string[];
    // Deleting the draft credit note takes its id off the issued invoice again (the hooks' own write).
    const del = await invoicesApi.call('DELETE', `invoices/${noteId}`);
    expect(del.statusCode, del.body).toBe(200);
    const after = await invoicesApi.read(`invoices/${issued.id}`);
    expect(after).toMatchObject({ status: 'issued', creditNoteIds: [] });
    expect(after.version).toBeGreaterThan(withNote.version);
  });

  it('a draft is changed and deleted as before', async () => {
    const draft = await invoicesApi.draft(customer.id, series.id);
    const res = await invoicesApi.call('POST', `invoices/${draft.id}`, { version: draft.version, notes: 'Causale' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await invoicesApi.call('DELETE', `invoices/${draft.id}`)).statusCode).toBe(200);
  });
});
