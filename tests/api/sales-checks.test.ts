import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { startTestServer, type TestServer } from './helpers';
import { type Doc, invoiceApi, line, today } from './sales-invoices-fixture';
import { parseFattura, type Tree } from './sales-fatturapa-fixture';

/**
 * The checks before issue (docs/domain.md#checks-before-issue): what the SdI would reject is refused with one
 * 409 naming each field and its SdI code; the invoice stays a draft and no number is consumed. Then the
 * customer's tax data frozen on issue (docs/domain.md#customer-snapshot).
 */

let server: TestServer;
let configDir: string;
let api: ReturnType<typeof invoiceApi>;
let seriesId: string;
let good: Doc;
/** The number the last issued invoice took: each refusal must leave the next one to the next valid issue. */
let lastNumber: number;

const foreignAddress = { street: 'Hauptstrasse', streetNumber: '5', zip: '80331', city: 'München', country: 'DE' };

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'climatica-checks-'));
  await cp(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  server = await startTestServer({ app: { configDir } });
  api = invoiceApi(server, await server.auth('acme', 'admin'));
  seriesId = (await api.series('invoice')).id;
  good = await api.customer('Rossi Impianti S.r.l.', { pecEmail: 'rossi@pec.example.it' });
  lastNumber = (await issueOk(good)).number as number;
});
afterAll(async () => {
  await server?.close();
  await rm(configDir, { recursive: true, force: true });
});

async function issueOk(customer: Doc, extra: Record<string, unknown> = {}): Promise<Doc> {
  return api.run(await api.draft(customer.id, seriesId, extra), 'issue');
}

type Problem = { path: string; key: string; params: Record<string, string>; message: string };

/** Issues a draft that must be refused: 409, the problems it names; the draft stays a draft, unnumbered. */
async function refused(draft: Doc): Promise<Problem[]> {
  const res = await api.action(draft, 'issue');
  expect(res.statusCode, res.body).toBe(409);
  const stored = await api.read(`invoices/${draft.id}`);
  expect(stored).toMatchObject({ status: 'draft', number: null, fullNumber: null, customerSnapshot: null });
  return (res.json() as { errors: Problem[] }).errors;
}

/** The next valid issue takes the very next number: the refusals consumed none. */
async function expectGapFree(): Promise<void> {
  const next = await issueOk(good);
  expect(next.number).toBe(lastNumber + 1);
  lastNumber = next.number as number;
}

