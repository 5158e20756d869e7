import { describe, expect, it } from 'vitest';
import { contacts } from '../../../resources/index';
import { checkListQuery } from '../../../server/records';
import { parseListQueryString } from '../../../server/http/query-string';

const def = contacts;

function check(raw: string) {
  const parsed = parseListQueryString(raw);
  expect(parsed.issues).toEqual([]);
  return checkListQuery(def, parsed.query);
}

const f = (field: string, operator: string, value: string) =>
  `filters[0][field]=${field}&filters[0][operator]=${operator}&filters[0][value]=${value}`;

describe('checkListQuery', () => {
  it("applies defaults: page 0, 25 a page, the definition's sort, an estimated total, whole records", () => {
    expect(check('').query).toEqual({
      page: 0,
      pageSize: 25,
      conditions: [],
      sort: { field: 'lastName', direction: 'asc' },
      total: 'estimate',
    });
  });

  it('reads options[total] and options[fields], naming a bad one', () => {
    expect(check('options[total]=none&options[fields]=lastName,createdAt').query).toMatchObject({
      total: 'none',
      fields: ['id', 'lastName', 'createdAt'],
    });
    expect(check('options[total]=all').issues.map((i) => i.param)).toEqual(['options[total]']);
    expect(check('options[fields]=lastName,secret').issues).toEqual([
      { param: 'options[fields]', message: 'Unknown field in options[fields]: secret' },
    ]);
  });

  it('sorts ascending when only the key is given, and by the default key when only the direction is', () => {
    expect(check('options[sortBy]=createdAt').query?.sort).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(check('options[sortDirection]=desc').query?.sort).toEqual({ field: 'lastName', direction: 'desc' });
  });

  it('converts values to what the column holds', () => {
    expect(check(f('email', 'eq', 'A@B.IT')).query?.conditions).toEqual([
      { field: 'email', operator: 'eq', value: 'a@b.it' },
    ]);
    expect(check(f('mobile', 'eq', '333 1234567')).query?.conditions[0].value).toBe('+393331234567');
    expect(check(f('privacyConsentAt', 'isNull', 'true')).query?.conditions[0].value).toBe(true);
    const ids =
      'filters[0][field]=id&filters[0][operator]=in&filters[0][value][0]=ABCDEF00-0000-0000-0000-000000000000';
    expect(check(ids).query?.conditions[0]).toEqual({
      field: 'id',
      operator: 'in',
      value: ['abcdef00-0000-0000-0000-000000000000'],
    });
  });

  it('turns q into a search over the searchable fields', () => {
    expect(check(f('q', 'contains', 'ros')).query?.conditions).toEqual([
      {
        field: 'q',
        operator: 'search',
        value: 'ros',
        fields: ['firstName', 'lastName', 'companyName', 'email', 'phone', 'mobile'],
      },
    ]);
  });

  it('accepts date-only bounds for date-times', () => {
    const raw =
      'filters[0][field]=createdAt&filters[0][operator]=between&filters[0][value][0]=2024-01-01&filters[0][value][1]=2024-12-31T23:59:59Z';
    expect(check(raw).query?.conditions[0]).toEqual({
      field: 'createdAt',
      operator: 'between',
      value: ['2024-01-01', '2024-12-31T23:59:59Z'],
    });
  });

  const bad: [string, string, RegExp][] = [
    [f('nickname', 'eq', 'x'), 'filters[0][field]', /Unknown field/],
    [f('tenantId', 'eq', 'globex'), 'filters[0][field]', /Unknown field/],
    [f('version', 'eq', '1'), 'filters[0][operator]', /not allowed for field version/],
    [f('notes', 'eq', 'x'), 'filters[0][operator]', /not allowed/],
    [f('createdBy', 'contains', 'x'), 'filters[0][operator]', /not allowed/],
    [f('kind', 'gt', 'x'), 'filters[0][operator]', /not allowed/],
    [f('kind', 'eq', 'robot'), 'filters[0][value]', /one of person, company/],
    [f('privacyConsentAt', 'isNull', 'yes'), 'filters[0][value]', /true or false/],
    [f('privacyConsentAt', 'lt', '2024-13-01'), 'filters[0][value]', /ISO-8601/],
    ['filters[0][field]=kind&filters[0][operator]=eq', 'filters[0][value]', /missing/],
    ['filters[0][field]=kind&filters[0][operator]=eq&filters[0][value][0]=person', 'filters[0][value]', /single value/],
    [f('q', 'eq', 'x'), 'filters[0][operator]', /only contains/],
    ['options[sortBy]=email&options[sortDirection]=ASC', 'options[sortDirection]', /asc or desc/],
    ['options[sortBy]=phone', 'options[sortBy]', /Cannot sort by phone/],
    ['options[sortBy]=version', 'options[sortBy]', /Cannot sort/],
    ['pageSize=1.5', 'pageSize', /integer/],
    ['page=100001', 'page', /integer/],
  ];

  it.each(bad)('%s -> issue on %s', (raw, param, message) => {
    const result = check(raw);
    expect(result.query).toBeUndefined();
    expect(result.issues).toContainEqual({ param, message: expect.stringMatching(message) });
  });
});
