import { expect } from 'vitest';
import type { TestServer } from './helpers';

type Headers = Record<string, string>;
type Row = Record<string, unknown> & { id: string; version: number };

/**
 * What the ticketing tests build on, made through the API of the other services: two customers of
 * acme, their sites, a machine at each of the first customer's sites, and two technicians, the first
 * signing in as the demo user `tecnico`.
 */
export interface World {
  admin: Headers;
  customerA: string;
  customerB: string;
  siteA1: string;
  siteA2: string;
  siteB1: string;
  machineA1: string;
  machineA2: string;
  tecnico: string;
  otherTechnician: string;
}

export function api(server: TestServer) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, body?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (url: string, headers: Headers) => call('GET', url, headers),
    post: (url: string, headers: Headers, body: unknown) => call('POST', url, headers, body),
    del: (url: string, headers: Headers) => call('DELETE', url, headers),
    /** A create that must succeed: the record. */
    async create(url: string, headers: Headers, body: unknown): Promise<Row> {
      const res = await call('POST', url, headers, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().data as Row;
    },
  };
}

const address = (street: string) => ({ street, streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' });

export async function buildWorld(server: TestServer): Promise<World> {
  const admin = await server.auth('acme', 'admin');
  const { create, get } = api(server);
  const customer = (legalName: string, vatNumber: string) =>
    create('/sales/api/customers', admin, {
      kind: 'company',
      legalName,
      vatCountry: 'IT',
      vatNumber,
      taxCode: vatNumber,
      sdiCode: '0000000',
      vatRegime: 'standard',
      billingAddress: address('Via Torino'),
    });
  const customerA = (await customer('Supermercati Rossi S.r.l.', '00743110157')).id;
  const customerB = (await customer('Ristorante Da Gino S.n.c.', '12345678903')).id;
  const site = async (customerId: string, code: string) =>
    (
      await create('/sales/api/sites', admin, {
        customerId,
        code,
        name: `Punto vendita ${code}`,
        address: address('Via Roma'),
      })
    ).id;
  const siteA1 = await site(customerA, 'PV01');
  const siteA2 = await site(customerA, 'PV02');
  const siteB1 = await site(customerB, 'SEDE');
  const machine = async (siteId: string, code: string) =>
    (
      await create('/wfm/api/machines', admin, {
        code,
        siteId,
        name: `Cella frigo ${code}`,
        equipmentCategory: 'coldRoom',
        status: 'active',
      })
    ).id;
  const users = await get(
    '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=tecnico',
    admin,
  );
  const tecnicoUser = users.json().data[0].id as string;
  const technician = async (firstName: string, userId: string | null) =>
    (
      await create('/wfm/api/technicians', admin, {
        firstName,
        lastName: 'Bianchi',
        phone: '+393331234567',
        color: '#1e88e5',
        userId,
      })
    ).id;
  return {
    admin,
    customerA,
    customerB,
    siteA1,
    siteA2,
    siteB1,
    machineA1: await machine(siteA1, 'CF-01'),
    machineA2: await machine(siteA2, 'CF-02'),
    tecnico: await technician('Luca', tecnicoUser),
    otherTechnician: await technician('Paolo', null),
  };
}

/** The paths of a problem's errors. */
export function paths(body: string): string[] {
  return ((JSON.parse(body) as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
}
