import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { kindSamples } from '../fixtures/kind-samples';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: { authorization: string };
let contacts: string[];
beforeAll(async () => {
  server = await startTestServer({
    definitions: [...resources, kindSamples],
    seedContacts: 2,
  });
  admin = await server.auth('acme', 'admin');
  const list = await server.app.inject({ url: '/address-book/api/contacts', headers: admin });
  contacts = list.json().data.map((c: { id: string }) => c.id);
});
afterAll(() => server?.close());

const URL = '/sales/api/kind-samples';
const JSON_HEADERS = { 'content-type': 'application/json' };
type Row = Record<string, unknown> & { id: string; version: number };

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { ...admin, ...JSON_HEADERS, ...headers },
  });
}

async function create(body: Record<string, unknown>): Promise<Row> {
  const res = await post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Ids of the records a filter finds, as `filters[0][...]` query parameters. */
async function find(field: string, operator: string, value: string | string[]): Promise<string[]> {
  const params = new URLSearchParams({ 'filters[0][field]': field, 'filters[0][operator]': operator });
  if (Array.isArray(value)) value.forEach((v, i) => params.append(`filters[0][value][${i}]`, v));
  else params.append('filters[0][value]', value);
  const res = await server.app.inject({ url: `${URL}?${params}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: Row) => r.id);
}

async function sorted(field: string, direction: 'asc' | 'desc'): Promise<string[]> {
  const res = await server.app.inject({
    url: `${URL}?options[sortBy]=${field}&options[sortDirection]=${direction}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: Row) => r.title);
}

/** The problem's field errors as path -> catalogue key. */
async function rejected(body: Record<string, unknown>, lang = 'en'): Promise<Record<string, string>> {
  const res = await post(URL, { title: 'Rejected', ...body }, { 'accept-language': lang });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  return Object.fromEntries(res.json().errors.map((e: { path: string; key: string }) => [e.path, e.key]));
}

const full = () => ({
  title: 'Alpha',
  website: 'www.acme.it',
  visits: 12,
  weightKg: '1.5',
  amount: '1234.5',
  unitPrice: '0.12345678',
  quantity: '2',
  discount: '10',
  contactIds: [contacts[0].toUpperCase(), contacts[0], contacts[1]],
  tags: [' F-gas ', 'f-gas', 'urgente'],
  lines: [
    { kind: 'goods', description: 'Compressore', quantity: '2', unitPrice: '100.5', discountPercent: '10' },
    // A computed value sent back (a form returns what it read) is recomputed, never taken.
    { kind: 'labour', description: 'Manodopera', quantity: '1.5', unitPrice: '45', lineTotal: '999.00' },
  ],
  vatNumber: 'IT 00743110157',
  fiscalCode: 'rssmra85t10a562s',
  sdiCode: 'abc1234',
  iban: 'IT60 X054 2811 1010 0000 0123 456',
  barcode: '4006381333931',
  address: { street: 'Via Roma', zip: '20121', city: 'Milano', province: 'mi' },
});

describe('field kinds through the API', () => {
  let alpha: Row;
  let beta: Row;
  let gamma: Row;

  it('creates a record with every kind, normalised and derived, and reads it back the same', async () => {
    alpha = await create(full());
    expect(alpha).toMatchObject({
      website: 'https://www.acme.it',
      visits: 12,
      weightKg: '1.500',
      amount: '1234.50',
      unitPrice: '0.12345678',
      quantity: '2.000',
      discount: '10.00',
      contactIds: [contacts[0], contacts[1]],
      tags: ['F-gas', 'urgente'],
      linesTotal: '248.40',
      amountWithVat: '1506.09',
      lineCount: 2,
      vatNumber: '00743110157',
      fiscalCode: 'RSSMRA85T10A562S',
      sdiCode: 'ABC1234',
      iban: 'IT60X0542811101000000123456',
      barcode: '4006381333931',
      address: { street: 'Via Roma', zip: '20121', city: 'Milano', province: 'MI', country: 'IT' },
    });
    const lines = alpha.lines as Record<string, unknown>[];
    expect(lines).toMatchObject([
      { kind: 'goods', description: 'Compressore', quantity: '2.000', unitPrice: '100.50000000', lineTotal: '180.90' },
      { kind: 'labour', quantity: '1.500', discountPercent: null, lineTotal: '67.50' },
    ]);
    for (const line of lines) expect(line.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0].id).not.toBe(lines[1].id);

    const read = await server.app.inject({ url: `${URL}/${alpha.id}`, headers: admin });
    expect(read.json().data).toEqual(alpha);
  });

  it('stores empty values as null and computes from what is there', async () => {
    beta = await create({ title: 'Beta', amount: '10', visits: 3, tags: ['Manutenzione'] });
    expect(beta).toMatchObject({
      website: null,
      weightKg: null,
      contactIds: null,
      lines: null,
      linesTotal: '0.00',
      amountWithVat: '12.20',
      lineCount: 0,
      address: null,
    });
    gamma = await create({ title: 'Gamma', amount: '-5.25', visits: 700, contactIds: [], lines: [] });
    expect(gamma).toMatchObject({ contactIds: [], lines: [], amountWithVat: '-6.41', amount: '-5.25' });
  });

  it('filters each kind with its operators', async () => {
    expect(await find('amount', 'gte', '1000')).toEqual([alpha.id]);
    expect(await find('amount', 'lt', '0')).toEqual([gamma.id]);
    expect((await find('amount', 'between', ['-10', '10.00'])).sort()).toEqual([beta.id, gamma.id].sort());
    expect(await find('visits', 'eq', '12')).toEqual([alpha.id]);
    expect(await find('visits', 'gt', '100')).toEqual([gamma.id]);
    expect(await find('weightKg', 'isNull', 'false')).toEqual([alpha.id]);
    expect(await find('discount', 'eq', '10')).toEqual([alpha.id]);
    expect(await find('contactIds', 'in', [contacts[1], '00000000-0000-4000-8000-000000000000'])).toEqual([alpha.id]);
    expect(await find('contactIds', 'in', ['00000000-0000-4000-8000-000000000000'])).toEqual([]);
    // No references, whether null or an empty list.
    expect((await find('contactIds', 'isNull', 'true')).sort()).toEqual([beta.id, gamma.id].sort());
    expect(await find('tags', 'in', ['urgente', 'other'])).toEqual([alpha.id]);
    expect(await find('tags', 'contains', 'GAS')).toEqual([alpha.id]);
    expect(await find('tags', 'contains', 'manut')).toEqual([beta.id]);
    expect(await find('linesTotal', 'gt', '200')).toEqual([alpha.id]);
    expect((await find('lineCount', 'eq', '0')).sort()).toEqual([beta.id, gamma.id].sort());
    expect(await find('vatNumber', 'eq', 'IT00743110157')).toEqual([alpha.id]);
    expect(await find('iban', 'eq', 'it60 x054 2811 1010 0000 0123 456')).toEqual([alpha.id]);
    expect(await find('fiscalCode', 'startsWith', 'rssmra')).toEqual([alpha.id]);
    expect(await find('website', 'contains', 'acme')).toEqual([alpha.id]);
  });

  it('refuses filter values and operators a kind does not take', async () => {
    for (const query of [
      'filters[0][field]=amount&filters[0][operator]=gte&filters[0][value]=abc',
      'filters[0][field]=visits&filters[0][operator]=eq&filters[0][value]=1.5',
      'filters[0][field]=contactIds&filters[0][operator]=in&filters[0][value][0]=nope',
      'filters[0][field]=contactIds&filters[0][operator]=eq&filters[0][value]=x',
      'filters[0][field]=lines&filters[0][operator]=isNull&filters[0][value]=true',
      'filters[0][field]=address&filters[0][operator]=eq&filters[0][value]=x',
      'options[sortBy]=tags',
      'options[sortBy]=lines',
    ]) {
      const res = await server.app.inject({ url: `${URL}?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('sorts numbers as numbers, computed values included', async () => {
    expect(await sorted('amount', 'asc')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await sorted('amount', 'desc')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await sorted('visits', 'desc')).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(await sorted('amountWithVat', 'asc')).toEqual(['Gamma', 'Beta', 'Alpha']);
    // Records without a value come last either way.
    expect((await sorted('vatNumber', 'desc'))[0]).toBe('Alpha');
  });

  it('updates lines keeping their ids and recomputes every computed value', async () => {
    const [first] = alpha.lines as Record<string, unknown>[];
    const res = await post(`${URL}/${alpha.id}`, {
      version: alpha.version,
      lines: [
        { ...first, quantity: '3' },
        { kind: 'goods', description: 'Filtro', quantity: '1', unitPrice: '12.345' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated.lines).toMatchObject([
      { id: first.id, quantity: '3.000', lineTotal: '271.35' },
      { description: 'Filtro', lineTotal: '12.35' },
    ]);
    expect(updated.lines[1].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(updated.lines[1].id).not.toBe(first.id);
    expect(updated.linesTotal).toBe('283.70');

    // Changing another input recomputes the values that depend on it; the lines stay as they are.
    const again = await post(`${URL}/${alpha.id}`, { version: updated.version, amount: '100' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ amount: '100.00', amountWithVat: '122.00', linesTotal: '283.70' });
    expect(again.json().data.lines).toEqual(updated.lines);
    alpha = again.json().data;
  });

  it('refuses invalid values of each kind, naming the field', async () => {
    expect(await rejected({ amount: 12.5 })).toEqual({ amount: 'validation.type' });
    expect(await rejected({ amount: '12.345' })).toEqual({ amount: 'validation.decimal' });
    expect(await rejected({ amount: '1,5' })).toEqual({ amount: 'validation.decimal' });
    expect(await rejected({ amount: '123456789012' })).toEqual({ amount: 'validation.maxValue' });
    expect(await rejected({ discount: '100.01', quantity: '-1' })).toEqual({
      discount: 'validation.maxValue',
      quantity: 'validation.minValue',
    });
    expect(await rejected({ unitPrice: '-0.00000001' })).toEqual({ unitPrice: 'validation.minValue' });
    expect(await rejected({ visits: 1.5 })).toEqual({ visits: 'validation.integer' });
    expect(await rejected({ visits: 1001 })).toEqual({ visits: 'validation.maxValue' });
    expect(await rejected({ visits: '3' })).toEqual({ visits: 'validation.type' });
    expect(await rejected({ website: 'javascript:alert(1)' })).toEqual({ website: 'validation.url' });
    expect(await rejected({ contactIds: ['nope'] })).toEqual({ 'contactIds.0': 'validation.reference' });
    const fourIds = Array.from({ length: 4 }, () => randomUUID());
    expect(await rejected({ contactIds: fourIds })).toEqual({ contactIds: 'validation.maxItems' });
    expect(await rejected({ tags: ['x'.repeat(41)] })).toEqual({ 'tags.0': 'validation.maxLength' });
    expect(await rejected({ tags: [''] })).toEqual({ 'tags.0': 'validation.required' });
    expect(
      await rejected({
        lines: [
          { kind: 'goods', quantity: '0', unitPrice: '1' },
          { kind: 'other', description: 'x', quantity: '1', unitPrice: '1', colour: 'red' },
        ],
      }),
    ).toEqual({
      'lines.0.description': 'validation.required',
      'lines.0.quantity': 'validation.minValue',
      'lines.1.kind': 'validation.oneOf',
      'lines.1.colour': 'validation.unknownField',
    });
    expect(await rejected({ linesTotal: '1.00' })).toEqual({ linesTotal: 'validation.readOnly' });
    expect(await rejected({ vatNumber: '12345678901' })).toEqual({ vatNumber: 'validation.vatNumber' });
    expect(await rejected({ vatNumber: '00000000000' })).toEqual({ vatNumber: 'validation.vatNumber' });
    expect(await rejected({ fiscalCode: 'RSSMRA85T10A562T' })).toEqual({ fiscalCode: 'validation.fiscalCode' });
    expect(await rejected({ sdiCode: 'AB-1234' })).toEqual({ sdiCode: 'validation.sdiCode' });
    expect(await rejected({ iban: 'IT61X0542811101000000123456' })).toEqual({ iban: 'validation.iban' });
    expect(await rejected({ barcode: '4006381333932' })).toEqual({ barcode: 'validation.ean' });
    expect(await rejected({ address: { street: 'Via Po', zip: '10100', city: 'Torino', province: 'XX' } })).toEqual({
      'address.province': 'validation.province',
    });
    // A computed value that does not fit its column is the client's input problem, not a crash.
    expect(await rejected({ amount: '99999999999.99' })).toEqual({ amountWithVat: 'validation.maxValue' });
  });

  it('explains the errors in the language of the request', async () => {
    const res = await post(URL, { title: 'X', vatNumber: '12345678901', iban: 'IT00' }, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages.vatNumber).toMatch(/partita IVA/);
    expect(messages.iban).toBe('Deve essere un IBAN valido');
  });

  it('keeps each tenant to its own records', async () => {
    const globex = await server.auth('globex', 'admin');
    const list = await server.app.inject({ url: URL, headers: globex });
    expect(list.json()).toEqual({ data: [], total: 0 });
    const read = await server.app.inject({ url: `${URL}/${alpha.id}`, headers: globex });
    expect(read.statusCode).toBe(404);
  });
});
