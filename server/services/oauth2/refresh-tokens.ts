import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { withTenant } from '../../db/tenancy';
import type { Db, AllTables } from '../../db/tables';
import { announceRevocation, type SessionRevocation } from './sessions';

type Trx = Kysely<AllTables>;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const RANDOM = /^[A-Za-z0-9_-]{43}$/;

/**
 * An opaque token `<tenant>.<32 random bytes>`: the tenant part lets the server look it up inside the
 * tenant's transaction, under row-level security, although a refresh request names no tenant. Only a
 * hash of the whole token is stored.
 */
export function newOpaqueToken(tenant: string): string {
  return `${tenant}.${randomBytes(32).toString('base64url')}`;
}

export function tenantOfToken(token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot < 1 || dot > 100 || !RANDOM.test(token.slice(dot + 1))) return undefined;
  return token.slice(0, dot);
}

export interface Subject {
  tenantId: string;
  userId: string;
}

/** What signing an access token needs of the user, read in the same transaction as the grant. */
export interface TokenUser {
  id: string;
  username: string;
  roles: string[];
  tokensValidAfter: string | null;
}

async function issueInFamily(trx: Trx, subject: Subject, family: string, ttlSeconds: number): Promise<string> {
  const token = newOpaqueToken(subject.tenantId);
  await trx
    .insertInto('oauth2.refreshTokens')
    .values({
      tenantId: subject.tenantId,
      tokenHash: hashToken(token),
      family,
      userId: subject.userId,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
      usedAt: null,
    })
    .execute();
  return token;
}

/** A session: its id (the refresh-token family, named in its access tokens) and its current refresh token. */
export interface Session {
  sessionId: string;
  refreshToken: string;
}

/** A login: a new family (one per session) and its first refresh token. `trx` is the tenant's transaction. */
export async function startSession(trx: Trx, subject: Subject, ttlSeconds: number): Promise<Session> {
  const family = randomUUID();
  await trx
    .insertInto('oauth2.refreshFamilies')
    .values({ tenantId: subject.tenantId, id: family, userId: subject.userId, revokedAt: null })
    .execute();
  return { sessionId: family, refreshToken: await issueInFamily(trx, subject, family, ttlSeconds) };
}

export async function readTokenUser(
  trx: Trx,
  subject: Subject,
): Promise<(TokenUser & { disabled: boolean }) | undefined> {
  return trx
    .selectFrom('oauth2.users')
    .select(['id', 'username', 'roles', 'disabled', 'tokensValidAfter'])
    .where('tenantId', '=', subject.tenantId)
    .where('id', '=', subject.userId)
    .executeTakeFirst();
}

export type Rotation =
  | { subject: Subject; session: Session; user: TokenUser }
  | { failure: 'unknown' | 'expired' | 'revoked' | 'reused' | 'disabled'; revoked?: SessionRevocation };

/**
 * Revokes families (those still live among them) and announces them to every process, so access
 * tokens of those sessions are refused and their streams closed (sessions.ts).
 */
async function revokeFamilies(
  trx: Trx,
  tenantId: string,
  which: { family: string } | { userId: string },
): Promise<SessionRevocation | undefined> {
  const rows = await trx
    .updateTable('oauth2.refreshFamilies')
    .set({ revokedAt: new Date().toISOString() })
    .where('tenantId', '=', tenantId)
    .$if('family' in which, (qb) => qb.where('id', '=', (which as { family: string }).family))
    .$if('userId' in which, (qb) => qb.where('userId', '=', (which as { userId: string }).userId))
    .where('revokedAt', 'is', null)
    .returning(['id', 'userId'])
    .execute();
  if (rows.length === 0) return undefined;
  const revocation = { tenant: tenantId, userId: rows[0].userId, sessions: rows.map((row) => row.id) };
  await announceRevocation(trx, revocation);
  return revocation;
}

const revokeFamily = (trx: Trx, tenantId: string, family: string) => revokeFamilies(trx, tenantId, { family });

/**
 * Spends a refresh token and hands out its successor. A token that was already spent means it was
 * copied: the whole family (every token descended from that login) is revoked, so whoever holds the
 * copy and the rightful owner both have to sign in again. That holds for concurrent uses too: the
 * row lock makes them take turns, the first wins and every later one finds the token spent.
 */
