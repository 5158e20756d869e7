import { describe, expect, it } from 'vitest';
import { defineResource, f, type Fields, type ResourceDefinition, type ServiceId } from '../../../resources/schema';
import { countRequests } from '../../../src/shell/dashboard/useCounts';
import {
  breakdowns,
  headlines,
  highlights,
  isToday,
  listable,
  nextSevenDays,
  rangeFilter,
  technicianQuery,
  thisMonth,
} from '../../../src/shell/dashboard/plan';

/** A minimal definition; the dashboard reads only names, services, access and fields. */
function def(name: string, fields: Fields, extra: Partial<ResourceDefinition> = {}) {
  const first = Object.keys(fields)[0];
  return {
    ...defineResource({
      name,
      service: name.split('/')[0] as ServiceId,
      endpoint: name.split('/')[1],
      recordRepresentation: [first],
      fields,
      views: { list: { columns: [first], sort: { field: 'createdAt', order: 'DESC' } }, form: { sections: [] } },
    }),
    ...extra,
  };
}

const activities = def('wfm/activities', {
  title: f.text(),
  status: f.enum(['assigned', 'completed', 'cancelled']),
  scheduledStart: f.datetime({ sortable: true }),
});
const requests = def('ticketing/requests', {
  subject: f.text(),
  status: f.enum(['open', 'inProgress', 'closed']),
});
const invoices = def('sales/invoices', {
  number: f.text(),
  status: f.enum(['issued', 'cancelledByCreditNote']),
});
const stocks = def('wh/stocks', { code: f.text(), belowMinimum: f.boolean() });
const contacts = def('address-book/contacts', { name: f.text(), kind: f.enum(['person', 'company']) });

// 15 May 2025, 10:30 local time.
const NOW = new Date(2025, 4, 15, 10, 30);

