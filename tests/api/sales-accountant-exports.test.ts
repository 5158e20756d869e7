import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAllAgainstSchema } from '../../server/services/sales/fatturapa/validate';
import { startTestServer, type TestServer } from './helpers';
import { type Doc, invoiceApi, line, pathsOf } from './sales-invoices-fixture';
import { expectTotalsAddUp, parseFattura } from './sales-fatturapa-fixture';

/**
 * The accountant's exports (docs/wire-contract.md#accountant-exports): the period's XML zip and the VAT sales
 * register, checked against invoices issued in February 2025 with one before and one after the period, and one
 * of another tenant inside it.
 */

let server: TestServer;
let api: ReturnType<typeof invoiceApi>;
const PERIOD = 'from=2025-02-01&to=2025-02-28';
/** The period's documents in the register's order: FT/… by number, then NC/…. */
let inPeriod: Doc[];
let outside: Doc[];
let globexInvoice: Doc;

beforeAll(async () => {
  server = await startTestServer();
  api = invoiceApi(server, await server.auth('acme', 'admin'));
  const series = (await api.series('invoice')).id;
  const standard = await api.customer('Rossi Impianti S.r.l.', { pecEmail: 'rossi@pec.example.it' });
  const split = await api.customer('Ospedale Privato S.p.A.', { sdiCode: 'M5UXCR1', vatRegime: 'splitPayment' });
  const issued = async (customer: Doc, date: string, lines: unknown[]) =>
    api.run(await api.draft(customer.id, series, { date, lines }), 'issue');
  const january = await issued(standard, '2025-01-20', [line({ unitPrice: '100' }), line({ vatRate: '10' })]);
  const mixed = await issued(standard, '2025-02-03', [
    line({ quantity: '3', unitPrice: '33.33' }),
    line({ description: 'Corso di formazione', unitPrice: '200', vatRate: '0', vatNature: 'N4' }),
  ]);
  const splitPayment = await issued(split, '2025-02-10', [line({ unitPrice: '1000' })]);
  const march = await issued(standard, '2025-03-05', [line()]);
  // A partial credit note of the mixed invoice: one of its three units at 22%.
  const withNote = await api.run(mixed, 'creditNote');
  const draftNote = await api.read(`invoices/${(withNote.creditNoteIds as string[])[0]}`);
  const edited = await api.call('POST', `invoices/${draftNote.id}`, {
    version: draftNote.version,
    date: '2025-02-20',
    lines: [line({ quantity: '1', unitPrice: '33.33' })],
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const note = await api.run(edited.json().data as Doc, 'issue');
  inPeriod = [await api.read(`invoices/${mixed.id}`), splitPayment, note];
  outside = [january, march];

  const globex = invoiceApi(server, await server.auth('globex', 'admin'));
  const globexCustomer = await globex.customer('Torino Clima S.r.l.', { pecEmail: 'torino@pec.example.it' });
  globexInvoice = await globex.run(
    await globex.draft(globexCustomer.id, (await globex.series('invoice')).id, { date: '2025-02-15' }),
    'issue',
  );
});
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}, who = { tenant: 'acme', user: 'admin' }) =>
  server
    .auth(who.tenant, who.user)
    .then((auth) => server.app.inject({ method: 'GET', url: `/sales/api/${url}`, headers: { ...auth, ...headers } }));

const fileNameOf = (res: { headers: Record<string, unknown> }) =>
  /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];

/** The CSV as cells: the BOM required, CRLF lines, `;` cells, quoted cells unquoted (`""` is one quote). */
function csvCells(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rows[rows.length - 1].push(cell);
    cell = '';
  };
  for (let i = 1; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') cell += body[++i];
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') endCell();
    else if (char === '\r' && body[i + 1] === '\n') {
      endCell();
      rows.push([]);
      i++;
    } else cell += char;
  }
  rows.pop();
  return rows;
}

