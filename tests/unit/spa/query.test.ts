import { describe, expect, it } from 'vitest';
import { contacts } from '../../../resources';
import { serialiseQuery, toFilters, toListQuery } from '../../../dataProviders/query';

const decode = (qs: string) => decodeURIComponent(qs).split('&');
const def = contacts;

describe('serialiseQuery', () => {
  it('writes the bracket-index form of the contract', () => {
    const qs = serialiseQuery({
      page: 0,
      pageSize: 25,
      filters: [{ field: 'kind', operator: 'eq', value: 'person' }],
      sortBy: 'lastName',
      sortDirection: 'asc',
    });
    expect(decode(qs)).toEqual([
      'page=0',
      'pageSize=25',
      'filters[0][field]=kind',
      'filters[0][operator]=eq',
      'filters[0][value]=person',
      'options[sortBy]=lastName',
      'options[sortDirection]=asc',
    ]);
  });

  it('writes arrays as value[j], booleans and dates as text, and no value when there is none', () => {
    const qs = serialiseQuery({
      filters: [
        { field: 'kind', operator: 'in', value: ['person', 'company'] },
        { field: 'email', operator: 'isNull', value: false },
        { field: 'createdAt', operator: 'gte', value: new Date('2024-01-02T03:04:05Z') },
        { field: 'notes', operator: 'isNull' },
      ],
    });
    expect(decode(qs)).toEqual([
      'filters[0][field]=kind',
      'filters[0][operator]=in',
      'filters[0][value][0]=person',
      'filters[0][value][1]=company',
      'filters[1][field]=email',
      'filters[1][operator]=isNull',
      'filters[1][value]=false',
      'filters[2][field]=createdAt',
      'filters[2][operator]=gte',
      'filters[2][value]=2024-01-02T03:04:05.000Z',
      'filters[3][field]=notes',
      'filters[3][operator]=isNull',
    ]);
  });

  it('percent-encodes values so "&" and "=" cannot break the query', () => {
    const qs = serialiseQuery({ filters: [{ field: 'q', operator: 'contains', value: 'a&b=c' }] });
    expect(new URLSearchParams(qs).get('filters[0][value]')).toBe('a&b=c');
  });
});

describe('toFilters (react-admin filter object to triples)', () => {
  it('maps q to contains, plain keys to eq, arrays to in and field_operator suffixes to their operator', () => {
    expect(
      toFilters({ q: 'ros', kind: 'person', lastName_startsWith: 'Ro', kind_neq: 'company', id: ['a', 'b'] }),
    ).toEqual([
      { field: 'q', operator: 'contains', value: 'ros' },
      { field: 'kind', operator: 'eq', value: 'person' },
      { field: 'lastName', operator: 'startsWith', value: 'Ro' },
      { field: 'kind', operator: 'neq', value: 'company' },
      { field: 'id', operator: 'in', value: ['a', 'b'] },
    ]);
  });

  it('treats null as isNull and skips emptied inputs', () => {
    expect(toFilters({ email: null, phone: '', mobile: undefined, kind: [] })).toEqual([
      { field: 'email', operator: 'isNull', value: true },
    ]);
  });

  it('keeps an underscore suffix that is not an operator as part of the name', () => {
    expect(toFilters({ some_thing: 'x' })).toEqual([{ field: 'some_thing', operator: 'eq', value: 'x' }]);
  });

  it('refuses nested objects, which the convention does not cover', () => {
    expect(() => toFilters({ address: { city: 'Milano' } })).toThrow(/field_operator/);
  });
});

describe('toListQuery', () => {
  it('counts pages from 0 and lower-cases the sort direction', () => {
    const query = toListQuery(
      { pagination: { page: 3, perPage: 10 }, sort: { field: 'lastName', order: 'DESC' }, filter: { q: 'x' } },
      def,
    );
    expect(query).toEqual({
      page: 2,
      pageSize: 10,
      sortBy: 'lastName',
      sortDirection: 'desc',
      filters: [{ field: 'q', operator: 'contains', value: 'x' }],
    });
  });

  it('drops sort keys the service would refuse (react-admin defaults to id)', () => {
    expect(toListQuery({ sort: { field: 'id', order: 'ASC' } }, def).sortBy).toBeUndefined();
    expect(toListQuery({ sort: { field: 'phone', order: 'ASC' } }, def).sortBy).toBeUndefined();
    expect(toListQuery({ sort: { field: 'createdAt', order: 'ASC' } }, def).sortBy).toBe('createdAt');
  });
});
