import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ResourceDefinition } from '../../resources/schema';
import type { Db } from '../db/tables';
import { HttpProblem, problems } from '../http/errors';
import { renderIssues, type Lang } from '../http/lang';
import type { Actor, Row } from './hooks';
import type { Records } from './records';

/**
 * Idempotent creates (docs/wire-contract.md#idempotent-creates): a create carrying an `Idempotency-Key`
 * records (tenant, user, key) → (resource, record id, body fingerprint) in the create's own transaction,
 * so a retry or a double submit with the same key answers that record instead of making another.
 */

/** The request header, as the IETF draft "The Idempotency-Key HTTP Header Field" names it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set to `true` on the answer to a create that made nothing because its key had made the record. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered; after it, the same key is a new one (housekeeping deletes it). */
export const IDEMPOTENCY_KEY_HOURS = 24;

const MAX_KEY_LENGTH = 200;
// Printable ASCII: what a client makes (a UUID, a random token) and what a header carries unchanged.
const KEY_PATTERN = /^[\x20-\x7e]+$/;

/**
 * The key a request sent, or undefined when it sent none. Anything but 1 to 200 printable ASCII
 * characters (sent once) is a 400 naming the header.
 */
export function idempotencyKeyOf(header: string | string[] | undefined, lang: Lang): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? undefined : header;
  if (value !== undefined && value.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(value)) return value;
  const errors = renderIssues(lang, [
    { path: IDEMPOTENCY_HEADER, key: 'validation.idempotencyKey', params: { max: MAX_KEY_LENGTH } },
  ]);
  throw problems.validation(errors, `Invalid ${IDEMPOTENCY_HEADER} header: ${errors[0].message}`);
}

/** JSON with every object's keys sorted, so a body sent again with its keys in another order matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The body's SHA-256. Write-only values (a user's password) are left out: even hashed, a fast digest of a
 * password could be guessed back from the table; a retry differing only in them counts as the same request.
 */
export function fingerprintOf(def: ResourceDefinition, body: unknown): string {
  let kept = body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const writeOnly = new Set(Object.keys(def.fields).filter((name) => def.fields[name].writeOnly));
    kept = Object.fromEntries(Object.entries(body).filter(([name]) => !writeOnly.has(name)));
  }
  return createHash('sha256').update(canonical(kept)).digest('hex');
}

function reused(lang: Lang): HttpProblem {
  const errors = renderIssues(lang, [{ path: IDEMPOTENCY_HEADER, key: 'validation.idempotencyKeyReused', params: {} }]);
  return new HttpProblem(
    422,
    `This ${IDEMPOTENCY_HEADER} was used for another request (a different body or resource): send a new key.`,
    errors,
  );
}

/**
 * Creates the record once per key. The key's row is claimed first, in the caller's transaction: a
 * concurrent request with the same key blocks on the primary key until this transaction ends, then
 * finds the committed row and answers its record (`replayed`). If the create fails, the claim rolls back
 * with it and the key stays free. A key older than IDEMPOTENCY_KEY_HOURS is claimed afresh.
 */
export async function insertOnce(
  records: Records,
  actor: Actor,
  key: string,
  body: unknown,
  lang: Lang,
): Promise<{ record: Row; replayed: boolean }> {
  if (!actor.userId) throw new Error('An idempotent create needs an acting user.');
  const db = records.trx as Db;
  const who = { tenantId: actor.tenant, userId: actor.userId, key };
  const resource = records.def.name;
  const fingerprint = fingerprintOf(records.def, body);
  const claimed = await db
    .insertInto('public.idempotencyKeys')
    .values({ ...who, resource, fingerprint })
    .onConflict((conflict) =>
      conflict
        .columns(['tenantId', 'userId', 'key'])
        .doUpdateSet({ resource, fingerprint, recordId: null, createdAt: sql<string>`now()` })
        .where(sql<boolean>`idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
    )
    .returning('key')
    .executeTakeFirst();
  if (claimed) {
    const record = await records.insert(actor, body, lang);
    await db
      .updateTable('public.idempotencyKeys')
      .set({ recordId: record.id as string })
      .where('tenantId', '=', who.tenantId)
      .where('userId', '=', who.userId)
      .where('key', '=', key)
      .execute();
    return { record, replayed: false };
  }
  const stored = await db
    .selectFrom('public.idempotencyKeys')
    .select(['resource', 'fingerprint', 'recordId'])
    .where('tenantId', '=', who.tenantId)
    .where('userId', '=', who.userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (stored.resource !== resource || stored.fingerprint !== fingerprint) throw reused(lang);
  // Only the claiming transaction sees the row without its record, and we waited for it to end.
  if (!stored.recordId) throw problems.conflict(`The request with this ${IDEMPOTENCY_HEADER} is still running.`);
  // The record as it is now; deleted since (or out of the user's reach), it is a 404 like any other id.
  return { record: await records.get(actor.tenant, stored.recordId), replayed: true };
}

/** Deletes one tenant's keys older than IDEMPOTENCY_KEY_HOURS before `now` (run by housekeeping). */
export async function purgeIdempotencyKeys(trx: Db, tenant: string, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3600 * 1000).toISOString();
  const deleted = await trx
    .deleteFrom('public.idempotencyKeys')
    .where('tenantId', '=', tenant)
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
