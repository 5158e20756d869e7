import { expect } from 'vitest';
import { sdiReceipt, type ReceiptKind, type ReceiptOptions } from '../fixtures/sdi-receipts';
import type { TestServer } from './helpers';
import { type Doc, invoiceApi } from './sales-invoices-fixture';

type Headers = Record<string, string>;

/** The SdI calls of the tests (docs/wire-contract.md#sdi-receipts), through HTTP as a client makes them. */
export async function sdiApi(server: TestServer, tenant = 'acme') {
  const headers = await server.auth(tenant, 'admin');
  const api = invoiceApi(server, headers);
  const seriesId = (await api.series('invoice')).id;
  const customers = {
    company: await api.customer('Rossi Impianti S.r.l.', { pecEmail: 'rossi@pec.example.it' }),
    pa: await api.customer('Comune di Pioltello', {
      kind: 'publicAdministration',
      sdiCode: 'UFABCD',
      vatRegime: 'splitPayment',
      cig: 'Z1A2B3C4D5',
    }),
  };
  const sdi = {
    api,
    headers,
    customers,
    /** An invoice issued (not sent) to the company, or to the PA. */
    async issued(to: 'company' | 'pa' = 'company', extra: Record<string, unknown> = {}): Promise<Doc> {
      return api.run(await api.draft(customers[to].id, seriesId, extra), 'issue');
    },
    /** An invoice issued and sent to the SdI. */
    async sent(to: 'company' | 'pa' = 'company'): Promise<Doc> {
      return api.run(await sdi.issued(to), 'sendToSdi');
    },
    /** POSTs a receipt as an XML body. */
    post: (xml: string, type = 'application/xml', extra: Headers = {}) =>
      server.app.inject({
        method: 'POST',
        url: '/sales/api/sdi/receipts',
        headers: { ...headers, 'content-type': type, ...extra },
        payload: xml,
      }),
    /** Builds and imports a receipt of `kind` for the invoice's transmission; expects 201. */
    async receipt(invoice: Doc, kind: ReceiptKind, options: Partial<ReceiptOptions> = {}): Promise<Doc> {
      const res = await sdi.post(sdiReceipt(kind, { fileName: String(invoice.sdiFileName), ...options }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Doc;
    },
    /** The invoice's SdI history, oldest first. */
    async history(invoice: Doc): Promise<Doc[]> {
      const res = await api.call(
        'GET',
        `sdi-events?filters[0][field]=invoiceId&filters[0][operator]=eq&filters[0][value]=${invoice.id}&options[sortBy]=createdAt&options[sortDirection]=asc`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Doc[];
    },
  };
  return sdi;
}

/** A multipart/form-data body with one `file` part, as a browser's upload sends it. */
export function multipart(fileName: string, content: string): { payload: string; type: string } {
  const boundary = '----sdi-test-boundary';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    `Content-Type: text/xml\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, type: `multipart/form-data; boundary=${boundary}` };
}
