import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { invoiceApi } from './sales-invoices-fixture';

// Runs on PGlite, and on PostgreSQL with DATABASE_URL (where the issues really run in parallel).
let server: TestServer;
let api: ReturnType<typeof invoiceApi>;

beforeAll(async () => {
  server = await startTestServer();
  api = invoiceApi(server, await server.auth('acme', 'admin'));
});
afterAll(() => server?.close());

describe(`issuing invoices at once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives 20 concurrent issues of one series 20 distinct consecutive numbers, with no gap', async () => {
    const customer = await api.customer('Rossi S.r.l.');
    const series = await api.created('numbering-series', {
      documentKind: 'invoice',
      code: 'CONC',
      format: 'C/{year}/{number:0000}',
      nextNumber: 1,
      fiscal: true,
    });
    const drafts = [];
    for (let i = 0; i < 20; i++) drafts.push(await api.draft(customer.id, series.id));
    const results = await Promise.all(drafts.map((draft) => api.action(draft, 'issue')));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const numbers = results.map((res) => res.json().data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const after = await api.read(`numbering-series/${series.id}`);
    expect(after.nextNumber).toBe(21);
    // A retry of an issue already done answers the issued invoice and takes no number.
    const retry = await api.action(drafts[0], 'issue');
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await api.read(`numbering-series/${series.id}`)).nextNumber).toBe(21);
  });
});
