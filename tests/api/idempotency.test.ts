import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenancy';
import { housekeeping } from '../../server/jobs/housekeeping';
import { JobRunner } from '../../server/jobs/index';
import { PASSWORD, startTestServer, type TestServer } from './helpers';
import { invoiceApi, today, type Doc } from './sales-invoices-fixture';

// Runs on PGlite, and on PostgreSQL with DATABASE_URL (where the duplicates really run in parallel).
type Who = { authorization: string };
let server: TestServer;
let admin: Who;
let otherAdmin: Who;
let globex: Who;

const CONTACTS = '/address-book/api/contacts';
const JSON_HEADERS = { 'content-type': 'application/json' };

const post = (url: string, body: unknown, key?: string, who: Who = admin) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { ...who, ...JSON_HEADERS, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });

const contact = (lastName: string, extra: Record<string, unknown> = {}) => ({
  kind: 'person',
  firstName: 'Mario',
  lastName,
  mobile: '333 123 4567',
  ...extra,
});

/** How many contacts of the caller's tenant have this last name. */
async function contactsNamed(lastName: string, who: Who = admin): Promise<number> {
  const res = await server.app.inject({
    url: `${CONTACTS}?filters[0][field]=lastName&filters[0][operator]=eq&filters[0][value]=${lastName}`,
    headers: who,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
}

const pathsOf = (body: string) => (JSON.parse(body).errors as { path: string }[]).map((e) => e.path);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  globex = await server.auth('globex', 'admin');
  const made = await post('/oauth2/api/users', { username: 'admin2', roles: ['ROLE_ADMIN'], password: PASSWORD });
  expect(made.statusCode, made.body).toBe(201);
  otherAdmin = await server.auth('acme', 'admin2');
});
afterAll(() => server?.close());

