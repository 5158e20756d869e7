import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';
import { parseTrustProxy } from '../../../server/http/trust-proxy';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(readEnv({}).trustProxy).toBe(false);
  });

  it('takes true, a hop count, or a list of addresses, CIDRs and named ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('0')).toBe(false);
    const twoHops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(parseTrustProxy(' 10.0.0.1, 172.16.0.0/12 ,loopback,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else at start, naming it', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.it', ','])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: 'maybe' })).toThrow(/Invalid environment:\n {2}TRUST_PROXY/);
  });
});

describe('HSTS_MAX_AGE and RATE_LIMIT_PER_MINUTE', () => {
  it('default to a year and 3000, accept 0, refuse negatives', () => {
    expect(readEnv({})).toMatchObject({ HSTS_MAX_AGE: 31_536_000, RATE_LIMIT_PER_MINUTE: 3000 });
    expect(readEnv({ HSTS_MAX_AGE: '0', RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({
      HSTS_MAX_AGE: 0,
      RATE_LIMIT_PER_MINUTE: 0,
    });
    expect(() => readEnv({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
