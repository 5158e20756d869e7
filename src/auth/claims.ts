import type { Role } from '../../resources/schema';

/** The access token's claims the SPA reads (contract: sub, username, groups, exp). */
export interface Claims {
  sub?: string;
  username?: string;
  groups?: string[];
  exp?: number;
}

export type UserKind = 'admin' | 'technician' | 'regular';

/** The current user (docs/spa.md#users-and-areas), read from the claims. */
export interface CurrentUser {
  id: string;
  username: string;
  /** Same as username (docs/spa.md#users-and-areas). */
  userIdentifier: string;
  roles: string[];
  tenant: string | null;
  kind: UserKind;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, unverified: the services verify it; the SPA only needs to know who it is. */
export function decodeClaims(jwt: string): Claims | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as unknown;
    return claims && typeof claims === 'object' ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

const ROLE_PREFIX = 'role:';
const TENANT_PREFIX = 'tenant:';

export function userKind(roles: readonly string[]): UserKind {
  if (roles.includes('ROLE_ADMIN' satisfies Role)) return 'admin';
  if (roles.includes('ROLE_TECHNICIAN' satisfies Role)) return 'technician';
  return 'regular';
}

/** Roles come from `role:` groups, the tenant from the `tenant:` group (docs/spa.md#users-and-areas). */
export function userFromClaims(claims: Claims): CurrentUser {
  const groups = Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [];
  const roles = groups.filter((g) => g.startsWith(ROLE_PREFIX)).map((g) => g.slice(ROLE_PREFIX.length));
  const tenant = groups.find((g) => g.startsWith(TENANT_PREFIX))?.slice(TENANT_PREFIX.length) ?? null;
  const username = claims.username ?? claims.sub ?? '';
  return { id: claims.sub ?? username, username, userIdentifier: username, roles, tenant, kind: userKind(roles) };
}
