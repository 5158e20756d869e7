import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../resources';
import { canAccess, type Field, type ResourceDefinition } from '../../../resources/schema';
import { startTestServer, type TestServer } from '../helpers';
import { loadSamples } from '../samples';
import { Contract, urlOf, type Made, type Row } from './fixture';
import { invalidTests } from './invalid';
import { filterTests, sortTests } from './queries';
import { Report } from './report';
import { defined, normalised } from './values';

const ADMIN = ['ROLE_ADMIN'];

/** What the tests of one definition share, in the order they run. */
export interface Suite {
  def: ResourceDefinition;
  report: Report;
  contract: () => Contract;
  subject: { made?: Made; record?: Row; others: Row[] };
}

/** A value read back against the one sent: lines may gain ids and computed values, nothing else differs. */
function expectSame(def: ResourceDefinition, name: string, sent: unknown, read: unknown): void {
  const field = def.fields[name];
  if (field.kind === 'lines' && Array.isArray(sent)) {
    // Each line as sent, field by field: the server may fill what a line left out (a line number).
    const lines = sent.map((line: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(line)
          .filter(([key]) => field.lineFields?.[key] && !field.lineFields[key].readOnly)
          .map(([key, value]) => [key, normalised(field.lineFields![key], value)]),
      ),
    );
    expect(read, name).toMatchObject(lines);
  } else expect(read, name).toEqual(defined(normalised(field, sent)));
}

function createTests(s: Suite): void {
  const { def, report } = s;
  it(
    canAccess(ADMIN, def, 'create') ? 'create and read back' : 'create refused (403), read an existing record',
    async () => {
      const contract = s.contract();
      if (!canAccess(ADMIN, def, 'create')) {
        await report.check(def.name, 'record', '403 on create', async () => {
          const res = await contract.post(urlOf(def), {});
          expect(res.statusCode, res.body).toBe(403);
          const produced = await contract.produce(def);
          const list = await contract.get(`${urlOf(def)}?pageSize=2`);
          expect(list.statusCode, list.body).toBe(200);
          [s.subject.record, ...s.subject.others] = list.json().data;
          const origin = produced ? 'produced' : 'existing';
          report.note(def.name, 'record', s.subject.record ? `${origin} (create 403)` : 'none (create 403)');
        });
        return;
      }
      await report.check(def.name, 'record', 'created', async () => {
        const made = await contract.body(def, 0);
        s.subject.made = made;
        const res = await contract.post(urlOf(def), made.body);
        expect(res.statusCode, `POST ${urlOf(def)} ${JSON.stringify(made.body)}: ${res.body}`).toBe(201);
        s.subject.record = res.json().data;
        report.note(def.name, 'record', made.origin);
        const second = await contract.body(def, 1);
        const res2 = await contract.post(urlOf(def), second.body);
        expect(res2.statusCode, `second record ${JSON.stringify(second.body)}: ${res2.body}`).toBe(201);
        s.subject.others.push(res2.json().data);
      });
      await report.check(def.name, 'read', 'read back', async () => {
        const { made, record } = s.subject;
        const res = await contract.get(`${urlOf(def)}/${record!.id}`);
        expect(res.statusCode, res.body).toBe(200);
        const read = res.json().data as Row;
        expect(read.version).toBe(1);
        for (const [name, sent] of Object.entries(made!.body)) {
          if (def.fields[name].writeOnly) expect(read, name).not.toHaveProperty(name);
          else if (sent !== null) expectSame(def, name, sent, read[name]);
        }
      });
    },
  );
}

/** Fields an update may change without a sample's say: plain values, not the ones a sample chose. */
const UPDATABLE: Field['kind'][] = [
  'text',
  'longText',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'datetime',
  'boolean',
  'email',
  'phone',
  'url',
  'tags',
  'richText',
  'enum',
];

function updateField(s: Suite): [string, Field] | undefined {
  const chosen = new Set(s.subject.made?.sampleKeys ?? []);
  const writable = Object.entries(s.def.fields).filter(
    ([name, f]) => !f.readOnly && !f.writeOnly && !f.unique && !chosen.has(name) && name !== 'status',
  );
  for (const kind of UPDATABLE) {
    const hit = writable.find(([, f]) => f.kind === kind);
    if (hit) return hit;
  }
  return undefined;
}

