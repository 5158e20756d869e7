import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkAllAgainstSchema } from '../../server/services/sales/fatturapa/validate';
import { startTestServer, type TestServer } from './helpers';
import { all, expectTotalsAddUp, parseFattura, type Tree } from './sales-fatturapa-fixture';

/**
 * Every invoice the demo seed issues (server/seed/sales-billing.ts, through the issue action and so through
 * the checks before issue, docs/domain.md#checks-before-issue) has an XML the SdI would take: valid against
 * the official XSD, its DatiRiepilogo and ImportoTotaleDocumento adding up as the SdI recomputes them.
 */

const TENANTS = ['acme', 'globex'];
/** Issued, or issued and then wholly credited: both were sent to the SdI. */
const SENT = new Set(['issued', 'cancelledByCreditNote']);

let server: TestServer;
/** What the seed logged it skipped: a refused issue would show here. */
const skipped: string[] = [];
const documents = new Map<string, { tenant: string; invoice: Tree; xml: string }>();

async function listAll(tenant: string, path: string): Promise<Tree[]> {
  const headers = await server.auth(tenant, 'admin');
  const rows: Tree[] = [];
  for (let page = 0; ; page++) {
    const url = `/sales/api/${path}?pageSize=100&page=${page}`;
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const { data, total } = res.json() as { data: Tree[]; total: number };
    rows.push(...data);
    if (data.length === 0 || rows.length >= total) return rows;
  }
}

beforeAll(async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => {
    skipped.push(String(message));
  });
  try {
    server = await startTestServer({ app: { demoScale: 1 } });
  } finally {
    warn.mockRestore();
  }
  for (const tenant of TENANTS) {
    const headers = await server.auth(tenant, 'admin');
    for (const invoice of (await listAll(tenant, 'invoices')).filter((i) => SENT.has(String(i.status)))) {
      const url = `/sales/api/invoices/${String(invoice.id)}/fatturapa`;
      const res = await server.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${tenant} ${String(invoice.fullNumber)}: ${res.body}`).toBe(200);
      const fileName = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
      documents.set(`${tenant}-${fileName}`, { tenant, invoice, xml: res.body });
    }
  }
}, 600_000);
afterAll(async () => {
  await server?.close();
});

describe('the demo seed', () => {
  it('issues its invoices and credit note without the checks refusing one', () => {
    expect(skipped.filter((m) => m.includes('sales/invoices'))).toEqual([]);
    for (const tenant of TENANTS) {
      const own = [...documents.values()].filter((d) => d.tenant === tenant);
      expect(own.length, tenant).toBeGreaterThanOrEqual(15);
      expect(own.some((d) => d.invoice.documentType === 'TD04')).toBe(true);
    }
  });

  it('covers each case the acceptance names, so the XSD run below judges all of them', () => {
    const own = [...documents.values()].filter((d) => d.tenant === 'acme').map((d) => d.xml);
    const cases: Record<string, RegExp> = {
      TD01: /<TipoDocumento>TD01</,
      TD04: /<TipoDocumento>TD04</,
      TD24: /<TipoDocumento>TD24</,
      'split payment': /<EsigibilitaIVA>S</,
      'reverse charge': /<Natura>N6\.7</,
      'exempt with stamp duty': /<BolloVirtuale>SI</,
      withholding: /<DatiRitenuta>/,
      'declaration of intent': /<TipoDato>INTENTO</,
      'PA with CIG': /versione="FPA12"[\s\S]*<CodiceCIG>/,
    };
    for (const [name, pattern] of Object.entries(cases))
      expect(
        own.some((xml) => pattern.test(xml)),
        name,
      ).toBe(true);
  });

  it('gives every issued invoice an XML valid against the official XSD', async () => {
    const checks = await checkAllAgainstSchema([...documents].map(([fileName, { xml }]) => ({ fileName, xml })));
    for (const [fileName, check] of checks) expect(check.errors, fileName).toEqual([]);
    expect([...checks.values()].every((c) => c.valid)).toBe(true);
  }, 120_000);

  it('has the totals add up as the SdI recomputes them, and the customer as frozen on issue', () => {
    for (const [fileName, { invoice, xml }] of documents) {
      const doc = parseFattura(xml);
      expectTotalsAddUp(doc);
      const general = doc.FatturaElettronicaBody.DatiGenerali.DatiGeneraliDocumento as Tree;
      expect(general.ImportoTotaleDocumento, fileName).toBe(invoice.totalDocument);
      expect(general.Numero, fileName).toBe(invoice.fullNumber);
      const snapshot = (invoice.customerSnapshot as Tree[] | null)?.[0];
      expect(snapshot, fileName).toBeTruthy();
      const recipient = doc.FatturaElettronicaHeader.CessionarioCommittente.DatiAnagrafici as Tree;
      if (snapshot?.vatNumber) expect(recipient.IdFiscaleIVA.IdCodice, fileName).toBe(snapshot.vatNumber);
      const due = all(doc.FatturaElettronicaBody.DatiPagamento?.DettaglioPagamento);
      const paid = due.reduce((sum, d) => sum + Math.round(Number(d.ImportoPagamento) * 100), 0);
      // The customer pays the net of split-payment VAT and withholding (docs/domain.md#tax-cases).
      if (due.length > 0) expect(paid, fileName).toBe(Math.round(Number(invoice.amountPayable) * 100));
    }
  });
});