describe('creates with an Idempotency-Key', () => {
  it('without a key, creates every time it is sent (the behaviour keys change)', async () => {
    expect((await post(CONTACTS, contact('Senzachiave'))).statusCode).toBe(201);
    expect((await post(CONTACTS, contact('Senzachiave'))).statusCode).toBe(201);
    expect(await contactsNamed('Senzachiave')).toBe(2);
  });

  it('answers a repeat with the record the first made, as it is now: 200, marked as a replay', async () => {
    const first = await post(CONTACTS, contact('Ripetuto', { email: 'r@example.it' }), 'key-sequential');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const id = first.json().data.id as string;

    // The same body with its keys in another order is the same request.
    const again = await post(
      CONTACTS,
      { email: 'r@example.it', mobile: '333 123 4567', lastName: 'Ripetuto', firstName: 'Mario', kind: 'person' },
      'key-sequential',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);

    const edited = await post(`${CONTACTS}/${id}`, { version: 1, jobTitle: 'Tecnico' });
    expect(edited.statusCode, edited.body).toBe(200);
    const later = await post(CONTACTS, contact('Ripetuto', { email: 'r@example.it' }), 'key-sequential');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data).toMatchObject({ id, version: 2, jobTitle: 'Tecnico' });
    expect(await contactsNamed('Ripetuto')).toBe(1);
  });

  it('refuses the same key with another body or on another resource (422 naming the header)', async () => {
    expect((await post(CONTACTS, contact('Primo'), 'key-reused')).statusCode).toBe(201);
    const otherBody = await post(CONTACTS, contact('Secondo'), 'key-reused');
    expect(otherBody.statusCode, otherBody.body).toBe(422);
    expect(pathsOf(otherBody.body)).toEqual(['Idempotency-Key']);
    expect(otherBody.json().errors[0].key).toBe('validation.idempotencyKeyReused');
    const otherResource = await post('/sales/api/payment-terms', { name: 'Rimessa diretta' }, 'key-reused');
    expect(otherResource.statusCode, otherResource.body).toBe(422);
    expect(pathsOf(otherResource.body)).toEqual(['Idempotency-Key']);
    expect(await contactsNamed('Secondo')).toBe(0);
    expect(await contactsNamed('Primo')).toBe(1);
  });

  it('refuses a malformed key with a 400 naming the header, creating nothing', async () => {
    for (const key of ['', 'x'.repeat(201), 'chiave\tcon tab', 'chiave-è']) {
      const res = await post(CONTACTS, contact('Chiavesbagliata'), key);
      expect(res.statusCode, `${JSON.stringify(key)}: ${res.body}`).toBe(400);
      expect(pathsOf(res.body)).toEqual(['Idempotency-Key']);
    }
    const italian = await server.app.inject({
      method: 'POST',
      url: CONTACTS,
      payload: JSON.stringify(contact('Chiavesbagliata')),
      headers: { ...admin, ...JSON_HEADERS, 'accept-language': 'it', 'idempotency-key': '' },
    });
    expect(italian.json().errors[0].message).toBe('Deve essere da 1 a 200 caratteri ASCII stampabili');
    expect(await contactsNamed('Chiavesbagliata')).toBe(0);
    // 200 printable characters, spaces included, are a key.
    expect((await post(CONTACTS, contact('Chiavelunga'), `a b${'x'.repeat(197)}`)).statusCode).toBe(201);
  });

  it("keeps another user's and another tenant's key apart", async () => {
    const mine = await post(CONTACTS, contact('Separato'), 'key-shared');
    const colleague = await post(CONTACTS, contact('Separato'), 'key-shared', otherAdmin);
    const elsewhere = await post(CONTACTS, contact('Separato'), 'key-shared', globex);
    expect([mine.statusCode, colleague.statusCode, elsewhere.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([mine, colleague, elsewhere].map((res) => res.json().data.id)).size).toBe(3);
    expect(await contactsNamed('Separato')).toBe(2);
    expect(await contactsNamed('Separato', globex)).toBe(1);
    // Each replays their own.
    const colleagueAgain = await post(CONTACTS, contact('Separato'), 'key-shared', otherAdmin);
    expect(colleagueAgain.statusCode).toBe(200);
    expect(colleagueAgain.json().data.id).toBe(colleague.json().data.id);
  });

  it('leaves write-only values (a password) out of the body it compares: a retry differing in them is a replay', async () => {
    const user = { username: 'ripetuto', roles: ['ROLE_TECHNICIAN'], password: 'prima-password-1' };
    const first = await post('/oauth2/api/users', user, 'key-user');
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/oauth2/api/users', { ...user, password: 'seconda-password-2' }, 'key-user');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const renamed = await post('/oauth2/api/users', { ...user, username: 'altro' }, 'key-user');
    expect(renamed.statusCode, renamed.body).toBe(422);
  });

  it('keeps the key free when the create is refused, so the corrected request creates', async () => {
    const refused = await post(CONTACTS, contact('Corretto', { email: 'non-una-mail' }), 'key-fixed');
    expect(refused.statusCode, refused.body).toBe(400);
    const fixed = await post(CONTACTS, contact('Corretto', { email: 'c@example.it' }), 'key-fixed');
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await contactsNamed('Corretto')).toBe(1);
  });

  it('answers 404 to a repeat once the record it made is deleted, and creates nothing', async () => {
    const first = await post(CONTACTS, contact('Cancellato'), 'key-deleted');
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${CONTACTS}/${first.json().data.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await post(CONTACTS, contact('Cancellato'), 'key-deleted');
    expect(again.statusCode, again.body).toBe(404);
    expect(await contactsNamed('Cancellato')).toBe(0);
  });

  it('creates once for 20 concurrent requests with one key, and answers each the same record', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(CONTACTS, contact('Concorrente'), 'key-concurrent')),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(results.map((res) => res.json().data.id)).size).toBe(1);
    expect(await contactsNamed('Concorrente')).toBe(1);
  });

  it('forgets a key after 24 hours: the same key then creates anew, and housekeeping deletes it', async () => {
    const first = await post(CONTACTS, contact('Scaduto'), 'key-expiring');
    const age = (hours: number) =>
      withTenant(server.db.kysely, 'acme', (trx) =>
        trx
          .updateTable('public.idempotencyKeys')
          .set({ createdAt: sql<string>`now() - make_interval(hours => ${hours})` })
          .where('key', '=', 'key-expiring')
          .execute(),
      );
    const keys = () =>
      withTenant(server.db.kysely, 'acme', (trx) =>
        trx.selectFrom('public.idempotencyKeys').select('recordId').where('key', '=', 'key-expiring').execute(),
      );
    await age(23);
    expect((await post(CONTACTS, contact('Scaduto'), 'key-expiring')).statusCode).toBe(200);
    await age(25);
    const anew = await post(CONTACTS, contact('Scaduto'), 'key-expiring');
    expect(anew.statusCode, anew.body).toBe(201);
    expect(anew.json().data.id).not.toBe(first.json().data.id);
    expect(await contactsNamed('Scaduto')).toBe(2);
    expect(await keys()).toEqual([{ recordId: anew.json().data.id }]);

    await age(25);
    expect(await new JobRunner({ db: server.db.kysely, jobs: [housekeeping] }).tick()).toEqual(['housekeeping']);
    expect(await keys()).toEqual([]);
  });
});

describe(`payments with an Idempotency-Key (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let invoice: Doc;
  const payments = async () => {
    const res = await server.app.inject({
      url: `/sales/api/payments?filters[0][field]=invoiceId&filters[0][operator]=eq&filters[0][value]=${invoice.id}`,
      headers: admin,
    });
    return res.json().total as number;
  };
  const pay = (amount: string, key: string) =>
    post('/sales/api/payments', { invoiceId: invoice.id, date: today(), amount }, key);

  beforeAll(async () => {
    const api = invoiceApi(server, admin);
    const customer = await api.customer('Pagatori Ripetuti S.r.l.');
    const series = await api.series('invoice');
    invoice = await api.run(await api.draft(customer.id, series.id), 'issue');
  });

  it('records a payment sent twice once, and its amount once', async () => {
    const first = await pay('10.00', 'pay-sequential');
    expect(first.statusCode, first.body).toBe(201);
    const again = await pay('10.00', 'pay-sequential');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await payments()).toBe(1);
    const shown = await server.app.inject({ url: `/sales/api/invoices/${invoice.id}`, headers: admin });
    expect(shown.json().data.paidAmount).toBe('10.00');
    expect((await pay('11.00', 'pay-sequential')).statusCode).toBe(422);
  });

  it('records one payment for 20 concurrent duplicates, every answer naming it', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => pay('5.00', 'pay-concurrent')));
    expect(results.map((res) => res.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(results.map((res) => res.json().data.id)).size).toBe(1);
    expect(await payments()).toBe(2);
    const shown = await server.app.inject({ url: `/sales/api/invoices/${invoice.id}`, headers: admin });
    expect(shown.json().data.paidAmount).toBe('15.00');
  });
});