describe('dashboard plan', () => {
  it('counts only what the tenant enables and the user may list', () => {
    const technicianOnly = def(
      'sales/work-reports',
      { number: f.text() },
      {
        access: { list: ['ROLE_TECHNICIAN'], show: [], create: [], edit: [], delete: [] },
      },
    );
    const all = [contacts, requests, technicianOnly];
    expect(listable(all, ['ROLE_ADMIN'], () => true).map((d) => d.name)).toEqual([
      'address-book/contacts',
      'ticketing/requests',
    ]);
    expect(listable(all, ['ROLE_ADMIN'], (s) => s !== 'ticketing').map((d) => d.name)).toEqual([
      'address-book/contacts',
    ]);
    expect(listable(all, ['ROLE_TECHNICIAN'], () => true).map((d) => d.name)).toEqual(['sales/work-reports']);
  });

  it('keeps highlights whose definition, field and values exist, with the operators they allow', () => {
    expect(highlights([requests, invoices, stocks, contacts])).toEqual([
      { key: 'openRequests', resource: 'ticketing/requests', filter: { status_in: ['open', 'inProgress'] } },
      // No "draft" status on this invoices definition: no number rather than a query the service refuses.
      { key: 'itemsBelowMinimum', resource: 'wh/stocks', filter: { belowMinimum: true } },
    ]);
    expect(highlights([contacts])).toEqual([]);
  });

  it('counts a named filter the definition declares, grouped, and drops one it does not', () => {
    const machines = defineResource({
      name: 'wfm/machines',
      service: 'wfm',
      endpoint: 'machines',
      recordRepresentation: ['code'],
      fields: { code: f.text(), due: f.date() },
      views: {
        list: {
          columns: ['code'],
          sort: { field: 'code', order: 'ASC' },
          presets: { overdue: { where: [{ field: 'due', operator: 'lt', value: { today: 0 } }] } },
        },
        form: { sections: [] },
      },
    });
    const cards = {
      headlines: [],
      breakdowns: [],
      highlights: [
        { key: 'late', resource: 'wfm/machines', preset: 'overdue', group: 'fgas', rank: 1 },
        { key: 'soon', resource: 'wfm/machines', preset: 'dueSoon', group: 'fgas', rank: 2 },
      ],
    };
    expect(highlights([machines], cards)).toEqual([
      { key: 'late', resource: 'wfm/machines', filter: { overdue: true }, group: 'fgas' },
    ]);
  });

  it('charts activities of this month by status, and other enums over all records', () => {
    const [activityChart, contactChart] = breakdowns([activities, contacts], NOW);
    const month = thisMonth(NOW);
    expect(activityChart.label).toBe('pages.dashboard.activitiesThisMonth');
    expect(activityChart.bars.map((b) => b.filter)).toEqual(
      ['assigned', 'completed', 'cancelled'].map((status) => ({
        scheduledStart_between: [month.from.toISOString(), month.to.toISOString()],
        status,
      })),
    );
    expect(contactChart.bars.map((b) => [b.value, b.filter])).toEqual([
      ['person', { kind: 'person' }],
      ['company', { kind: 'company' }],
    ]);
  });

  it('gives the technician the next seven days of activities, sorted by start', () => {
    const query = technicianQuery([activities], NOW)!;
    const week = nextSevenDays(NOW);
    expect(week.from).toEqual(new Date(2025, 4, 15));
    expect(week.to).toEqual(new Date(new Date(2025, 4, 22).getTime() - 1));
    expect(query.filter).toEqual({ scheduledStart_between: [week.from.toISOString(), week.to.toISOString()] });
    expect(query.sort).toEqual({ field: 'scheduledStart', order: 'ASC' });
    expect(technicianQuery([contacts], NOW)).toBeUndefined();
  });

  it('writes ranges in the form the field takes', () => {
    const range = { from: new Date(2025, 4, 1), to: new Date(2025, 4, 31, 23, 59) };
    const days = def('wfm/visits', {
      title: f.text(),
      day: f.date(),
      noRange: f.date({ filter: ['eq'] }),
    });
    expect(rangeFilter(days, 'day', range)).toEqual({ day_between: ['2025-05-01', '2025-05-31'] });
    expect(rangeFilter(days, 'noRange', range)).toBeUndefined();
    const bounded = def('wfm/slots', { title: f.text(), at: f.datetime({ filter: ['gte', 'lte'] }) });
    expect(rangeFilter(bounded, 'at', range)).toEqual({
      at_gte: range.from.toISOString(),
      at_lte: range.to.toISOString(),
    });
    expect(rangeFilter(days, 'createdAt', range)).toEqual({
      createdAt_between: [range.from.toISOString(), range.to.toISOString()],
    });
  });

  it("tells today's activities from the week's", () => {
    expect(isToday(new Date(2025, 4, 15, 23, 0).toISOString(), NOW)).toBe(true);
    expect(isToday(new Date(2025, 4, 16, 0, 0).toISOString(), NOW)).toBe(false);
    expect(isToday('2025-05-15', NOW)).toBe(true);
    expect(isToday(null, NOW)).toBe(false);
  });

  it('counts the business entities that exist, not the supporting tables', () => {
    const vat = def('sales/vat-rates', { code: f.text() });
    expect(headlines([vat, requests, contacts]).map((c) => c.key)).toEqual([
      'total:address-book/contacts',
      'total:ticketing/requests',
    ]);
  });
});

describe('count requests', () => {
  it('one per service, whatever the number of counts; an unknown resource is left out', () => {
    const defs = [
      { name: 'address-book/contacts', service: 'address-book' },
      { name: 'wh/items', service: 'warehouse' },
      { name: 'wh/movements', service: 'warehouse' },
    ] as const;
    const count = (key: string, resource: string) => ({ key, resource, filter: { kind: key } });
    const requests = countRequests(
      [
        count('a', 'address-book/contacts'),
        count('b', 'wh/items'),
        count('c', 'wh/movements'),
        count('d', 'nope/nothing'),
        count('e', 'address-book/contacts'),
      ],
      defs,
    );
    expect(requests.map((r) => [r.service, r.resource, r.counts.map((c) => c.key)])).toEqual([
      ['address-book', 'address-book/contacts', ['a', 'e']],
      ['warehouse', 'wh/items', ['b', 'c']],
    ]);
  });
});
