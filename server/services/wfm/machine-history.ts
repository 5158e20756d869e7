import type { FastifyInstance, FastifyRequest } from 'fastify';
import activities from '../../../resources/wfm/activities';
import machines from '../../../resources/wfm/machines';
import technicians from '../../../resources/wfm/technicians';
import { canAccess } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import type { Db } from '../../db/tables';
import { withTenant } from '../../db/tenancy';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from '../../http/auth';
import { problems } from '../../http/errors';
import { hookContext, Records } from '../../records';
import { machineScope } from './technician-scope';

export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 50;

/** The statuses of an intervention that took place: the machine's history (docs/domain.md#activities). */
const DONE = ['completed', 'approved', 'approvedNotBilled', 'billed', 'closed'] as const;

export interface HistoryEntry {
  id: string;
  number: string | null;
  type: string;
  title: string;
  status: string;
  scheduledStart: string | null;
  completedAt: string | null;
  resolution: string | null;
  technicianNames: string[];
}

/** `limit` from 1 to 50 (10 when absent); any other parameter or value is a 400 naming it. */
function limitOf(request: FastifyRequest): number {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(query).filter((name) => name !== 'limit');
  if (unknown.length > 0)
    throw problems.badQuery(
      unknown.map((name) => ({
        path: name,
        message: `Unknown query parameter: ${name}`,
        key: 'validation.invalid',
        params: {},
      })),
    );
  const raw = query.limit;
  if (raw === undefined) return HISTORY_DEFAULT_LIMIT;
  const limit = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= HISTORY_MAX_LIMIT))
    throw problems.badQuery([
      {
        path: 'limit',
        message: `limit must be an integer from 1 to ${HISTORY_MAX_LIMIT}`,
        key: 'validation.invalid',
        params: {},
      },
    ]);
  return limit;
}

/**
 * The interventions that took place on a machine, newest first, for whoever reads the machine: a
 * technician reaches only the machines of their activities (technician-scope.ts), and reads there what
 * colleagues did before them, the office's private data aside.
 */
async function machineHistory(trx: Db, user: AuthUser, machineId: string, limit: number): Promise<HistoryEntry[]> {
  const actor = { tenant: user.tenant, username: user.username, userId: user.id, roles: user.roles };
  const scope = machineScope(hookContext(trx, actor, machines, 'en'));
  // 404 for another tenant's machine, one out of reach, or an id that names none.
  await new Records(trx, machines, {}, scope).get(user.tenant, machineId);
  const rows = await trx
    .selectFrom(tableRef(activities))
    .select(['id', 'number', 'type', 'title', 'status', 'scheduledStart', 'completedAt', 'resolution', 'technicianIds'])
    .where('tenantId', '=', user.tenant)
    .where('status', 'in', [...DONE])
    .where((eb) => eb(eb.val(machineId), '=', eb.fn.any('machineIds')))
    .orderBy('completedAt', (ob) => ob.desc().nullsLast())
    .orderBy('scheduledStart', (ob) => ob.desc().nullsLast())
    .orderBy('id')
    .limit(limit)
    .execute();
  const ids = [...new Set(rows.flatMap((row) => (row.technicianIds ?? []) as string[]))];
  const people =
    ids.length === 0
      ? []
      : await trx
          .selectFrom(tableRef(technicians))
          .select(['id', 'firstName', 'lastName'])
          .where('tenantId', '=', user.tenant)
          .where('id', 'in', ids)
          .execute();
  const names = new Map(people.map((p) => [String(p.id), [p.firstName, p.lastName].filter(Boolean).join(' ')]));
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : ((value as string | null) ?? null));
  return rows.map((row) => ({
    id: String(row.id),
    number: (row.number as string | null) ?? null,
    type: String(row.type),
    title: String(row.title),
    status: String(row.status),
    scheduledStart: iso(row.scheduledStart),
    completedAt: iso(row.completedAt),
    resolution: (row.resolution as string | null) ?? null,
    technicianNames: ((row.technicianIds ?? []) as string[]).flatMap((id) => names.get(String(id)) ?? []),
  }));
}

/** The wfm service's own routes beside its generic CRUD (docs/wire-contract.md#machine-history). */
export async function wfmService(app: FastifyInstance, options: { db: Db; verify: VerifyToken }): Promise<void> {
  app.addHook('preHandler', requireUser(options.verify));
  app.get<{ Params: { id: string } }>('/api/machines/:id/history', async (request) => {
    const user = currentUser(request);
    if (!canAccess(user.roles, machines, 'show')) throw problems.forbidden(`Your role may not show ${machines.name}.`);
    const limit = limitOf(request);
    const data = await withTenant(options.db, user.tenant, (trx) =>
      machineHistory(trx, user, request.params.id, limit),
    );
    return { data };
  });
}
