import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteExpiryJob } from '../../server/services/sales/quotes/expiry';
import { startTestServer, type TestServer } from './helpers';
import { customerBody, line, outbox, paths, salesApi, Y, type Row } from './sales-quotes-fixture';

let server: TestServer;
let http: ReturnType<typeof salesApi>;
/** A customer with an e-mail address, and one without. */
let mailed: Row;
let silent: Row;

beforeAll(async () => {
  server = await startTestServer();
  http = salesApi(server, await server.auth('acme', 'admin'));
  mailed = await http.create('customers', customerBody({ email: 'acquisti@bellavista.example' }));
  silent = await http.create('customers', customerBody({ legalName: 'Senza Posta S.r.l.' }));
});
afterAll(() => server?.close());

const quote = (extra: Row = {}) =>
  http.create('quotes', {
    date: `${Y}-01-02`,
    validUntil: `${Y + 1}-01-31`,
    customerId: mailed.id,
    subject: 'Manutenzione annuale',
    lines: [line(), line({ quantity: '2', unitPrice: '35.50', discountPercent: '10' })],
    ...extra,
  });

const runExpiry = (now: Date) =>
  quoteExpiryJob.run({ db: server.db.kysely, log: { info() {}, warn() {}, error() {} }, now });

describe('quotes: lifecycle', () => {
  it('send: to the customer, or to `to`; without either, 409 on `to`; the mail carries the PDF', async () => {
    const orphan = await quote({ customerId: silent.id });
    const refused = await http.act('quotes', orphan, 'send');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(paths(refused.body)).toEqual(['to']);
    expect((await http.get(`quotes/${String(orphan.id)}`)).status).toBe('draft');
    const typed = await http.done('quotes', orphan, 'send', { to: 'ufficio@senzaposta.example' });
    expect(typed).toMatchObject({ status: 'sent', sentTo: 'ufficio@senzaposta.example' });
    expect(typed.sentAt).toEqual(expect.any(String));

    const q = await quote();
    const sent = await http.done('quotes', q, 'send');
    expect(sent).toMatchObject({ status: 'sent', sentTo: 'acquisti@bellavista.example', number: q.number });
    const [mail] = await outbox(server);
    expect(mail.to).toBe('acquisti@bellavista.example');
    expect(mail.subject).toBe(`Preventivo ${String(q.number)}`);
    expect(mail.text).toContain(`${String(q.number)} del 02/01/${Y}`);
    expect(mail.attachments).toEqual([
      {
        fileName: `${String(q.number).replace(/\//g, '-')}.pdf`,
        mimeType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect((mail.attachments as { size: number }[])[0].size).toBeGreaterThan(1000);
    // Sending again: the quote is no longer a draft.
    expect((await http.act('quotes', sent, 'send')).statusCode).toBe(409);
  });

  it('a sent quote is not edited (409: revise it) nor deleted; a draft is both', async () => {
    const draft = await quote();
    const edited = await http.call('POST', `quotes/${String(draft.id)}`, { version: draft.version, subject: 'Altro' });
    expect(edited.statusCode, edited.body).toBe(200);
    const sent = await http.done('quotes', edited.json().data, 'send');
    const late = await http.call('POST', `quotes/${String(sent.id)}`, { version: sent.version, subject: 'Dopo' });
    expect(late.statusCode, late.body).toBe(409);
    expect(paths(late.body)).toEqual(['status']);
    expect(late.json().errors[0].message).toContain('revise it');
    expect((await http.call('DELETE', `quotes/${String(sent.id)}`)).statusCode).toBe(409);
    const other = await quote();
    expect((await http.call('DELETE', `quotes/${String(other.id)}`)).statusCode).toBeLessThan(300);
  });

  it('accept and reject only a sent quote, with their inputs', async () => {
    const draft = await quote();
    expect((await http.act('quotes', draft, 'accept', { acceptedBy: 'Sig. Rossi' })).statusCode).toBe(409);
    const sent = await http.done('quotes', draft, 'send');
    const noReason = await http.act('quotes', sent, 'reject', {});
    expect(noReason.statusCode).toBe(400);
    expect(paths(noReason.body)).toEqual(['rejectionReason']);
    const accepted = await http.done('quotes', sent, 'accept', { acceptedBy: 'Sig. Rossi' });
    expect(accepted).toMatchObject({ status: 'accepted', acceptedBy: 'Sig. Rossi' });
    expect(accepted.acceptedAt).toEqual(expect.any(String));
    expect((await http.act('quotes', accepted, 'reject', { rejectionReason: 'Troppo caro' })).statusCode).toBe(409);
  });

  it('a manual expire refuses a quote still valid (409 on validUntil)', async () => {
    const sent = await http.done('quotes', await quote(), 'send');
    const res = await http.act('quotes', sent, 'expire');
    expect(res.statusCode, res.body).toBe(409);
    expect(paths(res.body)).toEqual(['validUntil']);
  });

  it('revise: revision + 1, back to draft with the same number, the PDF sent kept, the answer cleared', async () => {
    const sent = await http.done('quotes', await quote(), 'send');
    const rejected = await http.done('quotes', sent, 'reject', { rejectionReason: 'Troppo caro' });
    const revised = await http.done('quotes', rejected, 'revise');
    expect(revised).toMatchObject({
      status: 'draft',
      number: sent.number,
      revision: 1,
      rejectionReason: null,
      sentAt: null,
      acceptedAt: null,
    });
    const versions = revised.previousVersions as { name: string; driverUid: string; fileName: string }[];
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      fileName: `${String(sent.number).replace(/\//g, '-')}-rev0.pdf`,
      mimeType: 'application/pdf',
    });
    const file = await server.app.inject({
      url: `/storage/api/files/get?${new URLSearchParams({ driverUid: versions[0].driverUid, name: versions[0].name })}`,
      headers: await server.auth('acme', 'admin'),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The draft revision is edited, sent and revised again: one more PDF kept.
    const edited = await http.call('POST', `quotes/${String(revised.id)}`, {
      version: revised.version,
      lines: [line({ unitPrice: '90' })],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await http.done('quotes', await http.done('quotes', edited.json().data, 'send'), 'revise');
    expect(again.revision).toBe(2);
    expect((again.previousVersions as unknown[]).length).toBe(2);
    expect((await http.act('quotes', again, 'revise')).statusCode).toBe(409);
  });

  it('the quote-expiry job expires only sent quotes past their validity, once', async () => {
    const past = { date: `${Y}-01-02`, validUntil: `${Y}-01-31` };
    const due = await http.done('quotes', await quote(past), 'send');
    const valid = await http.done('quotes', await quote({ date: `${Y}-01-02`, validUntil: `${Y}-03-31` }), 'send');
    const draft = await quote(past);
    const accepted = await http.done('quotes', await http.done('quotes', await quote(past), 'send'), 'accept', {
      acceptedBy: 'Sig. Rossi',
    });
    const now = new Date(`${Y}-02-15T10:00:00Z`);
    await runExpiry(now);
    const after = async (q: Row) => http.get(`quotes/${String(q.id)}`);
    const expired = await after(due);
    expect(expired).toMatchObject({
      status: 'expired',
      expiredAt: now.toISOString(),
      version: Number(due.version) + 1,
    });
    expect(await after(valid)).toMatchObject({ status: 'sent', version: valid.version });
    expect(await after(draft)).toMatchObject({ status: 'draft', version: draft.version });
    expect(await after(accepted)).toMatchObject({ status: 'accepted', version: accepted.version });
    // Again the same day: nothing moves.
    await runExpiry(now);
    expect(await after(due)).toMatchObject({ status: 'expired', version: expired.version });
    // An expired quote can be revised.
    expect(await http.done('quotes', expired, 'revise')).toMatchObject({ status: 'draft', expiredAt: null });
  });

  it("another tenant's quote is not found", async () => {
    const sent = await http.done('quotes', await quote(), 'send');
    const globex = await server.auth('globex', 'admin');
    const res = await http.act('quotes', sent, 'accept', { acceptedBy: 'Intruso' }, globex);
    expect(res.statusCode).toBe(404);
  });
});

describe('proformas: lifecycle', () => {
  const proforma = () =>
    http.create('proformas', { date: `${Y}-01-02`, customerId: mailed.id, lines: [line(), line({ unitPrice: '50' })] });

  it('send issues it and mails its PDF; then no edits', async () => {
    const draft = await proforma();
    const issued = await http.done('proformas', draft, 'send');
    expect(issued).toMatchObject({ status: 'issued', sentTo: 'acquisti@bellavista.example' });
    const [mail] = await outbox(server);
    expect(mail.subject).toBe(`Fattura proforma ${String(draft.number)}`);
    expect(mail.text).toContain('non valido ai fini fiscali');
    expect((mail.attachments as Row[])[0]).toMatchObject({ mimeType: 'application/pdf' });
    const late = await http.call('POST', `proformas/${String(issued.id)}`, { version: issued.version, subject: 'X' });
    expect(late.statusCode).toBe(409);
    expect((await http.call('DELETE', `proformas/${String(issued.id)}`)).statusCode).toBe(409);
  });

  it('registerPayment: at most the total (183.00), not in the future', async () => {
    const issued = await http.done('proformas', await proforma(), 'send');
    expect(issued.totalDocument).toBe('183.00');
    const over = await http.act('proformas', issued, 'registerPayment', { paidAt: `${Y}-01-10`, paidAmount: '183.01' });
    expect(over.statusCode).toBe(400);
    expect(paths(over.body)).toEqual(['paidAmount']);
    const future = await http.act('proformas', issued, 'registerPayment', {
      paidAt: `${Y + 1}-12-31`,
      paidAmount: '100',
    });
    expect(future.statusCode).toBe(400);
    expect(paths(future.body)).toEqual(['paidAt']);
    const paid = await http.done('proformas', issued, 'registerPayment', {
      paidAt: `${Y}-01-10`,
      paidAmount: '183.00',
    });
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '183.00', paidAt: `${Y}-01-10` });
    expect((await http.act('proformas', paid, 'cancel', { cancelReason: 'No' })).statusCode).toBe(409);
  });

  it('cancel a draft or an issued one, not once invoiced', async () => {
    const cancelled = await http.done('proformas', await proforma(), 'cancel', { cancelReason: 'Doppione' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Doppione' });
    const invoiced = await http.done(
      'proformas',
      await http.done('proformas', await proforma(), 'send'),
      'convertToInvoice',
    );
    expect(invoiced.status).toBe('invoiced');
    expect((await http.act('proformas', invoiced, 'cancel', {})).statusCode).toBe(409);
  });
});