function updateTests(s: Suite): void {
  const { def, report } = s;
  it('update one field (version + 1), then a stale version (409)', async (ctx) => {
    const contract = s.contract();
    const record = s.subject.record;
    if (!record) return ctx.skip('no record');
    const url = `${urlOf(def)}/${record.id}`;
    if (!canAccess(ADMIN, def, 'edit')) {
      await report.check(def.name, 'update', '403', async () => {
        const res = await contract.post(url, { version: record.version });
        expect(res.statusCode, res.body).toBe(403);
      });
      return;
    }
    const target = updateField(s);
    await report.check(def.name, 'update', target?.[0] ?? 'no field', async () => {
      const patch: Record<string, unknown> = { version: record.version };
      if (target) {
        const [name, field] = target;
        for (const variant of [3, 1, 0]) {
          const made = await contract.value(def, field, variant);
          if (made && JSON.stringify(normalised(field, made.value)) !== JSON.stringify(record[name])) {
            patch[name] = made.value;
            break;
          }
        }
      }
      const res = await contract.post(url, patch);
      expect(res.statusCode, `POST ${url} ${JSON.stringify(patch)}: ${res.body}`).toBe(200);
      const updated = res.json().data as Row;
      expect(updated.version).toBe(record.version + 1);
      if (target && target[0] in patch) expectSame(def, target[0], patch[target[0]], updated[target[0]]);
      s.subject.record = updated;
      const stale = await contract.post(url, patch);
      expect(stale.statusCode, `stale version: ${stale.body}`).toBe(409);
      expect(stale.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(stale.json().detail).toMatch(/version/);
      // The refused update changed nothing.
      const after = await contract.get(url);
      expect(after.json().data).toEqual(updated);
    });
  });
}

function tenantTests(s: Suite): void {
  const { def, report } = s;
  it('another tenant can neither list, read, update nor delete it', async (ctx) => {
    const contract = s.contract();
    const record = s.subject.record;
    if (!record) return ctx.skip('no record');
    await report.check(def.name, 'tenant', 'isolated', async () => {
      const url = `${urlOf(def)}/${record.id}`;
      const list = await contract.get(
        `${urlOf(def)}?filters[0][field]=id&filters[0][operator]=eq&filters[0][value]=${record.id}`,
        contract.globex,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({ data: [], total: 0 });
      expect((await contract.get(url, contract.globex)).statusCode).toBe(404);
      const update = await contract.post(url, { version: record.version }, contract.globex);
      expect(update.statusCode, update.body).toBe(canAccess(ADMIN, def, 'edit') ? 404 : 403);
      const removal = await contract.request('DELETE', url, undefined, contract.globex);
      expect(removal.statusCode, removal.body).toBe(canAccess(ADMIN, def, 'delete') ? 404 : 403);
      const still = await contract.get(url);
      expect(still.statusCode).toBe(200);
      expect(still.json().data.version).toBe(record.version);
    });
  });
}

function deleteTests(s: Suite): void {
  const { def, report } = s;
  const allowed = canAccess(ADMIN, def, 'delete');
  it(allowed ? 'delete (200, then 404)' : 'delete refused (403)', async (ctx) => {
    const contract = s.contract();
    const record = s.subject.record;
    if (!record) return ctx.skip('no record');
    const url = `${urlOf(def)}/${record.id}`;
    await report.check(def.name, 'delete', allowed ? 'deleted' : '403', async () => {
      const res = await contract.request('DELETE', url);
      expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
      expect((await contract.get(url)).statusCode).toBe(allowed ? 404 : 200);
      if (allowed) expect((await contract.request('DELETE', url)).statusCode).toBe(404);
    });
  });
}

/**
 * The contract test of every definition of resources/index.ts that `include` takes, on one server:
 * create and read, filter, sort, update, invalid input, tenant isolation, delete. The test files split
 * the definitions between them so that Vitest runs them in parallel.
 */
export function contractSuite(include: (def: ResourceDefinition) => boolean): void {
  const definitions = resources.filter(include);
  if (definitions.length === 0) {
    it.skip('no definition in this group yet');
    return;
  }
  const report = new Report();
  let server: TestServer | undefined;
  let contract: Contract | undefined;
  beforeAll(async () => {
    server = await startTestServer({ seedContacts: 0 });
    const { samples, producers } = await loadSamples();
    contract = new Contract(server, samples, producers);
    await contract.init();
  });
  afterAll(async () => {
    console.log(`Contract test${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}\n${report.table()}`);
    await server?.close();
  });
  for (const def of definitions) {
    describe(def.name, () => {
      const s: Suite = { def, report, contract: () => contract!, subject: { others: [] } };
      createTests(s);
      filterTests(s);
      sortTests(s);
      updateTests(s);
      invalidTests(s);
      tenantTests(s);
      deleteTests(s);
    });
  }
}