export async function rotateRefreshToken(db: Db, token: string, ttlSeconds: number): Promise<Rotation> {
  const tenant = tenantOfToken(token);
  if (!tenant) return { failure: 'unknown' };
  return withTenant(db, tenant, async (trx): Promise<Rotation> => {
    const row = await trx
      .selectFrom('oauth2.refreshTokens')
      .selectAll()
      .where('tenantId', '=', tenant)
      .where('tokenHash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { failure: 'unknown' };
    const family = await trx
      .selectFrom('oauth2.refreshFamilies')
      .select('revokedAt')
      .where('tenantId', '=', tenant)
      .where('id', '=', row.family)
      .executeTakeFirst();
    if (!family || family.revokedAt) return { failure: 'revoked' };
    if (row.usedAt) return { failure: 'reused', revoked: await revokeFamily(trx, tenant, row.family) };
    if (Date.parse(row.expiresAt) <= Date.now()) return { failure: 'expired' };
    const subject = { tenantId: tenant, userId: row.userId };
    const user = await readTokenUser(trx, subject);
    if (!user || user.disabled) return { failure: 'disabled', revoked: await revokeFamily(trx, tenant, row.family) };
    await trx
      .updateTable('oauth2.refreshTokens')
      .set({ usedAt: new Date().toISOString() })
      .where('tenantId', '=', tenant)
      .where('tokenHash', '=', row.tokenHash)
      .execute();
    const refreshToken = await issueInFamily(trx, subject, row.family, ttlSeconds);
    return { subject, session: { sessionId: row.family, refreshToken }, user };
  });
}

/** Logout (RFC 7009): the family of a refresh token ends. Unknown tokens are not an error. */
export async function revokeFamilyOfToken(db: Db, token: string): Promise<SessionRevocation | undefined> {
  const tenant = tenantOfToken(token);
  if (!tenant) return undefined;
  return withTenant(db, tenant, async (trx) => {
    const row = await trx
      .selectFrom('oauth2.refreshTokens')
      .select('family')
      .where('tenantId', '=', tenant)
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirst();
    return row ? revokeFamily(trx, tenant, row.family) : undefined;
  });
}

/**
 * The new `tokens_valid_after` of a user whose sessions end now. Access tokens carry `iat` in whole
 * seconds, so the bar is the next whole second (a token issued before now has an `iat` below it),
 * and always above the previous bar, so two changes within one second both take effect. Tokens
 * issued afterwards get `iat` = at least the bar (see keys.ts), so they stay valid.
 */
export function tokensValidAfterBump(): RawBuilder<string> {
  const next = Math.floor(Date.now() / 1000) + 1;
  return sql<string>`to_timestamp(greatest(${next}::bigint, coalesce(floor(extract(epoch from tokens_valid_after))::bigint + 1, 0)))`;
}

/** Revokes every refresh family of a user; `trx` is the tenant's transaction. */
export async function revokeUserFamilies(db: Trx | Db, subject: Subject): Promise<SessionRevocation | undefined> {
  // A hook's transaction has every table, these included: only Kysely's invariance needs telling.
  return revokeFamilies(db as Trx, subject.tenantId, { userId: subject.userId });
}

/**
 * Ends every session of a user: no refresh token of theirs works again, and access tokens issued
 * until now are refused by every service (keys.ts checks `tokens_valid_after`).
 */
export async function endUserSessions(trx: Trx, subject: Subject): Promise<SessionRevocation | undefined> {
  await trx
    .updateTable('oauth2.users')
    .set({ tokensValidAfter: tokensValidAfterBump() })
    .where('tenantId', '=', subject.tenantId)
    .where('id', '=', subject.userId)
    .execute();
  return revokeUserFamilies(trx, subject);
}

/**
 * Expired tokens are useless, even as evidence of reuse, and so are families left without tokens
 * and spent or expired reset tokens: dropped at start-up, tenant by tenant (row-level security).
 */
export async function purgeExpiredRefreshTokens(db: Db): Promise<void> {
  const tenants = await db.selectFrom('oauth2.tenants').select('id').execute();
  const now = new Date().toISOString();
  for (const { id } of tenants) {
    await withTenant(db, id, async (trx) => {
      await trx.deleteFrom('oauth2.refreshTokens').where('tenantId', '=', id).where('expiresAt', '<', now).execute();
      await sql`delete from oauth2.refresh_families f where f.tenant_id = ${id} and not exists (
        select 1 from oauth2.refresh_tokens t where t.tenant_id = f.tenant_id and t.family = f.id)`.execute(trx);
      await trx
        .deleteFrom('oauth2.passwordResets')
        .where('tenantId', '=', id)
        .where((eb) => eb.or([eb('expiresAt', '<', now), eb('usedAt', 'is not', null)]))
        .execute();
    });
  }
}
