import { describe, expect, it, vi } from 'vitest';
import { contacts } from '../../../resources';
import { SERVER_ERROR, createAuthProvider } from '../../../src/auth/authProvider';
import { createTokenStorage } from '../../../src/auth/tokenStorage';
import { sharedStorage } from './memoryStorage';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (groups: string[]) => `${b64url({ alg: 'EdDSA' })}.${b64url({ sub: 'u1', username: 'admin', groups })}.sig`;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function setup(fetch: typeof globalThis.fetch, enabled = true) {
  const tokens = createTokenStorage(sharedStorage());
  const afterLogin = vi.fn(async () => {});
  const refresh = vi.fn(async () => false);
  const provider = createAuthProvider({
    tokens,
    refresher: { refresh },
    tokenUrl: () => 'http://api/oauth2/token',
    client: () => ({ clientId: 'backoffice', clientSecret: 'secret' }),
    afterLogin,
    findResource: (name) => (name === contacts.name ? contacts : undefined),
    isServiceEnabled: () => enabled,
    fetch,
  });
  return { provider, tokens, afterLogin, refresh };
}

describe('authProvider', () => {
  it('logs in with the password grant (docs/wire-contract.md#token-endpoint), then loads the tenant', async () => {
    const fetch = vi.fn(async () =>
      json(200, { AccessToken: jwt(['role:ROLE_ADMIN', 'tenant:acme']), RefreshToken: 'r', ExpiresIn: 900 }),
    );
    const { provider, tokens, afterLogin } = setup(fetch);
    await provider.login({ username: 'admin', password: 'pw', tenant: 'acme' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'password',
      client_id: 'backoffice',
      client_secret: 'secret',
      scope: 'USERNAME',
      username: 'admin',
      password: 'pw',
      tenant: 'acme',
    });
    expect(afterLogin).toHaveBeenCalledOnce();
    expect(tokens.lastTenant()).toBe('acme');
    await expect(provider.getPermissions!({})).resolves.toEqual(['ROLE_ADMIN']);
    await expect(provider.getIdentity!()).resolves.toMatchObject({ fullName: 'admin', tenant: 'acme', kind: 'admin' });
  });

  it('starts what the app fetches meanwhile (the definitions) before the token request', async () => {
    const order: string[] = [];
    const tokens = createTokenStorage(sharedStorage());
    const provider = createAuthProvider({
      tokens,
      refresher: { refresh: async () => false },
      tokenUrl: () => 'http://api/oauth2/token',
      client: () => ({ clientId: 'backoffice', clientSecret: 'secret' }),
      beforeLogin: () => order.push('beforeLogin'),
      afterLogin: async () => void order.push('afterLogin'),
      findResource: () => undefined,
      isServiceEnabled: () => true,
      fetch: async () => {
        order.push('token');
        return json(200, { AccessToken: jwt(['tenant:acme']), RefreshToken: 'r', ExpiresIn: 900 });
      },
    });
    await provider.login({ username: 'admin', password: 'pw', tenant: 'acme' });
    expect(order).toEqual(['beforeLogin', 'token', 'afterLogin']);
  });

  it("shows the server's message on a failed login, else 'Server Error'", async () => {
    const refused = setup(
      vi.fn(async () => json(400, { error: 'invalid_grant', message: 'Invalid username or password' })),
    );
    await expect(refused.provider.login({ username: 'a', password: 'b', tenant: 'acme' })).rejects.toThrow(
      'Invalid username or password',
    );
    const down = setup(vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(down.provider.login({ username: 'a', password: 'b', tenant: 'acme' })).rejects.toThrow(SERVER_ERROR);
  });

  it('refreshes an expired token in checkAuth, and clears storage when that fails', async () => {
    const { provider, tokens, refresh } = setup(vi.fn());
    tokens.save({ AccessToken: jwt([]), RefreshToken: 'r', ExpiresIn: -60 });
    await expect(provider.checkAuth({})).rejects.toBeDefined();
    expect(refresh).toHaveBeenCalledOnce();
    expect(tokens.read()).toBeNull();
  });

  it('answers canAccess from the definition, the roles and the enabled services', async () => {
    const admin = setup(vi.fn());
    admin.tokens.save({ AccessToken: jwt(['role:ROLE_ADMIN']), RefreshToken: 'r', ExpiresIn: 900 });
    await expect(admin.provider.canAccess!({ resource: contacts.name, action: 'edit' })).resolves.toBe(true);
    await expect(admin.provider.canAccess!({ resource: contacts.name, action: 'export' })).resolves.toBe(true);
    await expect(admin.provider.canAccess!({ resource: 'nope', action: 'list' })).resolves.toBe(false);
    await expect(admin.provider.canAccess!({ resource: contacts.name, action: 'fly' })).resolves.toBe(false);

    const user = setup(vi.fn());
    user.tokens.save({ AccessToken: jwt(['role:ROLE_USER']), RefreshToken: 'r', ExpiresIn: 900 });
    await expect(user.provider.canAccess!({ resource: contacts.name, action: 'list' })).resolves.toBe(false);

    const disabled = setup(vi.fn(), false);
    disabled.tokens.save({ AccessToken: jwt(['role:ROLE_ADMIN']), RefreshToken: 'r', ExpiresIn: 900 });
    await expect(disabled.provider.canAccess!({ resource: contacts.name, action: 'list' })).resolves.toBe(false);
  });

  it('ends the session on a 401 that survived the refresh, not on a 403', async () => {
    const { provider, tokens } = setup(vi.fn());
    tokens.save({ AccessToken: jwt([]), RefreshToken: 'r', ExpiresIn: 900 });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(tokens.read()).not.toBeNull();
    await expect(provider.checkError({ status: 401 })).rejects.toBeDefined();
    expect(tokens.read()).toBeNull();
  });
});
