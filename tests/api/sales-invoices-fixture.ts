import { expect } from 'vitest';
import type { TestServer } from './helpers';

type Headers = Record<string, string>;
export type Doc = Record<string, unknown> & { id: string; version: number };

const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

/** Today in Italy, as the issue checks dates. */
export const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

export const line = (extra: Record<string, unknown> = {}) => ({
  description: 'Manutenzione split',
  quantity: '1',
  unitPrice: '100',
  vatRate: '22',
  ...extra,
});

/** The invoice calls of the tests, through HTTP as a client makes them. */
export function invoiceApi(server: TestServer, headers: Headers) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    server.app.inject({
      method,
      url: `/sales/api/${path}`,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const api = {
    call,
    async created(path: string, body: unknown): Promise<Doc> {
      const res = await call('POST', path, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(201);
      return res.json().data as Doc;
    },
    async read(path: string): Promise<Doc> {
      const res = await call('GET', path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      return res.json().data as Doc;
    },
    customer: (legalName: string, extra: Record<string, unknown> = {}) =>
      api.created('customers', {
        kind: 'company',
        legalName,
        vatCountry: 'IT',
        vatNumber: '00743110157',
        taxCode: '00743110157',
        sdiCode: '0000000',
        vatRegime: 'standard',
        billingAddress: milan,
        ...extra,
      }),
    async series(kind: string): Promise<Doc> {
      const res = await call(
        'GET',
        `numbering-series?filters[0][field]=documentKind&filters[0][operator]=eq&filters[0][value]=${kind}`,
      );
      return res.json().data[0] as Doc;
    },
    draft: (customerId: string, seriesId: string, extra: Record<string, unknown> = {}) =>
      api.created('invoices', {
        documentType: 'TD01',
        paymentConditions: 'TP02',
        customerId,
        seriesId,
        date: today(),
        lines: [line()],
        ...extra,
      }),
    action: async (invoice: Doc, action: string, input: Record<string, unknown> = {}) =>
      call('POST', `invoices/${invoice.id}/actions/${action}`, { version: invoice.version, ...input }),
    async run(invoice: Doc, action: string, input: Record<string, unknown> = {}): Promise<Doc> {
      const res = await api.action(invoice, action, input);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      return res.json().data as Doc;
    },
  };
  return api;
}

/** The fields a problem names. */
export const pathsOf = (body: string): string[] =>
  ((JSON.parse(body) as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
