import { describe, expect, it } from 'vitest';
import { dueDates, romeInstant } from '../../../server/services/ticketing/generation';
import { visitDates } from '../../../server/services/wfm/planning/proposals';

/** The dates generated work falls on (docs/domain.md#generated-work). */

describe('visitDates', () => {
  const contract = { startDate: '2026-01-31', endDate: '2027-06-30', visitsPerYear: 4 };

  it('spreads the visits evenly over each contract year, every 12/visits months', () => {
    // A month without the 31st takes its last day, as a month later does everywhere in the product.
    expect(visitDates(contract, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
      '2026-10-31',
    ]);
  });

  it('keeps to the window and to the contract end', () => {
    expect(visitDates(contract, '2026-05-01', '2026-08-01')).toEqual(['2026-07-31']);
    expect(visitDates(contract, '2027-01-01', '2027-12-31')).toEqual(['2027-01-31', '2027-04-30']);
    expect(visitDates({ ...contract, visitsPerYear: 0 }, '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('splits months by days when the visits do not divide the year', () => {
    // Every 2.4 months: 0, 2.4, 4.8, 7.2, 9.6 months from 1 January.
    expect(
      visitDates({ startDate: '2026-01-01', endDate: '2026-12-31', visitsPerYear: 5 }, '2026-01-01', '2026-12-31'),
    ).toEqual(['2026-01-01', '2026-03-13', '2026-05-26', '2026-08-07', '2026-10-20']);
  });
});

describe('dueDates', () => {
  const plan = { freq: 'daily', interval: 7, startDate: '2026-03-01', horizonDays: 30 };

  it('runs from today, or the later start, to today + the horizon', () => {
    expect(dueDates(plan, '2026-03-10')).toEqual(['2026-03-15', '2026-03-22', '2026-03-29', '2026-04-05']);
    expect(dueDates({ ...plan, startDate: '2026-04-01' }, '2026-03-10')).toEqual(['2026-04-01', '2026-04-08']);
  });

  it('counts occurrences from the start and stops at the end date', () => {
    expect(dueDates({ ...plan, maxOccurrences: 3 }, '2026-03-10')).toEqual(['2026-03-15']);
    expect(dueDates({ ...plan, endDate: '2026-03-22' }, '2026-03-10')).toEqual(['2026-03-15', '2026-03-22']);
  });

  it('gives nothing for an incomplete rule', () => {
    expect(dueDates({ ...plan, startDate: null }, '2026-03-10')).toEqual([]);
  });
});

describe('romeInstant', () => {
  it('is the Italian wall clock, summer time included', () => {
    expect(romeInstant('2026-01-15', 0)).toBe('2026-01-14T23:00:00.000Z');
    expect(romeInstant('2026-07-15', 23, 59)).toBe('2026-07-15T21:59:00.000Z');
  });
});
