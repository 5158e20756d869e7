import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { buildWfmWorld } from './wfm-fixture';
import { type Doc, invoiceApi, line, pathsOf, today } from './sales-invoices-fixture';

let server: TestServer;
let api: ReturnType<typeof invoiceApi>;
let world: Awaited<ReturnType<typeof buildWfmWorld>>;
let customer: Doc;
let invoiceSeries: Doc;

const yesterday = () => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const tomorrow = () => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWfmWorld(server);
  api = invoiceApi(server, world.admin);
  customer = world.customerA as Doc;
  invoiceSeries = await api.series('invoice');
});
afterAll(() => server?.close());

/**
 * An approved activity billed by `invoiceId`. No route bills activities yet (the invoices made from
 * activities are another part of the work): the state is written as that code will leave it.
 */
async function billedActivity(invoiceId: string): Promise<string> {
  const activity = await world.activity([world.tecnico.id as string], {}, { publish: false });
  await server.db.kysely.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant', 'acme', true)`.execute(trx);
    await sql`update wfm.activities set status = 'billed', invoice_id = ${invoiceId} where id = ${activity.id}`.execute(
      trx,
    );
  });
  return activity.id;
}

const activityOf = (id: string) =>
  server.app.inject({ url: `/wfm/api/activities/${id}`, headers: world.admin }).then((res) => res.json().data);

describe('issuing an invoice', () => {
  it('numbers it, freezes the customer name, fixes due dates and opens the instalments', async () => {
    const draft = await api.draft(customer.id, invoiceSeries.id);
    expect(draft).toMatchObject({ status: 'draft', customerName: 'Supermercati Rossi S.r.l.', fullNumber: null });
    const issued = await api.run(draft, 'issue');
    expect(issued).toMatchObject({
      status: 'issued',
      paymentStatus: 'unpaid',
      customerName: 'Supermercati Rossi S.r.l.',
    });
    expect(issued.fullNumber).toBe(`FT/${issued.year}/${String(issued.number).padStart(4, '0')}`);
    expect(issued.dueDates).toEqual([expect.objectContaining({ dueDate: today(), amount: '122.00', method: 'MP05' })]);
    const instalments = await api.call(
      'GET',
      `instalments?filters[0][field]=invoiceId&filters[0][operator]=eq&filters[0][value]=${issued.id}`,
    );
    expect(instalments.json().data).toEqual([expect.objectContaining({ amount: '122.00', status: 'open' })]);
  });

  it('refuses a draft dated after today or of a blocked customer (409 naming the field)', async () => {
    // A draft always has lines (the definition requires them): the issue checks it again all the same.
    const future = await api.draft(customer.id, invoiceSeries.id, { date: tomorrow() });
    let res = await api.action(future, 'issue');
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['date']);
    const blocked = await api.customer('Bloccato S.r.l.', { blocked: true });
    const ofBlocked = await api.draft(blocked.id, invoiceSeries.id);
    res = await api.action(ofBlocked, 'issue');
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['customerId']);
  });

  it('refuses a date before the last invoice of the series, naming it, and a series of another kind', async () => {
    const series = await api.created('numbering-series', {
      documentKind: 'invoice',
      code: 'ORD',
      format: 'O/{year}/{number:0000}',
      nextNumber: 1,
      fiscal: true,
    });
    const first = await api.run(await api.draft(customer.id, series.id), 'issue');
    const earlier = await api.draft(customer.id, series.id, { date: yesterday() });
    const res = await api.action(earlier, 'issue');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ path: 'date' });
    expect(res.json().errors[0].message).toContain(String(first.fullNumber));
    // The refused issue took no number: the next one follows the first.
    const next = await api.run(await api.draft(customer.id, series.id), 'issue');
    expect(next.number).toBe(2);
    // An invoice (TD01) is numbered by an invoice series, not a credit note one.
    const notes = await api.series('creditNote');
    const wrong = await api.draft(customer.id, notes.id);
    const refused = await api.action(wrong, 'issue');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(pathsOf(refused.body)).toEqual(['seriesId']);
  });
});

