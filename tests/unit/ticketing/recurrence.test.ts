import { describe, expect, it } from 'vitest';
import {
  addDays,
  isComplete,
  nextOccurrence,
  occurrencesBetween,
  todayInItaly,
  type Recurrence,
} from '../../../resources/ticketing/recurrence';

const rule = (r: Partial<Recurrence>): Recurrence => ({ freq: 'daily', interval: 1, startDate: '2026-01-01', ...r });
const between = (r: Partial<Recurrence>, from: string, to: string, limit?: number) =>
  occurrencesBetween(rule(r), from, to, limit);

describe('recurrence', () => {
  it('repeats daily every interval days from the start', () => {
    expect(between({ interval: 3 }, '2026-01-01', '2026-01-12')).toEqual([
      '2026-01-01',
      '2026-01-04',
      '2026-01-07',
      '2026-01-10',
    ]);
  });

  it('repeats weekly on the start weekday, or on the chosen weekdays', () => {
    // 2026-01-01 is a Thursday.
    expect(between({ freq: 'weekly' }, '2026-01-01', '2026-01-22')).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
      '2026-01-22',
    ]);
    // Every other week on Monday and Friday; the Monday before the start does not count.
    expect(between({ freq: 'weekly', interval: 2, byWeekday: ['FR', 'MO'] }, '2026-01-01', '2026-01-31')).toEqual([
      '2026-01-02',
      '2026-01-12',
      '2026-01-16',
      '2026-01-26',
      '2026-01-30',
    ]);
  });

  it('repeats monthly on the start day, skipping months without it', () => {
    expect(between({ freq: 'monthly', startDate: '2026-01-31' }, '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
    ]);
  });

  it('takes -1 as the last day of the month', () => {
    expect(between({ freq: 'monthly', byMonthDay: -1 }, '2026-01-01', '2026-04-30')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('expands weekdays within the month and filters by month', () => {
    // Every Monday of February and March, every year.
    expect(between({ freq: 'monthly', byWeekday: ['MO'], byMonth: ['2', '3'] }, '2026-01-01', '2026-03-10')).toEqual([
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
  });

  it('repeats every six months (a semiannual maintenance)', () => {
    expect(between({ freq: 'monthly', interval: 6, startDate: '2026-03-15' }, '2026-01-01', '2027-12-31')).toEqual([
      '2026-03-15',
      '2026-09-15',
      '2027-03-15',
      '2027-09-15',
    ]);
  });

  it('repeats yearly in the chosen months', () => {
    expect(
      between(
        { freq: 'yearly', byMonth: ['4', '10'], byMonthDay: 1, startDate: '2026-05-01' },
        '2026-01-01',
        '2027-12-31',
      ),
    ).toEqual(['2026-10-01', '2027-04-01', '2027-10-01']);
    // Yearly on the start date, 29 February only in leap years.
    expect(between({ freq: 'yearly', startDate: '2024-02-29' }, '2024-01-01', '2029-01-01')).toEqual([
      '2024-02-29',
      '2028-02-29',
    ]);
  });

  it('stops at the end date (inclusive) and after the maximum count', () => {
    expect(between({ freq: 'weekly', endDate: '2026-01-15' }, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
    ]);
    // The count runs from the start, even when the window begins later.
    expect(between({ maxOccurrences: 5 }, '2026-01-04', '2026-12-31')).toEqual(['2026-01-04', '2026-01-05']);
  });

  it('finds the next occurrence on or after a date, or none', () => {
    const semiannual = rule({ freq: 'monthly', interval: 6, startDate: '2025-03-15' });
    expect(nextOccurrence(semiannual, '2026-05-20')).toBe('2026-09-15');
    expect(nextOccurrence(semiannual, '2026-09-15')).toBe('2026-09-15');
    expect(nextOccurrence({ ...semiannual, endDate: '2026-06-30' }, '2026-05-20')).toBeNull();
    expect(nextOccurrence({ ...semiannual, maxOccurrences: 2 }, '2026-05-20')).toBeNull();
    // A rule matching no day at all ends instead of looping.
    expect(nextOccurrence(rule({ freq: 'yearly', byMonth: ['2'], byMonthDay: 30 }), '2026-01-01')).toBeNull();
  });

  it('knows when a rule is complete enough to compute', () => {
    expect(isComplete({ freq: 'weekly', interval: 1, startDate: '2026-01-01' })).toBe(true);
    expect(isComplete({ freq: 'weekly', interval: 0, startDate: '2026-01-01' })).toBe(false);
    expect(isComplete({ freq: 'weekly', interval: 1, startDate: '2026-02-30' })).toBe(false);
    expect(isComplete({ interval: 1, startDate: '2026-01-01' })).toBe(false);
  });

  it('reads dates in the Italian calendar', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(todayInItaly(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});
