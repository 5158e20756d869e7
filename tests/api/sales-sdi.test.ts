import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { sdiReceipt } from '../fixtures/sdi-receipts';
import { startTestServer, type TestServer } from './helpers';
import { multipart, sdiApi } from './sales-sdi-fixture';
import { type Doc, pathsOf } from './sales-invoices-fixture';

let server: TestServer;
let sdi: Awaited<ReturnType<typeof sdiApi>>;

beforeAll(async () => {
  server = await startTestServer();
  sdi = await sdiApi(server);
});
afterAll(() => server?.close());

const FILE_NAME = /^IT01234567897_[0-9A-Z]{5}\.xml$/;
const read = (invoice: Doc) => sdi.api.read(`invoices/${invoice.id}`);

describe('sending to the SdI (docs/domain.md#sdi-round-trip)', () => {
  it('writes the XML of the download to the outbox, moves sdiStatus to sent and records the send', async () => {
    const issued = await sdi.issued();
    const sent = await sdi.api.run(issued, 'sendToSdi');
    expect(sent).toMatchObject({ status: 'issued', sdiStatus: 'sent', sdiFileName: expect.stringMatching(FILE_NAME) });
    const file = await readFile(join(server.dataDir, 'sdi', 'outbox', 'acme', String(sent.sdiFileName)), 'utf8');
    const download = await sdi.api.call('GET', `invoices/${sent.id}/fatturapa`);
    expect(file).toBe(download.body);
    expect(await sdi.history(sent)).toMatchObject([
      { kind: 'send', fileName: sent.sdiFileName, progressive: sent.sdiProgressive, sdiStatus: 'sent' },
    ]);
    // Once sent, not again: the action starts from notSent.
    expect((await sdi.api.action(sent, 'sendToSdi')).statusCode).toBe(409);
  });

  it('refuses to send a draft, naming its status', async () => {
    const draft = await sdi.api.draft(sdi.customers.company.id, (await sdi.api.series('invoice')).id);
    const res = await sdi.api.action(draft, 'sendToSdi');
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['status']);
  });
});

describe('receipts move the SdI status', () => {
  it('RC: delivered, with the SdI identifier on the invoice; the same receipt again changes nothing', async () => {
    const invoice = await sdi.sent();
    const xml = sdiReceipt('RC', {
      fileName: String(invoice.sdiFileName),
      sdiIdentifier: '777001',
      messageId: 'm-rc-1',
    });
    const first = await sdi.post(xml);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ kind: 'RC', sdiStatus: 'delivered', sdiIdentifier: '777001' });
    expect(await read(invoice)).toMatchObject({ sdiStatus: 'delivered', sdiIdentifier: '777001' });
    const again = await sdi.post(xml, 'text/xml');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await sdi.history(invoice)).map((e) => e.kind)).toEqual(['send', 'RC']);
  });

  it('MC and AT: not delivered; a PA delivery may still follow an MC', async () => {
    const company = await sdi.sent();
    await sdi.receipt(company, 'MC');
    expect((await read(company)).sdiStatus).toBe('notDelivered');
    const pa = await sdi.sent('pa');
    await sdi.receipt(pa, 'MC');
    await sdi.receipt(pa, 'RC');
    expect((await read(pa)).sdiStatus).toBe('delivered');
    const attested = await sdi.sent('pa');
    await sdi.receipt(attested, 'AT');
    expect((await read(attested)).sdiStatus).toBe('notDelivered');
  });

  it('NS: rejected, its codes in the history and every administrator notified with them', async () => {
    const invoice = await sdi.sent();
    const errors = [
      { code: '00305', description: 'IdFiscaleIVA del cessionario non valido', hint: 'Verificare la partita IVA' },
      { code: '00423', description: 'PrezzoTotale non calcolato correttamente' },
    ];
    await sdi.receipt(invoice, 'NS', { errors });
    expect((await read(invoice)).sdiStatus).toBe('rejected');
    const ns = (await sdi.history(invoice)).find((e) => e.kind === 'NS')!;
    expect(ns.errorCodes).toBe('00305, 00423');
    expect(ns.errors).toMatchObject([
      { code: '00305', description: errors[0].description, hint: errors[0].hint },
      { code: '00423', description: errors[1].description },
    ]);
    const res = await server.app.inject({ url: '/notifications/api/notifications', headers: sdi.headers });
    const texts = (res.json().data as Doc[]).map((n) => `${String(n.title)} ${String(n.text)}`);
    expect(texts.find((t) => t.includes(String(invoice.fullNumber)))).toMatch(/00305, 00423/);
  });

  it('NE and DT: accepted, refused or expired, for public administrations only', async () => {
    const accepted = await sdi.sent('pa');
    await sdi.receipt(accepted, 'RC');
    await sdi.receipt(accepted, 'NE', { outcome: 'EC01' });
    expect(await read(accepted)).toMatchObject({ sdiStatus: 'accepted' });
    const refused = await sdi.sent('pa');
    await sdi.receipt(refused, 'RC');
    const event = await sdi.receipt(refused, 'NE', { outcome: 'EC02' });
    expect(event).toMatchObject({ outcome: 'EC02', sdiStatus: 'refused' });
    const expired = await sdi.sent('pa');
    await sdi.receipt(expired, 'RC');
    await sdi.receipt(expired, 'DT');
    expect((await read(expired)).sdiStatus).toBe('expired');
    const company = await sdi.sent();
    await sdi.receipt(company, 'RC');
    const res = await sdi.post(sdiReceipt('NE', { fileName: String(company.sdiFileName) }));
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['kind']);
  });

  it('out of order: an RC on a rejected invoice is refused (409 on sdiStatus)', async () => {
    const invoice = await sdi.sent();
    await sdi.receipt(invoice, 'NS');
    const res = await sdi.post(sdiReceipt('RC', { fileName: String(invoice.sdiFileName) }));
    expect(res.statusCode, res.body).toBe(409);
    expect(pathsOf(res.body)).toEqual(['sdiStatus']);
    expect((await read(invoice)).sdiStatus).toBe('rejected');
  });

  it('takes the receipt as a multipart file upload, as the SPA sends it', async () => {
    const invoice = await sdi.sent();
    const body = multipart('IT_RC_001.xml', sdiReceipt('RC', { fileName: String(invoice.sdiFileName) }));
    const res = await server.app.inject({
      method: 'POST',
      url: '/sales/api/sdi/receipts',
      headers: { ...sdi.headers, 'content-type': body.type },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ receiptFileName: 'IT_RC_001.xml', sdiStatus: 'delivered' });
  });
});

