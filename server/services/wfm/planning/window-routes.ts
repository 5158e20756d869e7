import type { FastifyInstance, FastifyRequest } from 'fastify';
import activities from '../../../../resources/wfm/activities';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from '../../../http/auth';
import { problems, type ProblemItem } from '../../../http/errors';
import { planningQueue, type QueueFilters } from './queue';
import { planningWindow } from './window';

/** The planner's data routes (docs/wire-contract.md#planning): the calendar window and the queue, admin only. */

/** Six weeks: a month view with its leading and trailing days. */
export const WINDOW_MAX_DAYS = 42;
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// An instant with its zone, as the wire carries datetimes (docs/wire-contract.md#values).
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:\d\d)$/;

const bad = (path: string, message: string): ProblemItem => ({ path, message, key: 'validation.invalid', params: {} });

/** The query's parameters as single strings; an unknown or repeated one is a 400 naming it. */
function queryOf(request: FastifyRequest, allowed: readonly string[]): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const errors = Object.entries(query).flatMap(([name, value]) =>
    !allowed.includes(name)
      ? [bad(name, `Unknown query parameter: ${name}`)]
      : typeof value !== 'string'
        ? [bad(name, `${name} must be given once`)]
        : [],
  );
  if (errors.length > 0) throw problems.badQuery(errors);
  return query as Record<string, string | undefined>;
}

function instantOf(name: string, value: string | undefined): Date {
  if (value === undefined || value === '') throw problems.badQuery([bad(name, `${name} is required`)]);
  const time = INSTANT.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time))
    throw problems.badQuery([
      bad(name, `${name} must be an ISO 8601 date-time with its zone, e.g. 2026-03-02T00:00:00Z`),
    ]);
  return new Date(time);
}

/** `from` and `to` required, `to` after `from`, at most WINDOW_MAX_DAYS apart. */
export function windowOf(request: FastifyRequest): { from: Date; to: Date } {
  const query = queryOf(request, ['from', 'to']);
  const from = instantOf('from', query.from);
  const to = instantOf('to', query.to);
  if (to.getTime() <= from.getTime()) throw problems.badQuery([bad('to', 'to must be after from')]);
  if (to.getTime() - from.getTime() > WINDOW_MAX_DAYS * DAY_MS)
    throw problems.badQuery([bad('to', `The window spans at most ${WINDOW_MAX_DAYS} days`)]);
  return { from, to };
}

export function queueFiltersOf(request: FastifyRequest): QueueFilters {
  const query = queryOf(request, ['zone', 'skillId', 'q']);
  const errors: ProblemItem[] = [];
  if (query.skillId && !UUID.test(query.skillId)) errors.push(bad('skillId', 'skillId must be a uuid'));
  if ((query.zone ?? '').length > 40) errors.push(bad('zone', 'zone is at most 40 characters'));
  if ((query.q ?? '').length > 100) errors.push(bad('q', 'q is at most 100 characters'));
  if (errors.length > 0) throw problems.badQuery(errors);
  const trimmed = (value: string | undefined) => value?.trim() || undefined;
  return { zone: trimmed(query.zone), skillId: trimmed(query.skillId), q: trimmed(query.q) };
}

/** Planning is the office's: an administrator only (a technician sees their published jobs elsewhere). */
function planner(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!user.roles.includes('ROLE_ADMIN')) throw problems.forbidden(`Only administrators plan ${activities.name}.`);
  return user;
}

export async function planningWindowRoutes(
  app: FastifyInstance,
  options: { db: Db; verify: VerifyToken },
): Promise<void> {
  app.addHook('preHandler', requireUser(options.verify));
  app.get('/api/planning/window', async (request) => {
    const user = planner(request);
    const { from, to } = windowOf(request);
    return withTenant(options.db, user.tenant, (trx) => planningWindow(trx, user.tenant, from, to));
  });
  app.get('/api/planning/queue', async (request) => {
    const user = planner(request);
    const filters = queueFiltersOf(request);
    return withTenant(options.db, user.tenant, (trx) => planningQueue(trx, user.tenant, filters));
  });
}
