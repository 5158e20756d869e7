import { expect } from 'vitest';
import type { TestServer } from './helpers';

type Headers = Record<string, string>;
export type Row = Record<string, unknown> & { id: string; version: number };

/** JSON calls through app.inject; `create` and `ok` fail the test unless the call succeeds. */
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
    async create(url: string, headers: Headers, body: unknown): Promise<Row> {
      const res = await call('POST', url, headers, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().data as Row;
    },
    async ok(method: 'GET' | 'POST', url: string, headers: Headers, body?: unknown): Promise<Row> {
      const res = await call(method, url, headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json().data as Row;
    },
  };
}

/** The paths of a problem's errors. */
export function paths(body: string): string[] {
  return ((JSON.parse(body) as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
}

/**
 * Sends activities to their technicians through the planner's confirm sending (docs/domain.md#planner): the one
 * way an activity becomes `published`. Answers the sending's result.
 */
export async function publish(server: TestServer, headers: Headers, activityIds: string[]) {
  const res = await api(server).post('/wfm/api/planning/publish', headers, { activityIds });
  expect(res.statusCode, `publish: ${res.body}`).toBe(200);
  return res.json() as { published: number; technicians: { technicianId: string; changes: number }[] };
}

const address = (street: string) => ({ street, streetNumber: '10', zip: '20121', city: 'Milano', province: 'MI' });

/**
 * What the wfm tests build on, through the API: two customers of acme with a site each, the gases of
 * the tests, two technicians (the first signing in as the demo user `tecnico`, both F-gas certified)
 * and a machine at the first site.
 */
export async function buildWfmWorld(server: TestServer) {
  const admin = await server.auth('acme', 'admin');
  const tecnicoAuth = await server.auth('acme', 'tecnico');
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
  const customerA = await customer('Supermercati Rossi S.r.l.', '00743110157');
  const customerB = await customer('Ristorante Da Gino S.n.c.', '12345678903');
  const site = (customerId: string, code: string) =>
    create('/sales/api/sites', admin, {
      customerId,
      code,
      name: `Punto vendita ${code}`,
      address: address('Via Roma'),
    });
  const siteA = await site(customerA.id, 'PV01');
  const siteB = await site(customerB.id, 'SEDE');
  // The GWP table is seeded for every tenant (docs/domain.md#refrigerants-and-gwp), even without demo data.
  const gas = async (code: string) => {
    const res = await get(
      `/wfm/api/refrigerants?filters[0][field]=code&filters[0][operator]=eq&filters[0][value]=${code}`,
      admin,
    );
    expect(res.json().total, code).toBe(1);
    return res.json().data[0] as Row;
  };
  const r410a = await gas('R410A');
  const r1234yf = await gas('R1234yf');
  const r290 = await gas('R290');
  const users = await get(
    '/oauth2/api/users?filters[0][field]=username&filters[0][operator]=eq&filters[0][value]=tecnico',
    admin,
  );
  const technician = (firstName: string, userId: string | null) =>
    create('/wfm/api/technicians', admin, {
      firstName,
      lastName: 'Bianchi',
      phone: '+393331234567',
      color: '#1e88e5',
      userId,
      fgasCertificateNumber: `IT-FGAS-${firstName}`,
      fgasCertificateCategory: 'I',
      fgasCertificateIssueDate: '2020-01-15',
      fgasCertificateExpiryDate: '2030-01-14',
    });
  const tecnico = await technician('Luca', users.json().data[0].id as string);
  const other = await technician('Paolo', null);
  const machine = await create('/wfm/api/machines', admin, {
    code: 'CF-01',
    siteId: siteA.id,
    name: 'Cella frigo latticini',
    equipmentCategory: 'coldRoom',
    fgasEquipmentType: 'stationaryRefrigeration',
    refrigerantId: r410a.id,
    refrigerantChargeKg: '12.5',
    installationDate: '2022-03-15',
    status: 'active',
  });
  // Each activity gets its own morning, a day after the previous one's: the planning checks refuse a
  // technician in two places at once (docs/domain.md#planning-checks).
  let planned = 0;
  const nextSlot = () => {
    const day = new Date(Date.UTC(2026, 2, 2 + planned++)).toISOString().slice(0, 10);
    return { scheduledStart: `${day}T08:00:00Z`, scheduledEnd: `${day}T12:00:00Z` };
  };
  /** An assigned activity at site A for the given technicians, on a morning of its own unless `extra` says. */
  const createActivity = (technicianIds: string[], extra: Record<string, unknown>) =>
    create('/wfm/api/activities', admin, {
      customerId: customerA.id,
      siteId: siteA.id,
      machineIds: [machine.id],
      type: 'maintenance',
      priority: 'normal',
      billingMode: 'chargeable',
      title: 'Manutenzione semestrale',
      technicianIds,
      leadTechnicianId: technicianIds[0],
      ...nextSlot(),
      ...extra,
    });
  /**
   * An assigned activity at site A for the given technicians, sent to them (technicians reach only published
   * activities, docs/tenancy-and-security.md#record-scopes) unless `{ publish: false }` keeps it a draft.
   */
  const activity = async (
    technicianIds: string[],
    extra: Record<string, unknown> = {},
    options: { publish?: boolean } = {},
  ): Promise<Row> => {
    const created = await createActivity(technicianIds, extra);
    if (options.publish === false) return created;
    await publish(server, admin, [created.id]);
    return (await get(`/wfm/api/activities/${created.id}`, admin)).json().data as Row;
  };
  return {
    admin,
    tecnicoAuth,
    customerA,
    customerB,
    siteA,
    siteB,
    r410a,
    r1234yf,
    r290,
    tecnico,
    other,
    machine,
    activity,
  };
}