describe('a rejected invoice is corrected and sent again', () => {
  it('keeps number, date and customer; gets a new progressive and file name', async () => {
    const invoice = await sdi.sent();
    await sdi.receipt(invoice, 'NS');
    let rejected = await read(invoice);
    for (const [field, value] of [
      ['date', '2020-01-01'],
      ['customerId', sdi.customers.pa.id],
    ] as const) {
      const res = await sdi.api.call('POST', `invoices/${invoice.id}`, { version: rejected.version, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(pathsOf(res.body)).toEqual([field]);
    }
    const fixed = await sdi.api.call('POST', `invoices/${invoice.id}`, {
      version: rejected.version,
      notes: 'Corretta dopo lo scarto',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    rejected = fixed.json().data as Doc;
    // Still a fiscal document: never deleted.
    expect((await sdi.api.call('DELETE', `invoices/${invoice.id}`)).statusCode).toBe(409);
    const resent = await sdi.api.run(rejected, 'resendToSdi');
    expect(resent).toMatchObject({ sdiStatus: 'sent', fullNumber: invoice.fullNumber, date: invoice.date });
    expect(resent.sdiProgressive).not.toBe(invoice.sdiProgressive);
    expect(resent.sdiFileName).toMatch(FILE_NAME);
    expect(resent.sdiFileName).not.toBe(invoice.sdiFileName);
    const xml = await readFile(join(server.dataDir, 'sdi', 'outbox', 'acme', String(resent.sdiFileName)), 'utf8');
    expect(xml).toContain('Corretta dopo lo scarto');
    // Sent again, it is no longer editable.
    const locked = await sdi.api.call('POST', `invoices/${invoice.id}`, { version: resent.version, notes: 'x' });
    expect(locked.statusCode).toBe(409);
    // A late receipt of the first transmission is recorded, and moves nothing.
    const late = await sdi.receipt(invoice, 'RC');
    expect(late).toMatchObject({ kind: 'RC', sdiStatus: null, fileName: invoice.sdiFileName });
    expect((await read(invoice)).sdiStatus).toBe('sent');
    await sdi.receipt(resent, 'RC');
    expect((await read(invoice)).sdiStatus).toBe('delivered');
    expect((await sdi.history(invoice)).map((e) => e.kind)).toEqual(['send', 'NS', 'send', 'RC', 'RC']);
  });
});

describe('a resend is judged as an issue is (docs/domain.md#checks-before-issue)', () => {
  it('sends the customer as corrected since, and refuses while the SdI would reject it again', async () => {
    const customer = await sdi.api.customer('Anagrafica Errata S.r.l.');
    const invoice = await sdi.api.run(
      await sdi.api.run(await sdi.api.draft(customer.id, (await sdi.api.series('invoice')).id), 'issue'),
      'sendToSdi',
    );
    await sdi.receipt(invoice, 'NS');
    const rejected = await read(invoice);
    // The registry knows another VAT number; the office's copy was left by an old import with a wrong province.
    await withTenant(server.db.kysely, 'acme', (trx) =>
      sql`update sales.customers set vat_number = '12345678903',
            billing_address = jsonb_set(billing_address, '{province}', '"XX"')
          where id = ${customer.id}`.execute(trx),
    );
    const refused = await sdi.api.action(rejected, 'resendToSdi');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(pathsOf(refused.body)).toEqual(['customerId']);
    expect(await read(invoice)).toMatchObject({ sdiStatus: 'rejected', sdiFileName: invoice.sdiFileName });
    await withTenant(server.db.kysely, 'acme', (trx) =>
      sql`update sales.customers set billing_address = jsonb_set(billing_address, '{province}', '"MI"')
          where id = ${customer.id}`.execute(trx),
    );
    const resent = await sdi.api.run(rejected, 'resendToSdi');
    expect(resent.customerSnapshot).toMatchObject([{ vatNumber: '12345678903' }]);
    const xml = await readFile(join(server.dataDir, 'sdi', 'outbox', 'acme', String(resent.sdiFileName)), 'utf8');
    expect(xml).toMatch(/<CessionarioCommittente>[\s\S]*<IdCodice>12345678903<\/IdCodice>/);
  });
});

describe('what is no receipt of ours is refused', () => {
  it('malformed XML, a DOCTYPE, another root, missing elements: 400 naming the problem', async () => {
    const invoice = await sdi.sent();
    const fileName = String(invoice.sdiFileName);
    const cases: [string, string][] = [
      ['<RicevutaConsegna><NomeFile>', 'xml'],
      [`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]>${sdiReceipt('RC', { fileName })}`, 'DOCTYPE'],
      ['<Fattura xmlns="urn:other"><NomeFile>x</NomeFile></Fattura>', 'Fattura'],
      [sdiReceipt('RC', { fileName }).replace(/<MessageId>[^<]*<\/MessageId>/, ''), 'MessageId'],
      [sdiReceipt('NE', { fileName }).replace('EC01', 'EC09'), 'Esito'],
    ];
    for (const [xml, path] of cases) {
      const res = await sdi.post(xml);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(pathsOf(res.body)).toEqual([path]);
    }
    expect((await sdi.post('')).statusCode).toBe(400);
    expect((await read(invoice)).sdiStatus).toBe('sent');
  });

  it('an oversized receipt: 413', async () => {
    const invoice = await sdi.sent();
    const big = sdiReceipt('RC', { fileName: String(invoice.sdiFileName) }).replace('Prova', 'x'.repeat(600_000));
    expect((await sdi.post(big)).statusCode).toBe(413);
    const body = multipart('big.xml', big);
    const res = await server.app.inject({
      method: 'POST',
      url: '/sales/api/sdi/receipts',
      headers: { ...sdi.headers, 'content-type': body.type },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(413);
  });

  it('an unknown file name, or another tenant’s: 404 naming it; another tenant’s invoice: 404', async () => {
    const unknown = await sdi.post(sdiReceipt('RC', { fileName: 'IT01234567897_ZZZZZ.xml' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain('IT01234567897_ZZZZZ.xml');
    expect(pathsOf(unknown.body)).toEqual(['NomeFile']);
    const globex = await sdiApi(server, 'globex');
    const theirs = await globex.sent();
    const res = await sdi.post(sdiReceipt('RC', { fileName: String(theirs.sdiFileName) }));
    expect(res.statusCode, res.body).toBe(404);
    expect((await globex.api.read(`invoices/${theirs.id}`)).sdiStatus).toBe('sent');
    expect((await sdi.api.action(theirs, 'sendToSdi')).statusCode).toBe(404);
    expect((await sdi.api.call('GET', `sdi-events/${(await globex.history(theirs))[0].id}`)).statusCode).toBe(404);
  });

  it('only administrators import receipts and read the history', async () => {
    const tech = await server.auth('acme', 'tecnico');
    const invoice = await sdi.sent();
    const post = await server.app.inject({
      method: 'POST',
      url: '/sales/api/sdi/receipts',
      headers: { ...tech, 'content-type': 'application/xml' },
      payload: sdiReceipt('RC', { fileName: String(invoice.sdiFileName) }),
    });
    expect(post.statusCode).toBe(403);
    expect((await server.app.inject({ url: '/sales/api/sdi-events', headers: tech })).statusCode).toBe(403);
  });
});
