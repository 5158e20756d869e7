import { expect } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

type Row = Record<string, unknown> & { id: string; version: number };
type Headers = Record<string, string>;

export interface ProblemBody {
  status: number;
  errors: { path: string; key: string; message: string }[];
}

/**
 * A test server (no demo data) and the calls the warehouse tests make: create, update, delete, actions
 * and stock read-back, as acme's administrator unless told otherwise.
 */
export class WarehouseApi {
  admin!: Headers;
  private counter = 0;

  private constructor(readonly server: TestServer) {}

  static async start(): Promise<WarehouseApi> {
    const api = new WarehouseApi(await startTestServer());
    api.admin = await api.server.auth('acme', 'admin');
    return api;
  }

  close() {
    return this.server.close();
  }

  /** A short distinct suffix for unique codes. */
  unique(): string {
    return `${++this.counter}${Math.random().toString(36).slice(2, 6)}`;
  }

  request(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Headers = this.admin) {
    return this.server.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async create(endpoint: string, body: Record<string, unknown>, service = 'warehouse'): Promise<Row> {
    const res = await this.request('POST', `/${service}/api/${endpoint}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Row;
  }

  async get(endpoint: string, id: string): Promise<Row> {
    const res = await this.request('GET', `/warehouse/api/${endpoint}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  }

  /** The status and problem of a call that must fail. */
  async refused(method: 'POST' | 'DELETE', url: string, body?: unknown) {
    const res = await this.request(method, url, body);
    expect(res.headers['content-type']).toContain('application/problem+json');
    return { status: res.statusCode, problem: res.json() as ProblemBody };
  }

  async list(endpoint: string, filters: [string, string, string][] = []): Promise<Row[]> {
    const params = new URLSearchParams({ pageSize: '100' });
    filters.forEach(([field, operator, value], i) => {
      params.append(`filters[${i}][field]`, field);
      params.append(`filters[${i}][operator]`, operator);
      params.append(`filters[${i}][value]`, value);
    });
    const res = await this.request('GET', `/warehouse/api/${endpoint}?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row[];
  }

  /** On-hand quantity of an item per `warehouseId|locationId|lot`, as the stocks API answers it. */
  async stock(itemId: string): Promise<Record<string, string>> {
    const rows = await this.list('stocks', [['itemId', 'eq', itemId]]);
    return Object.fromEntries(
      rows.map((r) => [
        `${String(r.warehouseId)}|${String(r.locationId ?? '')}|${String(r.lotNumber ?? '')}`,
        r.onHand as string,
      ]),
    );
  }

  async item(body: Record<string, unknown> = {}): Promise<Row> {
    const n = this.unique();
    return this.create('items', { sku: `ART-${n}`, name: `Filtro ${n}`, uom: 'pz', tracking: 'none', ...body });
  }

  async warehouse(body: Record<string, unknown> = {}): Promise<Row> {
    const n = this.unique();
    return this.create('warehouses', { code: `W${n}`.slice(0, 10), name: `Magazzino ${n}`, type: 'main', ...body });
  }

  async location(warehouseId: string, body: Record<string, unknown> = {}): Promise<Row> {
    return this.create('locations', { warehouseId, code: `L-${this.unique()}`, kind: 'storage', ...body });
  }

  async movement(body: Record<string, unknown>): Promise<Row> {
    return this.create('movements', { state: 'done', date: new Date(Date.now() - 60_000).toISOString(), ...body });
  }

  /** A supplier of the sales service, which DDTs come from. */
  async supplier(): Promise<Row> {
    const n = this.unique();
    return this.create(
      'suppliers',
      {
        legalName: `Frigoveneta ${n} S.r.l.`,
        vatNumber: vatNumber(`0${String(Date.now() % 1e8).padStart(8, '0')}${this.counter % 10}`),
        address: { street: 'Via Roma', streetNumber: '1', zip: '35100', city: 'Padova', province: 'PD', country: 'IT' },
      },
      'sales',
    );
  }
}

/** Movement dates a minute ago: not in the future, in the current year. */
export const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A valid Partita IVA from its first ten digits (check digit of docs/domain.md#italian-identifiers). */
function vatNumber(ten: string): string {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(ten[i]);
    total += i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return `${ten}${(10 - (total % 10)) % 10}`;
}
