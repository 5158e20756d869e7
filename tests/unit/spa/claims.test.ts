import { describe, expect, it } from 'vitest';
import { decodeClaims, userFromClaims, userKind } from '../../../src/auth/claims';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${b64url({ alg: 'EdDSA', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('claims', () => {
  it('reads roles from role: groups and the tenant from the tenant: group', () => {
    const claims = decodeClaims(
      jwt({ sub: 'u1', username: 'admin', groups: ['role:ROLE_ADMIN', 'tenant:acme', 'other'] }),
    );
    expect(userFromClaims(claims!)).toEqual({
      id: 'u1',
      username: 'admin',
      userIdentifier: 'admin',
      roles: ['ROLE_ADMIN'],
      tenant: 'acme',
      kind: 'admin',
    });
  });

  it('decodes UTF-8 and base64url characters', () => {
    const claims = decodeClaims(jwt({ username: 'nicolò?>>', groups: [] }));
    expect(claims?.username).toBe('nicolò?>>');
  });

  it('tells admin, technician and regular users apart', () => {
    expect(userKind(['ROLE_TECHNICIAN', 'ROLE_ADMIN'])).toBe('admin');
    expect(userKind(['ROLE_TECHNICIAN'])).toBe('technician');
    expect(userKind(['ROLE_USER'])).toBe('regular');
    expect(userKind([])).toBe('regular');
  });

  it('returns null for what is not a JWT', () => {
    expect(decodeClaims('garbage')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
  });

  it('copes with claims without groups', () => {
    expect(userFromClaims({ sub: 'u2', username: 'x' })).toMatchObject({ roles: [], tenant: null, kind: 'regular' });
  });
});
