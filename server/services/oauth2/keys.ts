import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import type { Db } from '../../db/tables';
import type { AuthUser } from '../../http/auth';
import { UUID } from '../../records';
import type { UserState } from './user-states';

export const ISSUER = 'climatica';
export const AUDIENCE = 'climatica-api';
const ALG = 'EdDSA';

interface KeyEntry {
  kid: string;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

/** Sessions whose access tokens are refused (sessions.ts: RevokedSessions). */
export interface SessionCheck {
  has(sessionId: string): boolean;
}

/** The token state of users (user-states.ts: UserStates, in memory, invalidated by the database). */
export interface UserCheck {
  get(tenant: string, userId: string): Promise<UserState | undefined>;
}

/** A token whose signature and claims were checked once: what every later use of it needs. */
interface Verified {
  user: AuthUser;
  issuedAt: number;
  expiresAt: number;
}

/** Verified tokens kept; the oldest is forgotten first (and is the likeliest to have expired). */
const VERIFIED_CAPACITY = 10_000;

/** What an access token is signed for: its user and the session (refresh-token family) it belongs to. */
export type TokenSubject = Omit<AuthUser, 'sessionId'> & { sessionId: string };

/**
 * The Ed25519 keys that sign access tokens live in the database, so every process (and every
 * restart) signs and verifies with the same ones. The oldest key signs; any stored key verifies.
 */
export class SigningKeys {
  private readonly verified = new Map<string, Verified>();

  private constructor(
    private readonly db: Db,
    private keys: KeyEntry[],
    private readonly revoked: SessionCheck,
    private readonly users: UserCheck,
  ) {}

  static async load(db: Db, revoked: SessionCheck, users: UserCheck): Promise<SigningKeys> {
    let keys = await readKeys(db);
    if (keys.length === 0) {
      const { publicKey, privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
      // Two processes starting on an empty database may both get here: both keys are stored, and
      // both processes pick the same (oldest) one to sign with.
      await db
        .insertInto('oauth2.signingKeys')
        .values({
          kid: randomUUID(),
          alg: ALG,
          privateJwk: JSON.stringify(await exportJWK(privateKey)),
          publicJwk: JSON.stringify(await exportJWK(publicKey)),
        })
        .execute();
      keys = await readKeys(db);
    }
    return new SigningKeys(db, keys, revoked, users);
  }

  /**
   * `tokensValidAfter` is the user's bar (refresh-tokens.ts): `iat` is never below it, so a token
   * issued right after the user's sessions were ended is valid although it falls in the same second.
   */
  async sign(user: TokenSubject, ttlSeconds: number, tokensValidAfter: string | null = null): Promise<string> {
    const { kid, privateKey } = this.keys[0];
    const bar = tokensValidAfter ? Math.ceil(Date.parse(tokensValidAfter) / 1000) : 0;
    const issuedAt = Math.max(Math.floor(Date.now() / 1000), bar);
    return new SignJWT({
      username: user.username,
      groups: [...user.roles.map((r) => `role:${r}`), `tenant:${user.tenant}`],
      // The session: once it is revoked (logout, reuse, password change) its tokens are refused.
      sid: user.sessionId,
    })
      .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(privateKey);
  }

  /**
   * Checks signature, algorithm, expiry, issuer and audience (once per token: a verified token is
   * remembered until it expires), reads the user from the claims, then on every use refuses a token of a
   * revoked session and, from the users' states in memory, a disabled user or a token issued before the
   * user's sessions were ended (password or role change). No query unless the user is not in memory yet
   * (docs/tenancy-and-security.md#tokens).
   */
  verify = async (token: string): Promise<AuthUser> => {
    const checked = this.verified.get(token) ?? (await this.checkSignature(token));
    if (checked.expiresAt * 1000 <= Date.now()) {
      this.verified.delete(token);
      throw new Error('The token has expired');
    }
    const { user } = checked;
    if (this.revoked.has(user.sessionId)) throw new Error('The session of this token has ended');
    const state = await this.users.get(user.tenant, user.id);
    if (!state || state.disabled) throw new Error('The user no longer exists or is disabled');
    if (state.tokensValidAfter !== null && checked.issuedAt * 1000 < state.tokensValidAfter)
      throw new Error('The token was issued before the user signed out everywhere');
    // A copy: the remembered one serves the token's later requests too.
    return { ...user, roles: [...user.roles] };
  };

  private async checkSignature(token: string): Promise<Verified> {
    const { payload } = await jwtVerify(token, (header) => this.publicKey(header.kid), {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    });
    const user = userFromClaims(payload);
    if (!UUID.test(user.id)) throw new Error('The subject is not a user id');
    const checked = { user, issuedAt: payload.iat!, expiresAt: payload.exp! };
    this.verified.set(token, checked);
    if (this.verified.size > VERIFIED_CAPACITY) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    return checked;
  }

  private async publicKey(kid: string | undefined): Promise<CryptoKey> {
    let entry = this.keys.find((k) => k.kid === kid);
    if (!entry && kid) {
      // Another process may have added a key since we loaded ours.
      this.keys = await readKeys(this.db);
      entry = this.keys.find((k) => k.kid === kid);
    }
    if (!entry) throw new Error('Unknown signing key');
    return entry.publicKey;
  }
}

async function readKeys(db: Db): Promise<KeyEntry[]> {
  const rows = await db
    .selectFrom('oauth2.signingKeys')
    .selectAll()
    .where('alg', '=', ALG)
    .orderBy('createdAt')
    .orderBy('kid')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      kid: row.kid,
      publicKey: (await importJWK(JSON.parse(row.publicJwk) as JWK, ALG)) as CryptoKey,
      privateKey: (await importJWK(JSON.parse(row.privateJwk) as JWK, ALG)) as CryptoKey,
    })),
  );
}

function userFromClaims(payload: JWTPayload): AuthUser {
  const groups = Array.isArray(payload.groups) ? payload.groups.filter((g): g is string => typeof g === 'string') : [];
  const tenants = groups.filter((g) => g.startsWith('tenant:')).map((g) => g.slice('tenant:'.length));
  if (
    typeof payload.sub !== 'string' ||
    typeof payload.username !== 'string' ||
    typeof payload.sid !== 'string' ||
    tenants.length !== 1
  ) {
    throw new Error('Token claims lack sub, username, sid or exactly one tenant');
  }
  return {
    id: payload.sub,
    sessionId: payload.sid,
    username: payload.username,
    roles: groups.filter((g) => g.startsWith('role:')).map((g) => g.slice('role:'.length)),
    tenant: tenants[0],
  };
}
