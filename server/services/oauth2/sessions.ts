import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/connect';
import type { Unlisten } from '../../db/listen';
import { withTenant } from '../../db/tenancy';
import type { AllTables } from '../../db/tables';

/** The channel every process listens on for ended sessions (refresh-token families). */
export const SESSIONS_CHANNEL = 'climatica_sessions';

/** Sessions of one user that ended: what a process needs to refuse their tokens and close their streams. */
export interface SessionRevocation {
  tenant: string;
  userId: string;
  sessions: string[];
}

const revocationSchema = z.object({
  tenant: z.string().min(1),
  userId: z.string().min(1),
  sessions: z.array(z.string().min(1)),
});

/** A NOTIFY payload stays far below PostgreSQL's 8000 bytes at this many ids. */
const IDS_PER_PAYLOAD = 100;
/** Clocks of processes and database differ a little: a revocation is kept this much longer. */
const MARGIN_MS = 60_000;

/**
 * Announces ended sessions to every process, inside the transaction that ends them: PostgreSQL
 * delivers the notification only if, and when, it commits.
 */
export async function announceRevocation(trx: Kysely<AllTables>, revocation: SessionRevocation): Promise<void> {
  for (let i = 0; i < revocation.sessions.length; i += IDS_PER_PAYLOAD) {
    const payload = JSON.stringify({ ...revocation, sessions: revocation.sessions.slice(i, i + IDS_PER_PAYLOAD) });
    await sql`select pg_notify(${SESSIONS_CHANNEL}, ${payload})`.execute(trx);
  }
}

/**
 * The sessions revoked within the last access-token lifetime, in memory, so verifying a token
 * costs no query for it (docs/tenancy-and-security.md#tokens). Filled at start from
 * `oauth2.refresh_families`, then by LISTEN (every process's revocations, its own included) and
 * directly by the routes that revoke, so their own answer is already consistent. An older
 * revocation is forgotten: every access token of that session has expired by then.
 */
export class RevokedSessions {
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(revocation: SessionRevocation) => void>();
  private unlisten: Unlisten | null = null;
  private pruner: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly accessTokenTtlSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get keepMs(): number {
    return this.accessTokenTtlSeconds * 1000 + MARGIN_MS;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(SESSIONS_CHANNEL, (payload) => this.received(payload), {
      // Revocations sent while the connection was down were missed: read them from the table.
      onReconnect: () => {
        this.log.warn('sessions listener reconnected; reloading revoked sessions');
        this.load().catch((error: unknown) => this.log.error({ err: error }, 'could not reload revoked sessions'));
      },
      onError: (error) => this.log.warn({ err: error }, 'sessions listener connection failed'),
    });
    await this.load();
    this.pruner = setInterval(() => this.prune(), 60_000);
    this.pruner.unref();
  }

  async close(): Promise<void> {
    if (this.pruner) clearInterval(this.pruner);
    this.pruner = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.listeners.clear();
    await unlisten?.();
  }

  /** Whether an access token of this session must be refused. */
  has(sessionId: string): boolean {
    return this.revoked.has(sessionId);
  }

  /** Records ended sessions and tells the listeners (open streams); repeating one is harmless. */
  add(revocation: SessionRevocation, at = Date.now()): void {
    if (revocation.sessions.length === 0) return;
    for (const id of revocation.sessions) if (!this.revoked.has(id)) this.revoked.set(id, at);
    for (const listener of this.listeners) listener(revocation);
  }

  /** Calls `listener` for every revocation from now on; the returned function stops it. */
  onRevoked(listener: (revocation: SessionRevocation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private received(payload: string): void {
    const parsed = revocationSchema.safeParse(safeJson(payload));
    if (!parsed.success) {
      this.log.warn({ payload }, 'ignored a malformed session revocation');
      return;
    }
    this.add(parsed.data);
  }

  /** Families revoked recently, tenant by tenant (row-level security). */
  private async load(): Promise<void> {
    const db = this.db.kysely;
    const since = new Date(Date.now() - this.keepMs).toISOString();
    const tenants = await db.selectFrom('oauth2.tenants').select('id').execute();
    for (const { id: tenant } of tenants) {
      const rows = await withTenant(db, tenant, (trx) =>
        trx
          .selectFrom('oauth2.refreshFamilies')
          .select(['id', 'revokedAt'])
          .where('tenantId', '=', tenant)
          .where('revokedAt', '>', since)
          .execute(),
      );
      for (const row of rows)
        if (row.revokedAt && !this.revoked.has(row.id)) this.revoked.set(row.id, Date.parse(row.revokedAt));
    }
  }

  private prune(): void {
    const oldest = Date.now() - this.keepMs;
    for (const [id, at] of this.revoked) if (at < oldest) this.revoked.delete(id);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