/** A zipped file's text with its byte order mark kept (TextDecoder drops it by default). */
const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe("the period's XML zip", () => {
  it('holds one valid XML per document of the period, under its SdI name, and a manifest', async () => {
    // One invoice already downloaded alone: the zip keeps its name and progressive.
    const single = await api.call('GET', `invoices/${inPeriod[0].id}/fatturapa`);
    expect(single.statusCode, single.body).toBe(200);
    const singleName = fileNameOf(single);

    const res = await get(`fatturapa/export?${PERIOD}`, { 'accept-language': 'it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(fileNameOf(res)).toBe('fatture_2025-02-01_2025-02-28.zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const xmlNames = Object.keys(files).filter((name) => name !== 'manifest.csv');
    expect(Object.keys(files)).toContain('manifest.csv');
    expect(xmlNames).toHaveLength(3);
    expect(xmlNames).toContain(singleName);
    for (const name of xmlNames) expect(name).toMatch(/^IT01234567897_[0-9A-Z]{5}\.xml$/);

    const documents = xmlNames.map((fileName) => ({ fileName, xml: strFromU8(files[fileName]) }));
    const checks = await checkAllAgainstSchema(documents);
    for (const [name, check] of checks) expect(check, name).toEqual({ valid: true, errors: [] });
    const numbers = documents.map(({ xml }) => {
      const doc = parseFattura(xml);
      expectTotalsAddUp(doc);
      return doc.FatturaElettronicaBody.DatiGenerali.DatiGeneraliDocumento.Numero as string;
    });
    // Nothing outside the period, nothing of another tenant (whose numbers may coincide: its sender differs).
    expect(numbers.sort()).toEqual(inPeriod.map((d) => d.fullNumber).sort());
    for (const { xml } of documents) expect(xml).not.toContain('Torino Clima');

    // Each document now carries the name it has in the zip.
    for (const doc of inPeriod) expect(xmlNames).toContain((await api.read(`invoices/${doc.id}`)).sdiFileName);
    for (const doc of outside) expect((await api.read(`invoices/${doc.id}`)).sdiFileName).toBeNull();

    const [header, ...rows] = csvCells(text(files['manifest.csv']));
    expect(header).toEqual([
      'Numero',
      'Data',
      'Tipo documento',
      'Cliente',
      'Nome file',
      'Totale documento',
      'Stato SdI',
    ]);
    expect(rows.map((row) => row[0])).toEqual(inPeriod.map((d) => `="${String(d.fullNumber)}"`));
    expect(rows[1]).toEqual([
      `="${String(inPeriod[1].fullNumber)}"`,
      '10/02/2025',
      'TD01 – Fattura',
      'Ospedale Privato S.p.A.',
      (await api.read(`invoices/${inPeriod[1].id}`)).sdiFileName,
      '1220,00',
      'Non inviata',
    ]);
  });

  it("gives another tenant's admin only that tenant's documents", async () => {
    const res = await get(`fatturapa/export?${PERIOD}`, {}, { tenant: 'globex', user: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).filter((name) => name !== 'manifest.csv');
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^IT09876543217_/);
    expect(strFromU8(files[names[0]])).toContain(String(globexInvoice.fullNumber));
  });
});

describe('the VAT sales register', () => {
  it('as CSV: a row per document and rate in number order, credit notes negative, split payment marked, totals', async () => {
    const res = await get(`vat-register?${PERIOD}&format=csv`, { 'accept-language': 'it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fileNameOf(res)).toBe('registro-iva-vendite_2025-02-01_2025-02-28.csv');
    const cells = csvCells(res.body);
    expect(cells[0]).toEqual([
      'Sezionale',
      'Numero',
      'Data',
      'Tipo documento',
      'Cliente',
      'Partita IVA',
      'Codice fiscale',
      'Totale documento',
      'Aliquota IVA %',
      'Natura',
      'Imponibile',
      'Imposta',
      'Esigibilità IVA',
    ]);
    const [mixed, split, note] = inPeriod.map((d) => `="${String(d.fullNumber)}"`);
    expect(cells.slice(1, 5)).toEqual([
      [
        '="FT"',
        mixed,
        '03/02/2025',
        'TD01 – Fattura',
        'Rossi Impianti S.r.l.',
        '="00743110157"',
        '="00743110157"',
        // 99.99 + 22.00 VAT + 200.00 exempt + the 2.00 stamp duty its exempt line brings (docs/domain.md#stamp-duty).
        '323,99',
        '22,00',
        '',
        '99,99',
        '22,00',
        'Immediata',
      ],
      [
        '="FT"',
        mixed,
        '03/02/2025',
        'TD01 – Fattura',
        'Rossi Impianti S.r.l.',
        '="00743110157"',
        '="00743110157"',
        '',
        '0,00',
        'N4',
        '200,00',
        '0,00',
        'Immediata',
      ],
      [
        '="FT"',
        split,
        '10/02/2025',
        'TD01 – Fattura',
        'Ospedale Privato S.p.A.',
        '="00743110157"',
        '="00743110157"',
        '1220,00',
        '22,00',
        '',
        '1000,00',
        '220,00',
        'Scissione dei pagamenti (art. 17-ter, non incassata)',
      ],
      [
        '="NC"',
        note,
        '20/02/2025',
        'TD04 – Nota di credito',
        'Rossi Impianti S.r.l.',
        '="00743110157"',
        '="00743110157"',
        '-40,66',
        '22,00',
        '',
        '-33,33',
        '-7,33',
        'Immediata',
      ],
    ]);
    expect(cells[5]).toEqual(['']);
    expect(cells[6]).toEqual(['Riepilogo per aliquota IVA e natura']);
    // Per rate: 99.99 + 1000.00 − 33.33 at 22%, of which the hospital's 220.00 under split payment; N4 200.00.
    expect(cells.slice(8)).toEqual([
      ['22,00', '', '1066,66', '234,67', '220,00', '14,67'],
      ['0,00', 'N4', '200,00', '0,00', '0,00', '0,00'],
      ['Totale', '', '1266,66', '234,67', '220,00', '14,67'],
    ]);
    // The sums agree with the invoices' own totals.
    const [a, b, c] = inPeriod.map((d) => Number(d.totalTaxable));
    expect((a + b - c).toFixed(2)).toBe('1266.66');
  });

  it('as XLSX: the same rows with numbers as numbers and dates as dates, headers in English', async () => {
    const res = await get(`vat-register?${PERIOD}&format=xlsx`, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileNameOf(res)).toBe('registro-iva-vendite_2025-02-01_2025-02-28.xlsx');
    const [sheet] = await readXlsxFile(res.rawPayload);
    expect(sheet.sheet).toBe('VAT sales register');
    const [header, ...rows] = sheet.data;
    expect(header.slice(0, 4)).toEqual(['Series', 'Number', 'Date', 'Document type']);
    const documents = rows.slice(0, 4);
    expect(documents.map((row) => [row[1], row[7], row[8], row[9], row[10], row[11]])).toEqual([
      [inPeriod[0].fullNumber, 323.99, 22, null, 99.99, 22],
      [inPeriod[0].fullNumber, null, 0, 'N4', 200, 0],
      [inPeriod[1].fullNumber, 1220, 22, null, 1000, 220],
      [inPeriod[2].fullNumber, -40.66, 22, null, -33.33, -7.33],
    ]);
    expect(documents[3][3]).toBe('TD04 – Credit note');
    expect(documents[2][12]).toBe('Split payment (art. 17-ter, not collected)');
    expect(documents[0][2]).toEqual(new Date(Date.UTC(2025, 1, 3)));
    const totals = rows.slice(rows.findIndex((row) => row[0] === 'Totals by VAT rate and nature') + 2);
    expect(totals).toEqual([
      [22, null, 1066.66, 234.67, 220, 14.67, ...Array(7).fill(null)],
      [0, 'N4', 200, 0, 0, 0, ...Array(7).fill(null)],
      ['Total', null, 1266.66, 234.67, 220, 14.67, ...Array(7).fill(null)],
    ]);
  });
});

describe('refusals', () => {
  it('answers 400 naming the parameter of a bad period or format', async () => {
    const cases: [string, string[]][] = [
      ['fatturapa/export?to=2025-02-28', ['from']],
      ['fatturapa/export', ['from', 'to']],
      ['fatturapa/export?from=2025-02-30&to=2025-03-01', ['from']],
      ['fatturapa/export?from=2025-03-01&to=2025-02-01', ['to']],
      ['fatturapa/export?from=2024-01-01&to=2025-02-01', ['to']],
      ['vat-register?from=01/02/2025&to=2025-02-28', ['from']],
      [`vat-register?${PERIOD}&format=pdf`, ['format']],
      [`vat-register?${PERIOD}&format=csv&format=xlsx`, ['format']],
      [`fatturapa/export?${PERIOD}&format=csv`, ['format']],
    ];
    for (const [url, paths] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(pathsOf(res.body), url).toEqual(paths);
    }
  });

  it('answers 403 to a technician and 401 without a token', async () => {
    for (const url of [`fatturapa/export?${PERIOD}`, `vat-register?${PERIOD}&format=csv`]) {
      expect((await get(url, {}, { tenant: 'acme', user: 'tecnico' })).statusCode, url).toBe(403);
      expect((await server.app.inject({ method: 'GET', url: `/sales/api/${url}` })).statusCode, url).toBe(401);
    }
  });
});
