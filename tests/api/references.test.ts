import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, urlOf } from './contract/fixture';
import { startTestServer, type TestServer } from './helpers';
import { loadSamples } from './samples';
import { findResource } from '../../resources';

/**
 * References between records (server/records/references.ts): a write must name records of its own tenant,
 * and a record others point to (by a reference, many references or a line) is archived, not deleted.
 */
let server: TestServer;
let contract: Contract;
beforeAll(async () => {
  server = await startTestServer({ seedContacts: 0 });
  const { samples, producers } = await loadSamples();
  contract = new Contract(server, samples, producers);
  await contract.init();
});
afterAll(() => server?.close());

const def = (name: string) => findResource(name)!;

describe('references', () => {
  it('refuses a reference to a record of no tenant, or of another tenant, naming the field', async () => {
    const terms = def('sales/payment-terms');
    const theirs = await contract.post(urlOf(terms), (await contract.body(terms, 0)).body, contract.globex);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const customers = def('sales/customers');
    const { body } = await contract.body(customers, 0);
    for (const paymentTermId of ['00000000-0000-4000-8000-000000000000', theirs.json().data.id]) {
      const res = await contract.post(urlOf(customers), { ...body, paymentTermId });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ path: 'paymentTermId', key: 'validation.reference' }),
      );
    }
    expect((await contract.post(urlOf(customers), body)).statusCode).toBe(201);
  });

  it('refuses to delete a record others refer to (409 naming them), and deletes it once they are gone', async () => {
    const contractRecord = await contract.sharedRecord('ticketing/contracts');
    const site = await contract.sharedRecord('sales/sites');
    // The contract covers the site through its many references (siteIds).
    const refused = await contract.request('DELETE', `${urlOf(def('sales/sites'))}/${site.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('ticketing/contracts');
    expect((await contract.get(`${urlOf(def('sales/sites'))}/${site.id}`)).statusCode).toBe(200);

    const removed = await contract.request('DELETE', `${urlOf(def('ticketing/contracts'))}/${contractRecord.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it("refuses to delete an item a DDT's line names", async () => {
    await contract.sharedRecord('wh/DDT/in');
    const item = await contract.sharedRecord('wh/items');
    const refused = await contract.request('DELETE', `${urlOf(def('wh/items'))}/${item.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('wh/DDT/in');
  });
});
