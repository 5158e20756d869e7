import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let acme: { authorization: string };
let globex: { authorization: string };
const URL = '/address-book/api/contacts';

beforeAll(async () => {
  // The full demo seed: it goes through the API's validation, so a bad generator fails here.
  server = await startTestServer({ seedContacts: 40 });
  acme = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
});
afterAll(() => server?.close());

describe('demo seed', () => {
  it('gives each tenant 40 valid Italian contacts, people and companies', async () => {
    for (const headers of [acme, globex]) {
      const all = (await server.app.inject({ url: `${URL}?pageSize=100`, headers })).json();
      expect(all.total).toBe(40);
      const kinds = new Set(all.data.map((c: { kind: string }) => c.kind));
      expect(kinds).toEqual(new Set(['person', 'company']));
      for (const contact of all.data) {
        expect(contact.email ?? contact.phone ?? contact.mobile).toBeTruthy();
        for (const phone of [contact.phone, contact.mobile].filter(Boolean)) expect(phone).toMatch(/^\+39\d{6,11}$/);
        if (contact.address)
          expect(contact.address).toMatchObject({ zip: expect.stringMatching(/^\d{5}$/), country: 'IT' });
      }
    }
  });
});

describe('tenant isolation', () => {
  it("never shows, reads, changes or deletes another tenant's contacts", async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: { kind: 'company', companyName: 'Segreto Acme S.r.l.', email: 'segreto@acme.it' },
      headers: acme,
    });
    const { id } = created.json().data;

    const search = `filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=Segreto`;
    expect((await server.app.inject({ url: `${URL}?${search}`, headers: acme })).json().total).toBe(1);
    expect((await server.app.inject({ url: `${URL}?${search}`, headers: globex })).json()).toEqual({
      data: [],
      total: 0,
    });
    const byId = `filters[0][field]=id&filters[0][operator]=eq&filters[0][value]=${id}`;
    expect((await server.app.inject({ url: `${URL}?${byId}`, headers: globex })).json().total).toBe(0);

    const globexList = (await server.app.inject({ url: `${URL}?pageSize=100`, headers: globex })).json();
    expect(globexList.data.map((c: { id: string }) => c.id)).not.toContain(id);

    const get = await server.app.inject({ url: `${URL}/${id}`, headers: globex });
    expect(get.statusCode).toBe(404);
    const update = await server.app.inject({
      method: 'POST',
      url: `${URL}/${id}`,
      payload: { version: 1, companyName: 'Rubato' },
      headers: globex,
    });
    expect(update.statusCode).toBe(404);
    const del = await server.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: globex });
    expect(del.statusCode).toBe(404);

    const still = await server.app.inject({ url: `${URL}/${id}`, headers: acme });
    expect(still.json().data).toMatchObject({ companyName: 'Segreto Acme S.r.l.', version: 1 });
  });

  it('takes the tenant from the token, never from the request', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: { kind: 'person', firstName: 'A', lastName: 'B', email: 'a@b.it', tenantId: 'globex' },
      headers: { ...acme, 'x-tenant': 'globex' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'tenantId', key: 'validation.unknownField' });
  });
});
