import { describe, expect, it } from 'vitest';
import { TENANT_KEY, TOKEN_KEY, createTokenStorage } from '../../../src/auth/tokenStorage';
import { memoryStorage, sharedStorage } from './memoryStorage';

describe('token storage', () => {
  it('stores the expiry as a unix time computed from ExpiresIn, under a versioned key', () => {
    const storage = memoryStorage();
    const tokens = createTokenStorage(
      () => storage,
      () => 1_700_000_000_500,
    );
    const saved = tokens.save({ AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 900 });
    expect(saved).toEqual({ accessToken: 'a', refreshToken: 'r', expiresAt: 1_700_000_900 });
    expect(TOKEN_KEY).toMatch(/\.v\d+\./);
    expect(JSON.parse(storage.dump()[TOKEN_KEY])).toEqual(saved);
    expect(tokens.read()).toEqual(saved);
  });

  it('reports a token expired shortly before its expiry, so no request leaves with a dying token', () => {
    let now = 1_000_000_000;
    const tokens = createTokenStorage(sharedStorage(), () => now);
    const token = tokens.save({ AccessToken: 'a', RefreshToken: 'r', ExpiresIn: 60 });
    expect(tokens.isExpired(token)).toBe(false);
    now += 45_000;
    expect(tokens.isExpired(token)).toBe(false);
    now += 10_000;
    expect(tokens.isExpired(token)).toBe(true);
  });

  it('clears the token but remembers the last tenant for the login page', () => {
    const storage = memoryStorage();
    const tokens = createTokenStorage(() => storage);
    tokens.save({ AccessToken: 'a', RefreshToken: null, ExpiresIn: 60 });
    tokens.rememberTenant('globex');
    tokens.clear();
    expect(tokens.read()).toBeNull();
    expect(tokens.lastTenant()).toBe('globex');
    expect(storage.dump()).toEqual({ [TENANT_KEY]: 'globex' });
  });

  it('ignores a malformed entry', () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, '{not json');
    expect(createTokenStorage(() => storage).read()).toBeNull();
    storage.setItem(TOKEN_KEY, '{"accessToken":1}');
    expect(createTokenStorage(() => storage).read()).toBeNull();
  });
});
