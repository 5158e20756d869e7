import { describe, expect, it } from 'vitest';
import { meetsPreset, presetValue, type Preset } from '../../../resources/schema';

describe('named filters judged on a day', () => {
  const overdue: Preset = {
    where: [
      { field: 'due', operator: 'lt', value: { today: 0 } },
      { field: 'status', operator: 'neq', value: 'decommissioned' },
    ],
  };
  const soon: Preset = {
    where: [
      { field: 'due', operator: 'gte', value: { today: 0 } },
      { field: 'due', operator: 'lte', value: { today: 30 } },
    ],
  };

  it('resolves relative days from the given day, across months and years', () => {
    expect(presetValue({ today: 30 }, '2026-12-15')).toBe('2027-01-14');
    expect(presetValue('toReport', '2026-12-15')).toBe('toReport');
  });

  it('meets a record as the service’s SQL would', () => {
    expect(meetsPreset(overdue, { due: '2026-11-23', status: 'active' }, '2026-11-24')).toBe(true);
    expect(meetsPreset(overdue, { due: '2026-11-24', status: 'active' }, '2026-11-24')).toBe(false);
    expect(meetsPreset(overdue, { due: '2020-01-01', status: 'decommissioned' }, '2026-11-24')).toBe(false);
    // No value meets no comparison.
    expect(meetsPreset(overdue, { due: null, status: 'active' }, '2026-11-24')).toBe(false);
    expect(meetsPreset(soon, { due: '2026-12-24' }, '2026-11-24')).toBe(true);
    expect(meetsPreset(soon, { due: '2026-12-25' }, '2026-11-24')).toBe(false);
  });
});
