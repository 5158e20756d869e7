import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import activities from '../../../resources/wfm/activities';
import sites from '../../../resources/sales/sites';
import { fieldLabelKey, problemMessages } from '../../../src/modules/wfm/job/problems';
import { geoHref, isOverdue, mapsUrl, telHref } from '../../../src/modules/wfm/job/places';
import {
  completionInterval,
  formatMinutes,
  fromLocalInput,
  minutesWorked,
  timeEntries,
  toLocalInput,
} from '../../../src/modules/wfm/job/time';
import { cardColumns } from '../../../src/views/list/cards';

const at = (iso: string) => new Date(iso);

describe("the job screen's time", () => {
  const entries = [
    { technicianId: 't', start: '2026-11-24T08:00:00Z', end: '2026-11-24T09:30:00Z' },
    { technicianId: 't', start: '2026-11-24T10:00:00Z', end: null },
  ];

  it('counts closed entries and the open one up to now, in whole minutes', () => {
    expect(minutesWorked(entries, at('2026-11-24T10:15:40Z'))).toBe(105);
    expect(minutesWorked([], at('2026-11-24T10:15:00Z'))).toBe(0);
    expect(formatMinutes(105)).toBe('1 h 45 min');
    expect(formatMinutes(7)).toBe('7 min');
  });

  it('keeps only readable entries', () => {
    expect(timeEntries([{ start: 'nonsense' }, null, 'x', entries[0]])).toEqual([entries[0]]);
    expect(timeEntries(undefined)).toEqual([]);
  });

  it('prefills the completion from the first start to the last end, now for an open entry', () => {
    const open = completionInterval({ timeEntries: entries }, at('2026-11-24T10:15:40Z'));
    expect(open).toEqual({ start: at('2026-11-24T08:00:00Z'), end: at('2026-11-24T10:15:00Z') });
    const closed = completionInterval({ timeEntries: [entries[0]] }, at('2026-11-24T12:00:00Z'));
    expect(closed).toEqual({ start: at('2026-11-24T08:00:00Z'), end: at('2026-11-24T09:30:00Z') });
  });

  it('keeps the end a minute after the start and never in the future', () => {
    const quick = [{ start: '2026-11-24T08:00:10Z', end: '2026-11-24T08:00:40Z' }];
    expect(completionInterval({ timeEntries: quick }, at('2026-11-24T08:00:50Z'))).toEqual({
      start: at('2026-11-24T07:59:00Z'),
      end: at('2026-11-24T08:00:00Z'),
    });
  });

  it('falls back on the planned start and now without entries', () => {
    const planned = completionInterval({ scheduledStart: '2026-11-24T07:30:00Z' }, at('2026-11-24T09:00:30Z'));
    expect(planned).toEqual({ start: at('2026-11-24T07:30:00Z'), end: at('2026-11-24T09:00:00Z') });
  });

  it('round-trips a datetime-local value in the local time zone', () => {
    const date = new Date(2026, 10, 24, 9, 5);
    expect(toLocalInput(date)).toBe('2026-11-24T09:05');
    expect(fromLocalInput('2026-11-24T09:05')).toBe(date.toISOString());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});

describe("the job screen's links", () => {
  it('calls the digits of a phone number', () => {
    expect(telHref('+39 02 1234.5678')).toBe('tel:+390212345678');
    expect(telHref('02-123 456')).toBe('tel:02123456');
    expect(telHref('')).toBeUndefined();
    expect(telHref(null)).toBeUndefined();
  });

  it('opens an address in the phone maps app and on the web', () => {
    expect(geoHref('Via Roma 1, 20121 Milano (MI)')).toBe('geo:0,0?q=Via%20Roma%201%2C%2020121%20Milano%20(MI)');
    expect(mapsUrl('Via Roma 1, Milano')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Via%20Roma%201%2C%20Milano',
    );
    expect(geoHref(' ')).toBeUndefined();
    expect(mapsUrl('')).toBeUndefined();
  });

  it("tells an overdue leak check by the local day, today's is not", () => {
    const now = new Date(2026, 10, 24, 18, 0);
    expect(isOverdue('2026-11-23', now)).toBe(true);
    expect(isOverdue('2026-11-24', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});

describe("the job screen's errors", () => {
  it('puts each field message after its label, lines included', () => {
    const error = new HttpError('Validation failed', 400, {
      errors: { fgasMaterials: { 0: { cylinderLot: 'Obbligatorio' } }, notes: 'Troppo lungo' },
    });
    const labels: Record<string, string> = {
      'resources.wfm/activities.lines.fgasMaterials.fields.cylinderLot': 'Lotto bombola',
      'resources.wfm/activities.fields.notes': 'Note',
    };
    expect(problemMessages(error, (key) => labels[key] ?? key)).toBe(
      'Lotto bombola: Obbligatorio · Note: Troppo lungo',
    );
    expect(fieldLabelKey(['materials', '2', 'quantity'])).toBe(
      'resources.wfm/activities.lines.materials.fields.quantity',
    );
  });

  it('leaves a conflict and a system error to their catalogue keys', () => {
    expect(problemMessages(new HttpError('app.errors.conflict', 409, { errors: { root: 'stale' } }))).toBe(
      'app.errors.conflict',
    );
    expect(problemMessages(new Error('boom'))).toBe('app.errors.system');
  });
});

describe('the cards of a list on a phone', () => {
  it('show the columns after the representation, the status apart', () => {
    expect(cardColumns(activities, activities.views.list.columns)).toEqual({
      secondary: ['customerId', 'siteId', 'type'],
      tertiary: 'status',
    });
    expect(cardColumns(sites, sites.views.list.columns)).toEqual({
      secondary: ['customerId', 'address', 'zone'],
      tertiary: undefined,
    });
  });
});
