import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, UserKind } from '../../../src/auth/claims';
import { admits, resolveMiddleware, UNKNOWN_MIDDLEWARE } from '../../../src/app/navigation/middleware';
import { runNavigation, type NavigationRoute, type NavigationSteps } from '../../../src/app/navigation/pipeline';
import { isUuid, uuidParams } from '../../../src/app/navigation/validation';

const user = (kind: UserKind): CurrentUser => ({
  id: 'u',
  username: 'u',
  userIdentifier: 'u',
  roles: [{ admin: 'ROLE_ADMIN', technician: 'ROLE_TECHNICIAN', regular: 'ROLE_USER' }[kind]],
  tenant: 'acme',
  kind,
});

const ID = '0b0a5a7e-58a4-4c8e-9d0a-3f4d2c1b0a99';

/** Steps that record the order they are asked in; each may answer at once or later. */
function steps(
  options: {
    async?: boolean;
    loggedIn?: boolean;
    maintenance?: boolean;
    enabled?: boolean;
    kind?: UserKind;
    configFails?: boolean;
  } = {},
) {
  const calls: string[] = [];
  const answer = <T>(value: T) => (options.async ? Promise.resolve(value) : value);
  const impl: NavigationSteps = {
    loadConfig: () => {
      calls.push('config');
      if (options.configFails) return options.async ? Promise.reject(new Error('offline')) : failNow();
      return answer(undefined);
    },
    configError: vi.fn(),
    authenticate: () => (calls.push('authentication'), answer(options.loggedIn ?? true)),
    maintenance: () => (calls.push('maintenance'), options.maintenance ?? false),
    moduleEnabled: () => (calls.push('module'), options.enabled ?? true),
    user: () => (calls.push('middleware'), user(options.kind ?? 'admin')),
  };
  return { impl, calls };
}
const failNow = (): never => {
  throw new Error('offline');
};

const route = (extra: Partial<NavigationRoute> = {}): NavigationRoute => ({
  access: 'user',
  middleware: ['is-admin'],
  module: 'sales',
  validate: uuidParams('id'),
  ...extra,
});

describe('navigation pipeline (docs/spa.md#navigation-pipeline)', () => {
  for (const mode of ['synchronous', 'asynchronous'] as const) {
    it(`runs validation, config and dictionaries, authentication, maintenance, in order (${mode})`, async () => {
      const { impl, calls } = steps({ async: mode === 'asynchronous' });
      await expect(Promise.resolve(runNavigation(route(), { id: ID }, impl))).resolves.toEqual({ kind: 'render' });
      expect(calls).toEqual(['config', 'authentication', 'maintenance', 'module', 'middleware']);
    });
  }

  it('answers at once when every step does, so a navigation renders in the same frame', () => {
    const { impl } = steps();
    expect(runNavigation(route(), { id: ID }, impl)).toEqual({ kind: 'render' });
  });

  it('turns a malformed :id into a 404 before anything else', () => {
    const { impl, calls } = steps();
    expect(runNavigation(route(), { id: 'not-a-uuid' }, impl)).toEqual({ kind: 'not-found' });
    expect(calls).toEqual([]);
  });

  it('sends a visitor without a session to /login, before the maintenance check', async () => {
    const { impl, calls } = steps({ async: true, loggedIn: false, maintenance: true });
    await expect(runNavigation(route(), { id: ID }, impl)).resolves.toEqual({ kind: 'login' });
    expect(calls).toEqual(['config', 'authentication']);
  });

  it("blocks every signed-in route in maintenance mode, whatever the user's role", () => {
    for (const kind of ['admin', 'technician', 'regular'] as const) {
      const { impl } = steps({ maintenance: true, kind });
      expect(runNavigation(route({ middleware: [] }), { id: ID }, impl)).toEqual({ kind: 'maintenance' });
    }
  });

  it('sends a signed-in user who opens the login page to /, and shows it to the others', () => {
    const login = route({ access: 'guest', middleware: [], module: null, validate: undefined });
    expect(runNavigation(login, {}, steps().impl)).toEqual({ kind: 'redirect', to: '/' });
    expect(runNavigation(login, {}, steps({ loggedIn: false }).impl)).toEqual({ kind: 'render' });
  });

  it('opens public pages without a session', () => {
    const { impl, calls } = steps({ loggedIn: false });
    const page = route({ access: 'public', middleware: [], module: null, validate: undefined });
    expect(runNavigation(page, {}, impl)).toEqual({ kind: 'render' });
    expect(calls).toEqual(['config']);
  });

  it('answers 404 for a route of a module the tenant does not enable', () => {
    expect(runNavigation(route(), { id: ID }, steps({ enabled: false }).impl)).toEqual({ kind: 'not-found' });
  });

  it('refuses a route whose middleware does not admit the user', () => {
    expect(runNavigation(route(), { id: ID }, steps({ kind: 'technician' }).impl)).toEqual({ kind: 'denied' });
  });

  it('logs a config that cannot be loaded and goes on', async () => {
    for (const async of [false, true]) {
      const { impl } = steps({ configFails: true, async });
      await expect(Promise.resolve(runNavigation(route(), { id: ID }, impl))).resolves.toEqual({ kind: 'render' });
      expect(impl.configError).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }));
    }
  });

  it("throws 'Unknown route middleware' for a name outside the registry", async () => {
    expect(() => runNavigation(route({ middleware: ['is-boss'] as never }), { id: ID }, steps().impl)).toThrow(
      UNKNOWN_MIDDLEWARE,
    );
    await expect(
      runNavigation(route({ middleware: ['is-boss'] as never }), { id: ID }, steps({ async: true }).impl),
    ).rejects.toThrow('Unknown route middleware');
  });
});

describe('route middleware', () => {
  it('is-admin admits administrators only', () => {
    const isAdmin = resolveMiddleware('is-admin');
    expect([isAdmin(user('admin')), isAdmin(user('technician')), isAdmin(user('regular'))]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('is-technician admits technicians and administrators', () => {
    const isTechnician = resolveMiddleware('is-technician');
    expect([isTechnician(user('admin')), isTechnician(user('technician')), isTechnician(user('regular'))]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("an unknown name is the error 'Unknown route middleware', also for inherited names", () => {
    for (const name of ['is-root', 'toString', '__proto__']) {
      expect(() => resolveMiddleware(name)).toThrow(new Error('Unknown route middleware'));
    }
  });

  it('no middleware admits every signed-in user; none admits nobody', () => {
    expect(admits([], user('regular'))).toBe(true);
    expect(admits(['is-admin'], null)).toBe(false);
  });
});

describe('route validation', () => {
  it('accepts UUIDs only', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    for (const bad of ['', '123', 'create', `${ID}x`, ID.replace(/-/g, ''), undefined]) expect(isUuid(bad)).toBe(false);
  });
});