describe('an issued invoice', () => {
  it('refuses changes and deletion with 409 on status; a draft is deleted', async () => {
    const issued = await api.run(await api.draft(customer.id, invoiceSeries.id), 'issue');
    const update = await api.call('POST', `invoices/${issued.id}`, { version: issued.version, notes: 'x' });
    expect(update.statusCode, update.body).toBe(409);
    expect(pathsOf(update.body)).toEqual(['status']);
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await api.call(method, `invoices/${issued.id}`, { version: issued.version, notes: 'x' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    const del = await api.call('DELETE', `invoices/${issued.id}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(pathsOf(del.body)).toEqual(['status']);
    expect((await api.read(`invoices/${issued.id}`)).notes).toBeNull();
    const draft = await api.draft(customer.id, invoiceSeries.id);
    expect((await api.call('DELETE', `invoices/${draft.id}`)).statusCode).toBeLessThan(300);
  });

  it("is out of another tenant's reach (404)", async () => {
    const issued = await api.run(await api.draft(customer.id, invoiceSeries.id), 'issue');
    const globex = invoiceApi(server, await server.auth('globex', 'admin'));
    expect((await globex.call('GET', `invoices/${issued.id}`)).statusCode).toBe(404);
    expect((await globex.action(issued, 'creditNote')).statusCode).toBe(404);
    expect((await globex.call('DELETE', `invoices/${issued.id}`)).statusCode).toBe(404);
  });
});

describe('cancelling a draft', () => {
  it('cancels it and gives back the activities it billed, approved again', async () => {
    const draft = await api.draft(customer.id, invoiceSeries.id);
    const activityId = await billedActivity(draft.id);
    const cancelled = await api.run(draft, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', fullNumber: null });
    expect(await activityOf(activityId)).toMatchObject({ status: 'approved', invoiceId: null });
    const res = await api.call('POST', `invoices/${draft.id}`, { version: cancelled.version, notes: 'x' });
    expect(res.statusCode).toBe(409);
  });
});

describe('credit notes', () => {
  it('a full credit note cancels the invoice and gives back its activities', async () => {
    const original = await api.run(
      await api.draft(customer.id, invoiceSeries.id, { lines: [line(), line()] }),
      'issue',
    );
    const activityId = await billedActivity(original.id);
    const withNote = await api.run(original, 'creditNote');
    expect(withNote.status).toBe('issued');
    expect(withNote.creditNoteIds).toHaveLength(1);
    const note = await api.read(`invoices/${(withNote.creditNoteIds as string[])[0]}`);
    const [y, m, d] = String(original.date).split('-');
    expect(note).toMatchObject({
      status: 'draft',
      documentType: 'TD04',
      customerId: customer.id,
      date: today(),
      relatedInvoiceIds: [original.id],
      notes: `Storno fattura ${String(original.fullNumber)} del ${d}/${m}/${y}`,
      totalDocument: original.totalDocument,
    });
    expect((await api.read(`numbering-series/${String(note.seriesId)}`)).documentKind).toBe('creditNote');
    const issuedNote = await api.run(note, 'issue');
    expect(issuedNote.fullNumber).toMatch(/^NC\//);
    expect(await api.read(`invoices/${original.id}`)).toMatchObject({
      status: 'cancelledByCreditNote',
      creditedAmount: '244.00',
    });
    expect(await activityOf(activityId)).toMatchObject({ status: 'approved', invoiceId: null });
  });

  it('a partial one credits part, and no credit note may exceed what is left', async () => {
    const original = await api.run(await api.draft(customer.id, invoiceSeries.id), 'issue');
    const activityId = await billedActivity(original.id);
    const first = await api.run(original, 'creditNote');
    let note = await api.read(`invoices/${(first.creditNoteIds as string[])[0]}`);
    const edit = await api.call('POST', `invoices/${note.id}`, {
      version: note.version,
      lines: [line({ unitPrice: '40' })],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    note = edit.json().data;
    await api.run(note, 'issue');
    expect(await api.read(`invoices/${original.id}`)).toMatchObject({ status: 'issued', creditedAmount: '48.80' });
    expect((await activityOf(activityId)).status).toBe('billed');
    // The second copies all the lines (122.00) but only 73.20 is left to credit.
    const second = await api.run(await api.read(`invoices/${original.id}`), 'creditNote');
    expect(second.creditNoteIds).toHaveLength(2);
    const big = await api.read(`invoices/${(second.creditNoteIds as string[])[1]}`);
    const refused = await api.action(big, 'issue');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(pathsOf(refused.body)).toEqual(['lines']);
    // A credit note itself is not credited.
    const issuedNote = await api.read(`invoices/${note.id}`);
    expect((await api.action(issuedNote, 'creditNote')).statusCode).toBe(409);
  });

  it('names only issued invoices of its own customer', async () => {
    const draft = await api.draft(customer.id, invoiceSeries.id);
    const notes = await api.series('creditNote');
    const res = await api.call('POST', 'invoices', {
      documentType: 'TD04',
      paymentConditions: 'TP02',
      customerId: customer.id,
      seriesId: notes.id,
      date: today(),
      lines: [line()],
      relatedInvoiceIds: [draft.id],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(pathsOf(res.body)).toEqual(['relatedInvoiceIds']);
  });
});

describe('a numbering series that numbered invoices', () => {
  it('cannot be rewound, reshaped, made non-fiscal or deleted (409 naming the field)', async () => {
    const series = await api.created('numbering-series', {
      documentKind: 'invoice',
      code: 'FIX',
      format: 'X/{year}/{number:0000}',
      nextNumber: 1,
      fiscal: true,
    });
    // Before any invoice it may still change.
    const reshaped = await api.call('POST', `numbering-series/${series.id}`, {
      version: series.version,
      format: 'F/{year}/{number:000}',
    });
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    await api.run(await api.draft(customer.id, series.id), 'issue');
    const stored = await api.read(`numbering-series/${series.id}`);
    for (const [field, value] of [
      ['nextNumber', 1],
      ['fiscal', false],
      ['format', 'Y/{number}'],
      ['resetYearly', false],
    ] as const) {
      const res = await api.call('POST', `numbering-series/${series.id}`, { version: stored.version, [field]: value });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(409);
      expect(pathsOf(res.body)).toEqual([field]);
    }
    const forward = await api.call('POST', `numbering-series/${series.id}`, { version: stored.version, nextNumber: 5 });
    expect(forward.statusCode, forward.body).toBe(200);
    const del = await api.call('DELETE', `numbering-series/${series.id}`);
    expect(del.statusCode, del.body).toBe(409);
  });
});
