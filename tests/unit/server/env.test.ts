import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';

describe('SEED and NODE_ENV', () => {
  it('seeds the demo tenants by default in development', () => {
    expect(readEnv({}).SEED).toBe('demo');
    expect(readEnv({ NODE_ENV: 'development' }).SEED).toBe('demo');
    expect(readEnv({ SEED: 'none' }).SEED).toBe('none');
  });

  it('never seeds demo data in production: none by default, demo refused with a message naming the way out', () => {
    expect(readEnv({ NODE_ENV: 'production' }).SEED).toBe('none');
    expect(readEnv({ NODE_ENV: 'production', SEED: 'none' }).SEED).toBe('none');
    expect(() => readEnv({ NODE_ENV: 'production', SEED: 'demo' })).toThrow(
      /SEED=demo is refused with NODE_ENV=production.*npm run tenant -- create/s,
    );
  });

  it('STATIC_DIR=off serves no SPA', () => {
    expect(readEnv({ STATIC_DIR: 'off' }).staticDir).toBeUndefined();
    expect(readEnv({}).staticDir).toMatch(/dist$/);
  });
});
