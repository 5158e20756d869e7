import { describe, expect, it } from 'vitest';
import { fileNames, isComplete, presetPeriod } from '../../../src/modules/sales/accountant/periods';

describe("the accountant's periods", () => {
  it('are whole calendar months and quarters around today', () => {
    expect(presetPeriod('thisMonth', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('thisMonth', '2024-02-14')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('thisQuarter', '2026-05-02')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetPeriod('lastQuarter', '2026-05-02')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('reach into the previous year in January and the first quarter', () => {
    expect(presetPeriod('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('lastQuarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(presetPeriod('thisQuarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('ask the service only for two dates in order, and name the files as it does', () => {
    expect(isComplete({ from: '2026-01-01', to: '2026-01-31' })).toBe(true);
    expect(isComplete({ from: '2026-02-01', to: '2026-01-31' })).toBe(false);
    expect(isComplete({ from: '', to: '2026-01-31' })).toBe(false);
    expect(fileNames({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      zip: 'fatture_2026-01-01_2026-03-31.zip',
      csv: 'registro-iva-vendite_2026-01-01_2026-03-31.csv',
      xlsx: 'registro-iva-vendite_2026-01-01_2026-03-31.xlsx',
    });
  });
});
