import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
const ids: Record<string, string> = {};

const FIXTURES: Record<string, Record<string, unknown>> = {
  anna: {
    kind: 'person',
    firstName: 'Anna',
    lastName: 'Bianchi',
    email: 'anna.bianchi@acme-test.it',
    privacyConsentAt: '2023-01-10T00:00:00Z',
    jobTitle: 'Titolare',
  },
  bruno: {
    kind: 'person',
    firstName: 'Bruno',
    lastName: 'Bianchini',
    mobile: '3401234567',
    privacyConsentAt: '2023-06-15T00:00:00Z',
  },
  carla: { kind: 'person', firstName: 'Carla', lastName: 'Verdi', email: 'carla@verdi.it' },
  dario: {
    kind: 'person',
    firstName: 'Dario',
    lastName: 'Neri',
    email: 'dario@neri.it',
    privacyConsentAt: '2022-12-31T23:00:00Z',
  },
  freddo: {
    kind: 'company',
    companyName: 'Freddo 100% S.r.l.',
    email: 'info@freddo.it',
    privacyConsentAt: '2024-01-01T00:00:00Z',
  },
  termo: {
    kind: 'company',
    companyName: 'Termo_Idraulica S.n.c.',
    phone: '051 123456',
    privacyConsentAt: '2024-06-30T12:00:00Z',
  },
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.auth('acme', 'admin');
  for (const [name, body] of Object.entries(FIXTURES)) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/address-book/api/contacts',
      payload: body,
      headers: admin,
    });
    if (res.statusCode !== 201) throw new Error(`${name}: ${res.body}`);
    ids[name] = res.json().data.id;
  }
});
afterAll(() => server?.close());

async function list(query: string) {
  return server.app.inject({ url: `/address-book/api/contacts${query ? `?${query}` : ''}`, headers: admin });
}

/** The fixture names a query finds, in answer order. */
async function names(query: string): Promise<string[]> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return res.json().data.map((r: { id: string }) => byId[r.id]);
}

/** `filters[i][field|operator|value]` in bracket-index form, percent-encoded as a browser would. */
function filter(i: number, field: string, operator: string, value?: string | string[]): string {
  const p = (key: string, v: string) => `${encodeURIComponent(`filters[${i}][${key}]`)}=${encodeURIComponent(v)}`;
  const parts = [p('field', field), p('operator', operator)];
  if (typeof value === 'string') parts.push(p('value', value));
  if (Array.isArray(value))
    value.forEach((v, j) => parts.push(`${encodeURIComponent(`filters[${i}][value][${j}]`)}=${encodeURIComponent(v)}`));
  return parts.join('&');
}

const sorted = (a: string[]) => [...a].sort();

