import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { type Doc, invoiceApi, line, today } from './sales-invoices-fixture';

/**
 * Sales under a declaration of intent (N3.5, docs/domain.md#checks-before-issue): only within the period the
 * declaration covers and the ceiling (plafond) the customer declared, counting what was issued before under
 * the same protocol and what credit notes gave back. Refused on issue, naming the field, no number consumed.
 */

let server: TestServer;
let api: ReturnType<typeof invoiceApi>;
let seriesId: string;

const year = Number(today().slice(0, 4));
const declared = (extra: Record<string, unknown> = {}) => ({
  vatRegime: 'declarationOfIntent',
  declarationProtocolNumber: `${String(year).slice(2)}011012345678901-000001`,
  declarationDate: `${year}-01-10`,
  declarationFromDate: `${year}-01-01`,
  declarationToDate: `${year}-12-31`,
  declarationAmountCeiling: '1000.00',
  ...extra,
});
const underDeclaration = (unitPrice: string) => ({
  lines: [line({ description: 'Gruppo frigorifero', unitPrice, vatRate: '0', vatNature: 'N3.5' })],
});

type Problem = { path: string; key: string; params: Record<string, string> };

beforeAll(async () => {
  server = await startTestServer();
  api = invoiceApi(server, await server.auth('acme', 'admin'));
  seriesId = (await api.series('invoice')).id;
});
afterAll(() => server?.close());

const draftFor = (customer: Doc, unitPrice: string) => api.draft(customer.id, seriesId, underDeclaration(unitPrice));

async function refused(draft: Doc): Promise<Problem[]> {
  const res = await api.action(draft, 'issue');
  expect(res.statusCode, res.body).toBe(409);
  expect(await api.read(`invoices/${draft.id}`)).toMatchObject({ status: 'draft', number: null });
  return (res.json() as { errors: Problem[] }).errors;
}

describe('the declaration of intent on issue', () => {
  it('sells within the ceiling, counting earlier invoices and giving back what a credit note corrects', async () => {
    const exporter = await api.customer('Export Frigo S.p.A.', declared());
    const first = await api.run(await draftFor(exporter, '600'), 'issue');
    expect(first.declarationProtocolNumber).toBe(declared().declarationProtocolNumber);

    const over = await refused(await draftFor(exporter, '500'));
    expect(over.map((p) => [p.path, p.key, p.params.available])).toEqual([
      ['lines', 'validation.sales.sdiDeclarationCeiling', '400.00'],
    ]);
    await api.run(await draftFor(exporter, '400'), 'issue');

    // The first invoice wholly credited: its 600 are available again.
    const credited = await api.run(first, 'creditNote');
    const note = await api.read(`invoices/${String((credited.creditNoteIds as string[]).at(-1))}`);
    await api.run(note, 'issue');
    await api.run(await draftFor(exporter, '600'), 'issue');
    expect((await refused(await draftFor(exporter, '0.01'))).map((p) => p.path)).toEqual(['lines']);
  });

  it('refuses an invoice dated outside the declaration, and N3.5 lines without one', async () => {
    const lapsed = await api.customer('Frigo Scaduta S.r.l.', {
      ...declared({ declarationFromDate: `${year - 1}-01-01`, declarationToDate: `${year - 1}-12-31` }),
      declarationDate: `${year - 1}-01-10`,
    });
    expect((await refused(await draftFor(lapsed, '100'))).map((p) => [p.path, p.key])).toEqual([
      ['date', 'validation.sales.sdiDeclarationPeriod'],
    ]);
    const none = await api.customer('Frigo Standard S.r.l.');
    expect((await refused(await draftFor(none, '100'))).map((p) => [p.path, p.key])).toEqual([
      ['customerId', 'validation.sales.sdiDeclarationMissing'],
    ]);
  });

  it('lets only one of two issues at once take the last of the ceiling', async () => {
    const exporter = await api.customer('Export Concorrente S.p.A.', declared());
    const drafts = await Promise.all([draftFor(exporter, '600'), draftFor(exporter, '600')]);
    const answers = await Promise.all(drafts.map((draft) => api.action(draft, 'issue')));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });
});