describe('checks before issue', () => {
  it('a customer with neither VAT number nor tax code: 00417 on customerId, in words that say what to fix', async () => {
    const customer = await api.customer('Müller GmbH', {
      kind: 'foreign',
      vatCountry: 'DE',
      vatNumber: null,
      taxCode: null,
      sdiCode: 'XXXXXXX',
      billingAddress: foreignAddress,
    });
    const headers = { ...(await server.auth('acme', 'admin')), 'accept-language': 'it' };
    const draft = await api.draft(customer.id, seriesId);
    const res = await server.app.inject({
      method: 'POST',
      url: `/sales/api/invoices/${draft.id}/actions/issue`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ version: draft.version }),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: 'customerId',
        key: 'validation.sales.sdiCustomerNoTaxId',
        params: { code: '00417' },
        message: 'Il cliente non ha Partita IVA né codice fiscale: aggiungine uno nel cliente (SdI 00417)',
      }),
    ]);
    await expectGapFree();
  });

  it("stored customer data today's rules would refuse (an import): VAT check digit, CAP, province, SDI code", async () => {
    const customer = await api.customer('Vecchia Anagrafica S.r.l.');
    // Data written before the customer's rules existed: straight to the table, as an old import left it.
    await withTenant(server.db.kysely, 'acme', (trx) =>
      sql`update sales.customers set vat_number = '12345678901', sdi_code = 'ABC12',
            billing_address = '{"street":"Via Po","zip":"2012","city":"Torino","province":"XX","country":"IT"}'
          where id = ${customer.id}`.execute(trx),
    );
    const problems = await refused(await api.draft(customer.id, seriesId));
    expect(problems.map((p) => [p.path, p.key, p.params.code])).toEqual([
      ['customerId', 'validation.sales.sdiCustomerVatNumber', '00305'],
      ['customerId', 'validation.sales.sdiCustomerZip', undefined],
      ['customerId', 'validation.sales.sdiCustomerProvince', undefined],
      ['customerId', 'validation.sales.sdiCustomerSdiCodePrivate', '00427'],
    ]);
    expect(problems[0].message).toContain('12345678901');
    await expectGapFree();
  });

  it('lines: reverse charge without a customer VAT number, with split payment (00420), a rate no longer allowed (00424)', async () => {
    const person = await api.customer('', {
      kind: 'individual',
      legalName: null,
      firstName: 'Mario',
      lastName: 'Rossi',
      vatNumber: null,
      taxCode: 'RSSMRA85T10A562S',
    });
    const reverse = await refused(
      await api.draft(person.id, seriesId, { lines: [line(), line({ vatRate: '0', vatNature: 'N6.7' })] }),
    );
    expect(reverse.map((p) => [p.path, p.key])).toEqual([
      ['lines.1.vatNature', 'validation.sales.sdiReverseChargeNoVat'],
    ]);

    const hospital = await api.customer('Ospedale Privato S.p.A.', { vatRegime: 'splitPayment', sdiCode: 'M5UXCR1' });
    const split = await refused(
      await api.draft(hospital.id, seriesId, { lines: [line({ vatRate: '0', vatNature: 'N6.7' })] }),
    );
    expect(split).toEqual([
      expect.objectContaining({ path: 'lines.0.vatNature', key: 'validation.sales.sdiReverseChargeSplit', params: { value: 'N6.7', code: '00420' } }), // prettier-ignore
    ]);

    const rate = await api.created('vat-rates', { code: '7-TEST', rate: '7' });
    const draft = await api.draft(good.id, seriesId, { lines: [line(), line({ vatRate: '7' })] });
    const off = await api.call('POST', `vat-rates/${rate.id}`, { version: rate.version, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const rates = await refused(draft);
    expect(rates.map((p) => [p.path, p.key, p.params.code, p.params.value])).toEqual([
      ['lines.1.vatRate', 'validation.sales.sdiRateNotAllowed', '00424', '7.00'],
    ]);
    await expectGapFree();
  });

  it('split payment for an individual; texts the XML cannot hold; a CIG of the wrong shape', async () => {
    const person = await api.customer('', {
      kind: 'individual',
      legalName: null,
      firstName: 'Anna',
      lastName: 'Bianchi',
      vatNumber: null,
      taxCode: 'MRTMTT91D08F205J',
      vatRegime: 'splitPayment',
    });
    const problems = await refused(
      await api.draft(person.id, seriesId, {
        lines: [line({ description: 'Climatizzatore ❄ 12000 BTU' }), line({ description: '\u0007\u0007' })],
        notes: 'Intervento – “urgente” 🔧',
        cig: 'Z1A2B',
      }),
    );
    expect(problems.map((p) => [p.path, p.key, p.params.chars ?? p.params.value])).toEqual([
      ['customerId', 'validation.sales.sdiSplitPaymentParty', undefined],
      ['cig', 'validation.sales.sdiCig', 'Z1A2B'],
      ['lines.0.description', 'validation.sales.sdiCharacters', '❄'],
      ['lines.1.description', 'validation.sales.sdiDescriptionEmpty', undefined],
      ['notes', 'validation.sales.sdiCharacters', '🔧'],
    ]);
    await expectGapFree();
  });

  it('a credit note dated before the invoice it corrects (00418)', async () => {
    const original = await issueOk(good);
    lastNumber = original.number as number;
    const withNote = await api.run(original, 'creditNote');
    const note = await api.read(`invoices/${(withNote.creditNoteIds as string[])[0]}`);
    const yesterday = new Date(Date.parse(`${today()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const moved = await api.call('POST', `invoices/${note.id}`, { version: note.version, date: yesterday });
    expect(moved.statusCode, moved.body).toBe(200);
    const problems = await refused(moved.json().data as Doc);
    expect(problems).toEqual([
      expect.objectContaining({ path: 'date', key: 'validation.sales.sdiBeforeRelated', params: expect.objectContaining({ number: original.fullNumber, code: '00418' }) }), // prettier-ignore
    ]);
    await expectGapFree();
  });

  it("the sender: an invalid VAT number in the company's config names company (00301)", async () => {
    const file = join(configDir, 'tenants', 'acme.json');
    const original = await readFile(file, 'utf8');
    const config = JSON.parse(original);
    config.company.vatNumber = 'IT01234567890';
    delete config.company.taxRegime;
    await writeFile(file, JSON.stringify(config));
    const headers = await server.auth('acme', 'admin');
    const reload = async () =>
      expect((await server.app.inject({ method: 'POST', url: '/config/api/reload', headers })).statusCode).toBe(200);
    await reload();
    try {
      const problems = await refused(await api.draft(good.id, seriesId));
      expect(problems.map((p) => [p.path, p.key, p.params.fields ?? p.params.code])).toEqual([
        ['company', 'validation.sales.fatturapaCompany', 'company.taxRegime'],
        ['company', 'validation.sales.sdiCompanyVatNumber', '00301'],
      ]);
    } finally {
      await writeFile(file, original);
      await reload();
    }
    await expectGapFree();
  });
});

describe('the customer frozen on issue', () => {
  it('keeps the XML and the PDF as issued when the customer changes afterwards', async () => {
    const customer = await api.customer('Frigoriferi Bianchi S.r.l.', { pecEmail: 'bianchi@pec.example.it' });
    const invoice = await issueOk(customer);
    expect((invoice.customerSnapshot as Tree[])[0]).toMatchObject({
      kind: 'company',
      legalName: 'Frigoriferi Bianchi S.r.l.',
      vatNumber: '00743110157',
      pecEmail: 'bianchi@pec.example.it',
      billingAddress: { city: 'Milano', zip: '20121' },
    });
    const current = await api.read(`customers/${customer.id}`);
    const changed = await api.call('POST', `customers/${customer.id}`, {
      version: current.version,
      legalName: 'Bianchi Refrigerazione S.p.A.',
      vatNumber: '12345678903',
      pecEmail: 'nuova@pec.example.it',
      billingAddress: { street: 'Corso Francia', zip: '10138', city: 'Torino', province: 'TO' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const xml = await api.call('GET', `invoices/${invoice.id}/fatturapa`);
    expect(xml.statusCode, xml.body).toBe(200);
    const doc = parseFattura(xml.body);
    expect(doc.FatturaElettronicaHeader.CessionarioCommittente).toMatchObject({
      DatiAnagrafici: {
        IdFiscaleIVA: { IdCodice: '00743110157' },
        Anagrafica: { Denominazione: 'Frigoriferi Bianchi S.r.l.' },
      },
      Sede: { Comune: 'Milano', CAP: '20121' },
    });
    expect(doc.FatturaElettronicaHeader.DatiTrasmissione.PECDestinatario).toBe('bianchi@pec.example.it');

    const pdf = await api.call('GET', `invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('00743110157');
    expect(text).toContain('Milano');
    expect(text).not.toContain('Torino');
    expect(text).not.toContain('12345678903');

    // A draft follows the customer as it is now.
    const draft = await api.draft(customer.id, seriesId);
    expect(draft.customerSnapshot).toBeNull();
    lastNumber = invoice.number as number;
  });
});