describe('contacts list', () => {
  it('answers {data, total} sorted by the default sort, empty values last', async () => {
    const res = await list('');
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'total']);
    expect(res.json().total).toBe(6);
    expect((await names('')).slice(0, 4)).toEqual(['anna', 'bruno', 'dario', 'carla']);
  });

  it('pages from 0 with pageSize, keeping the total', async () => {
    expect(await names('page=0&pageSize=2')).toEqual(['anna', 'bruno']);
    expect(await names('page=1&pageSize=2')).toEqual(['dario', 'carla']);
    const beyond = await list('page=9&pageSize=2');
    expect(beyond.json()).toEqual({ data: [], total: 6 });
  });

  it('sorts by a sortable field or a timestamp, in either direction', async () => {
    expect((await names('options[sortBy]=firstName&options[sortDirection]=desc')).slice(0, 4)).toEqual([
      'dario',
      'carla',
      'bruno',
      'anna',
    ]);
    expect(await names('options%5BsortBy%5D=createdAt&options%5BsortDirection%5D=desc')).toEqual([
      'termo',
      'freddo',
      'dario',
      'carla',
      'bruno',
      'anna',
    ]);
    expect((await names('options[sortBy]=companyName')).slice(0, 2)).toEqual(['freddo', 'termo']);
  });

  it('filters with eq, neq and in', async () => {
    expect(sorted(await names(filter(0, 'kind', 'eq', 'company')))).toEqual(['freddo', 'termo']);
    expect(sorted(await names(filter(0, 'kind', 'neq', 'company')))).toEqual(['anna', 'bruno', 'carla', 'dario']);
    expect(sorted(await names(filter(0, 'lastName', 'in', ['Verdi', 'Neri'])))).toEqual(['carla', 'dario']);
    expect(await names(filter(0, 'email', 'eq', 'Anna.Bianchi@ACME-test.it'))).toEqual(['anna']);
    expect(await names(filter(0, 'id', 'eq', ids.bruno))).toEqual(['bruno']);
    // neq keeps rows without a value.
    expect(sorted(await names(filter(0, 'jobTitle', 'neq', 'Titolare')))).toHaveLength(5);
  });

  it('filters with lt, lte, gt, gte and between on date-times', async () => {
    expect(sorted(await names(filter(0, 'privacyConsentAt', 'lt', '2023-06-15T00:00:00Z')))).toEqual(['anna', 'dario']);
    expect(sorted(await names(filter(0, 'privacyConsentAt', 'lte', '2023-06-15T02:00:00+02:00')))).toEqual([
      'anna',
      'bruno',
      'dario',
    ]);
    expect(await names(filter(0, 'privacyConsentAt', 'gt', '2024-01-01T00:00:00Z'))).toEqual(['termo']);
    expect(sorted(await names(filter(0, 'privacyConsentAt', 'gte', '2024-01-01')))).toEqual(['freddo', 'termo']);
    expect(sorted(await names(filter(0, 'privacyConsentAt', 'between', ['2023-01-01', '2023-12-31'])))).toEqual([
      'anna',
      'bruno',
    ]);
    expect((await list(filter(0, 'createdAt', 'gte', '2000-01-01'))).json().total).toBe(6);
  });

  it('filters with contains and startsWith, case-insensitive, wildcards literal', async () => {
    expect(sorted(await names(filter(0, 'lastName', 'contains', 'BIANC')))).toEqual(['anna', 'bruno']);
    expect(await names(filter(0, 'companyName', 'startsWith', 'termo_'))).toEqual(['termo']);
    expect(await names(filter(0, 'companyName', 'contains', '100%'))).toEqual(['freddo']);
    expect(await names(filter(0, 'companyName', 'contains', '_'))).toEqual(['termo']);
  });

  it('filters with isNull', async () => {
    expect(await names(filter(0, 'privacyConsentAt', 'isNull', 'true'))).toEqual(['carla']);
    expect(await names(filter(0, 'privacyConsentAt', 'isNull', 'false'))).toHaveLength(5);
  });

  it('searches every searchable field with q, and combines filters with AND', async () => {
    expect(await names(filter(0, 'q', 'contains', 'freddo'))).toEqual(['freddo']);
    expect(sorted(await names(filter(0, 'q', 'contains', 'bianchi')))).toEqual(['anna', 'bruno']);
    expect(await names(filter(0, 'q', 'contains', '+39340'))).toEqual(['bruno']);
    expect(await names(`${filter(0, 'q', 'contains', 'bianchi')}&${filter(1, 'email', 'isNull', 'true')}`)).toEqual([
      'bruno',
    ]);
  });
});

describe('bad list queries', () => {
  const cases: [string, string, string][] = [
    ['foo=1', 'foo', 'Unknown query parameter'],
    [filter(0, 'nickname', 'eq', 'x'), 'filters[0][field]', 'Unknown field: nickname'],
    [filter(0, 'address', 'eq', 'x'), 'filters[0][operator]', 'not allowed for field address'],
    [filter(0, 'lastName', 'lt', 'x'), 'filters[0][operator]', 'not allowed for field lastName'],
    [filter(0, 'lastName', 'like', 'x'), 'filters[0][operator]', 'Unknown operator'],
    [filter(0, 'kind', 'eq', 'robot'), 'filters[0][value]', 'must be one of person, company'],
    [filter(0, 'kind', 'in', 'person'), 'filters[0][value]', 'takes a list'],
    [filter(0, 'privacyConsentAt', 'between', ['2023-01-01']), 'filters[0][value]', 'exactly two'],
    [filter(0, 'privacyConsentAt', 'gt', 'yesterday'), 'filters[0][value]', 'ISO-8601'],
    [filter(0, 'id', 'eq', 'abc'), 'filters[0][value]', 'uuid'],
    [filter(0, 'q', 'startsWith', 'x'), 'filters[0][operator]', 'only contains'],
    [filter(1, 'kind', 'eq', 'person'), 'filters[1]', 'missing filters[0]'],
    ['filters[0][field]=kind', 'filters[0][operator]', 'missing'],
    ['options[sortBy]=notes', 'options[sortBy]', 'Cannot sort by notes'],
    ['options[sortBy]=nickname', 'options[sortBy]', 'Cannot sort by nickname'],
    ['options[sortDirection]=up', 'options[sortDirection]', 'asc or desc'],
    ['pageSize=101', 'pageSize', 'from 1 to 100'],
    ['pageSize=0', 'pageSize', 'from 1 to 100'],
    ['page=-1', 'page', 'integer'],
    ['page=1&page=2', 'page', 'more than once'],
    ['page=%E0%A4%A', '', 'percent-encoding'],
    [
      Array.from({ length: 21 }, (_, i) => filter(i, 'kind', 'eq', 'person')).join('&'),
      'filters[20][field]',
      'Too many filters',
    ],
  ];

  it.each(cases)('%s -> 400 naming %s', async (query, path, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem).toMatchObject({ title: 'Invalid query', status: 400 });
    expect(problem.detail).toContain(message);
    if (path) expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});
