import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connect';
import { withTenant } from '../../db/tenancy';
import { currentUser, requireUser, type VerifyToken } from '../../http/auth';
import { problems } from '../../http/errors';
import { parseJsonBody } from '../../http/json-body';
import { checkListQuery, UUID } from '../../records';
import { parseListQueryString, type QueryIssue, type RawListQuery } from '../../http/query-string';
import { SYSTEM_FIELDS } from '../../../resources/schema';
import { NOTIFICATION_SYSTEM_FIELDS, notificationResource } from './definition';
import { NotificationHub } from './hub';
import { getSchema, listSchema, readAllSchema, readSchema, streamSchema, unreadCountSchema } from './schemas';
import { getNotification, listNotifications, markAllRead, markRead, unreadCount, type Owner } from './store';
import { openStream } from './stream';

export { notify, notifyRole, NOTIFICATIONS_CHANNEL, type NotifyInput, type NotificationContent } from './notify';
export type { Notification } from './definition';

/** Ended sessions, as the oauth2 service's RevokedSessions reports them. */
export interface SessionEnds {
  has(sessionId: string): boolean;
  onRevoked(listener: (revocation: { tenant: string; userId: string; sessions: string[] }) => void): () => void;
}

export interface NotificationsOptions {
  db: Database;
  verify: VerifyToken;
  /** Streams of ended sessions close at once (docs/tenancy-and-security.md#tokens). */
  sessions: SessionEnds;
}

type IdParams = { Params: { id: string } };

function ownerOf(request: FastifyRequest): Owner {
  const user = currentUser(request);
  return { tenant: user.tenant, userId: user.id };
}

function queryProblem(issues: QueryIssue[]) {
  return problems.badQuery(
    issues.map((i) => ({ path: i.param, message: i.message, key: 'validation.invalid', params: {} })),
  );
}

/** The generic system fields a notification does not have (it is never updated by anyone, nor authored). */
function missingSystemFields(query: RawListQuery): QueryIssue[] {
  const absent = (name: string | undefined) =>
    name !== undefined && (SYSTEM_FIELDS as readonly string[]).includes(name) && !NOTIFICATION_SYSTEM_FIELDS.has(name);
  const issues: QueryIssue[] = query.filters.flatMap((filter, i) =>
    absent(filter.field) ? [{ param: `filters[${i}][field]`, message: `Unknown field: ${filter.field}` }] : [],
  );
  if (absent(query.sortBy)) issues.push({ param: 'options[sortBy]', message: `Cannot sort by ${query.sortBy}` });
  // A user's notifications are few: always the exact total and the whole notification.
  for (const option of ['total', 'fields'] as const)
    if (query[option] !== undefined)
      issues.push({ param: `options[${option}]`, message: `Unknown query parameter: options[${option}]` });
  return issues;
}

const notFound = () => problems.notFound('No such notification.');

/**
 * The notifications service: every user's own in-app notifications and their live stream. Other
 * services create notifications with `notify()` inside the transaction of the change that causes them.
 */
export async function notificationsService(app: FastifyInstance, options: NotificationsOptions): Promise<void> {
  const db = options.db.kysely;
  const hub = new NotificationHub(options.db, app.log);
  await hub.start();
  const stopWatching = options.sessions.onRevoked(({ tenant, userId, sessions }) =>
    hub.endSessions({ tenant, userId }, sessions),
  );
  app.addHook('preClose', async () => {
    stopWatching();
  });
  // Before the server stops accepting: open streams would otherwise keep app.close() waiting forever.
  app.addHook('preClose', () => hub.close());

  // The actions take no body; clients that send `Content-Type: application/json` with none are not wrong.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    // Otherwise as strict as every other route (depth, prototype keys, NUL characters).
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preHandler', requireUser(options.verify));

  const base = '/api/notifications';

  app.get(base, { schema: listSchema }, async (request) => {
    const owner = ownerOf(request);
    const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const parsed = parseListQueryString(raw);
    if (parsed.issues.length > 0) throw queryProblem(parsed.issues);
    const missing = missingSystemFields(parsed.query);
    if (missing.length > 0) throw queryProblem(missing);
    const checked = checkListQuery(notificationResource, parsed.query);
    if (!checked.query) throw queryProblem(checked.issues);
    return withTenant(db, owner.tenant, (trx) => listNotifications(trx, owner, checked.query!));
  });

  app.get(`${base}/unread-count`, { schema: unreadCountSchema }, async (request) => {
    const owner = ownerOf(request);
    return { data: { count: await withTenant(db, owner.tenant, (trx) => unreadCount(trx, owner)) } };
  });

  app.post(`${base}/read-all`, { schema: readAllSchema }, async (request) => {
    const owner = ownerOf(request);
    return { data: { updated: await withTenant(db, owner.tenant, (trx) => markAllRead(trx, owner)) } };
  });

  app.get(`${base}/stream`, { schema: streamSchema }, async (request, reply) => {
    const owner = { ...ownerOf(request), sessionId: currentUser(request).sessionId };
    await openStream(db, hub, owner, request, reply, (id) => options.sessions.has(id));
  });

  app.get<IdParams>(`${base}/:id`, { schema: getSchema }, async (request) => {
    const owner = ownerOf(request);
    const { id } = request.params;
    if (!UUID.test(id)) throw notFound();
    const found = await withTenant(db, owner.tenant, (trx) => getNotification(trx, owner, id));
    if (!found) throw notFound();
    return { data: found };
  });

  app.post<IdParams>(`${base}/:id/read`, { schema: readSchema }, async (request) => {
    const owner = ownerOf(request);
    const { id } = request.params;
    if (!UUID.test(id)) throw notFound();
    const updated = await withTenant(db, owner.tenant, (trx) => markRead(trx, owner, id));
    if (!updated) throw notFound();
    return { data: updated };
  });
}
