import { describe, expect, it } from 'vitest';
import { parseListQueryString } from '../../../server/http/query-string';

const parse = (raw: string) => parseListQueryString(raw);

describe('parseListQueryString', () => {
  it('reads the contract example', () => {
    const { query, issues } = parse(
      'page=0&pageSize=25&filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=person&options[sortBy]=lastName&options[sortDirection]=asc',
    );
    expect(issues).toEqual([]);
    expect(query).toEqual({
      page: '0',
      pageSize: '25',
      filters: [{ field: 'kind', operator: 'eq', value: 'person' }],
      sortBy: 'lastName',
      sortDirection: 'asc',
    });
  });

  it('reads an empty query as no parameters', () => {
    expect(parse('')).toEqual({ query: { filters: [] }, issues: [] });
  });

  it('decodes percent-encoded brackets and values, + as space', () => {
    const { query } = parse(
      'filters%5B0%5D%5Bfield%5D=q&filters%5B0%5D%5Boperator%5D=contains&filters%5B0%5D%5Bvalue%5D=caf%C3%A8+bar%26co',
    );
    expect(query.filters).toEqual([{ field: 'q', operator: 'contains', value: 'cafè bar&co' }]);
  });

  it('reads list values by index, in index order', () => {
    const { query, issues } = parse(
      'filters[0][field]=kind&filters[0][operator]=in&filters[0][value][1]=b&filters[0][value][0]=a',
    );
    expect(issues).toEqual([]);
    expect(query.filters[0].value).toEqual(['a', 'b']);
  });

  it('keeps filters in index order whatever the parameter order', () => {
    const { query } = parse(
      'filters[1][field]=b&filters[1][operator]=eq&filters[1][value]=2&filters[0][field]=a&filters[0][operator]=eq&filters[0][value]=1',
    );
    expect(query.filters.map((f) => f.field)).toEqual(['a', 'b']);
  });

  it('leaves an absent value undefined and an empty one empty', () => {
    const { query } = parse(
      'filters[0][field]=a&filters[0][operator]=eq&filters[1][field]=b&filters[1][operator]=eq&filters[1][value]=',
    );
    expect(query.filters.map((f) => f.value)).toEqual([undefined, '']);
  });

  const bad: [string, string, RegExp][] = [
    ['foo=1', 'foo', /Unknown query parameter: foo/],
    ['filters[0][other]=x', 'filters[0][other]', /Unknown query parameter/],
    ['filters[00][field]=x', 'filters[00][field]', /Unknown query parameter/],
    ['filters[a][field]=x', 'filters[a][field]', /Unknown query parameter/],
    ['options[limit]=5', 'options[limit]', /Unknown query parameter/],
    ['filters=x', 'filters', /Unknown query parameter/],
    ['page=1&page=2', 'page', /more than once/],
    [
      'filters[0][field]=a&filters[0][operator]=eq&filters[0][value]=x&filters[0][value][0]=y',
      'filters[0][value]',
      /both/,
    ],
    ['filters[0][field]=a&filters[0][operator]=in&filters[0][value][1]=y', 'filters[0][value]', /without gaps/],
    ['filters[1][field]=a&filters[1][operator]=eq', 'filters[1]', /missing filters\[0\]/],
    ['filters[0][operator]=eq', 'filters[0][field]', /missing/],
    ['filters[0][field]=a', 'filters[0][operator]', /missing/],
    ['filters[20][field]=a', 'filters[20][field]', /Too many filters/],
    ['filters[0][field]=a&filters[0][operator]=in&filters[0][value][50]=x', 'filters[0][value][50]', /Too many values/],
    [`page=${'9'.repeat(501)}`, 'page', /longer than 500/],
    ['page=%E0%A4%A', 'page', /percent-encoding/],
  ];

  it.each(bad)('%s -> issue on %s', (raw, param, message) => {
    const { issues } = parse(raw);
    expect(issues).toContainEqual({ param, message: expect.stringMatching(message) });
  });

  it('limits the number of parameters', () => {
    const raw = Array.from({ length: 201 }, (_, i) => `x${i}=1`).join('&');
    expect(parse(raw).issues).toEqual([{ param: '', message: expect.stringMatching(/Too many query parameters/) }]);
  });

  it('reports every problem, not only the first', () => {
    expect(parse('a=1&b=2').issues.map((i) => i.param)).toEqual(['a', 'b']);
  });
});
