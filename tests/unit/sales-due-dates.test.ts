import { describe, expect, it } from 'vitest';
import { dueDatesOf } from '../../server/services/sales/payments/due-dates';
import { decimal } from '../../resources/schema';

const dates = (lines: { dueDate: string }[]) => lines.map((l) => l.dueDate);

describe('dueDatesOf', () => {
  it('falls due at the end of the month, then the extra days (30 gg DF FM + 10)', () => {
    const due = dueDatesOf(
      [{ percent: '100', days: 30, endOfMonth: true, extraDays: 10 }],
      '2026-01-20',
      '100',
      'MP05',
    );
    expect(due).toEqual([{ dueDate: '2026-03-10', amount: '100.00', method: 'MP05', iban: null }]);
  });

  it('counts days from the date: the 31st plus 30 days crosses a short month; leap years have a 29 February', () => {
    expect(dates(dueDatesOf([{ percent: '100', days: 30 }], '2026-01-31', '10', 'MP05'))).toEqual(['2026-03-02']);
    expect(dates(dueDatesOf([{ percent: '100', days: 30 }], '2028-01-31', '10', 'MP05'))).toEqual(['2028-03-01']);
    expect(dates(dueDatesOf([{ percent: '100', days: 30, endOfMonth: true }], '2028-01-31', '10', 'MP05'))).toEqual([
      '2028-03-31',
    ]);
    expect(dates(dueDatesOf([{ percent: '100', days: 30, endOfMonth: true }], '2028-01-15', '10', 'MP05'))).toEqual([
      '2028-02-29',
    ]);
    expect(dates(dueDatesOf([{ percent: '100', days: 30, endOfMonth: true }], '2027-01-15', '10', 'MP05'))).toEqual([
      '2027-02-28',
    ]);
  });

  it('splits 30/60/90 so the amounts add up to the total exactly', () => {
    const thirds = ['33.33', '33.33', '33.34'].map((percent, i) => ({ percent, days: 30 * (i + 1), endOfMonth: true }));
    const due = dueDatesOf(thirds, '2026-11-30', '1000.01', 'MP12', 'IT60X0542811101000000123456');
    expect(dates(due)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
    expect(due.map((d) => d.amount)).toEqual(['333.30', '333.30', '333.41']);
    expect(decimal.sumOf(due, 'amount')).toBe('1000.01');
    expect(due.every((d) => d.method === 'MP12' && d.iban === 'IT60X0542811101000000123456')).toBe(true);
    const halves = dueDatesOf(
      [
        { percent: '50', days: 30 },
        { percent: '50', days: 60 },
      ],
      '2026-01-01',
      '0.03',
      'MP05',
    );
    expect(halves.map((d) => d.amount)).toEqual(['0.02', '0.01']);
  });
});
