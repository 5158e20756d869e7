import { describe, expect, it } from 'vitest';
import { measureApp, SPA } from '../../../bench/bundle';

// Builds the SPA (about ten seconds): what the login screen loads first must not carry error reporting.
describe('built SPA', () => {
  it('has no error-reporting SDK in its first load, only in a chunk loaded on demand', async () => {
    const measure = await measureApp(SPA);
    expect(measure.files.length).toBeGreaterThan(0);
    expect(measure.monitoringInFirstLoad).toEqual([]);
    expect(measure.lazyMonitoring).toBe(true);
  }, 180_000);
});
