import { expect } from 'vitest';
import type { TestServer } from './helpers';

export type Row = Record<string, unknown>;
export type Headers = { authorization: string };

/** Numbered documents are dated this year: a series that has reached a year refuses earlier ones. */
export const Y = new Date().getFullYear();
const milan = { street: 'Via Roma', streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' };

/** Calls of the quotes' and proformas' tests, as the acme administrator unless told. */
export function salesApi(server: TestServer, admin: Headers) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as: Headers = admin) =>
    server.app.inject({
      method,
      url: `/sales/api/${url}`,
      headers: body === undefined ? as : { ...as, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    call,
    async create(url: string, body: unknown): Promise<Row> {
      const res = await call('POST', url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().data as Row;
    },
    async get(url: string): Promise<Row> {
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data as Row;
    },
    async list(url: string): Promise<Row[]> {
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data as Row[];
    },
    /** Runs an action on a record at its current version; the raw answer. */
    async act(endpoint: string, record: Row, action: string, input: Row = {}, as: Headers = admin) {
      return call(
        'POST',
        `${endpoint}/${String(record.id)}/actions/${action}`,
        { version: record.version, ...input },
        as,
      );
    },
    /** The same, expecting 200: the record as the action left it. */
    async done(endpoint: string, record: Row, action: string, input: Row = {}): Promise<Row> {
      const res = await call('POST', `${endpoint}/${String(record.id)}/actions/${action}`, {
        version: record.version,
        ...input,
      });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      return res.json().data as Row;
    },
  };
}

/** A company customer of acme, with the given extra fields (an e-mail, a payment method). */
export function customerBody(extra: Row = {}): Row {
  return {
    kind: 'company',
    legalName: 'Hotel Bellavista S.r.l.',
    vatCountry: 'IT',
    vatNumber: '00743110157',
    taxCode: '00743110157',
    sdiCode: '0000000',
    vatRegime: 'standard',
    billingAddress: milan,
    ...extra,
  };
}

export const line = (extra: Row = {}): Row => ({
  description: 'Manutenzione split',
  quantity: '1',
  unitPrice: '100',
  vatRate: '22',
  ...extra,
});

/** The paths of a problem's errors. */
export const paths = (body: string): string[] =>
  ((JSON.parse(body) as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);

/** The mails the server wrote, newest first. */
export async function outbox(server: TestServer): Promise<Row[]> {
  return (await server.app.inject({ url: '/oauth2/dev/outbox' })).json().data as Row[];
}
