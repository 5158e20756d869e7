import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccess, hiddenFields, mayRunAction, type Action, type ResourceDefinition } from '../../resources/schema';
import { crudDocs } from '../openapi/resource-docs';
import { lazyDocs, once } from '../openapi/lazy';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from './auth';
import { countRoutes } from './counts';
import { problems } from './errors';
import { requestLang } from './lang';
import { parseListQueryString, shown, type QueryIssue } from './query-string';
import { withTenant } from '../db/tenancy';
import {
  checkListQuery,
  findAction,
  hookContext,
  idempotencyKeyOf,
  insertOnce,
  readableRecord,
  REPLAYED_HEADER,
  Records,
  runAction,
  type HookRegistry,
  type Row,
} from '../records';
import { actionDocs } from '../openapi/action-docs';
import type { Db } from '../db/tables';

function authorise(request: FastifyRequest, def: ResourceDefinition, action: Action): AuthUser {
  const user = currentUser(request);
  if (!canAccess(user.roles, def, action)) throw problems.forbidden(`Your role may not ${action} ${def.name}.`);
  return user;
}

function queryProblem(issues: QueryIssue[]) {
  return problems.badQuery(
    issues.map((i) => ({ path: i.param, message: i.message, key: 'validation.invalid', params: {} })),
  );
}

/** The fields `options[fields]` asked for, once the private-field rule had the row (and its owner field). */
function only(row: Row, fields: readonly string[] | undefined): Row {
  if (!fields) return row;
  return Object.fromEntries(fields.filter((name) => Object.hasOwn(row, name)).map((name) => [name, row[name]]));
}

function actorOf(user: AuthUser) {
  return { tenant: user.tenant, username: user.username, userId: user.id, roles: user.roles };
}

type IdParams = { Params: { id: string } };
type ActionParams = { Params: { id: string; action: string } };

function rawQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}

/** Routes other than the list take no query parameters: any is a 400 naming it, not silently ignored. */
function refuseQuery(request: FastifyRequest): void {
  const names = rawQuery(request)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => pair.split('=')[0]);
  if (names.length === 0) return;
  throw queryProblem(
    names.slice(0, 10).map((name) => ({ param: shown(name), message: `Unknown query parameter: ${shown(name)}` })),
  );
}

/**
 * Registers the generic CRUD routes of the given definitions (all of one service) on a plugin
 * mounted at the service's prefix: `{service}/api/{endpoint}`.
 */
export async function crudRoutes(
  app: FastifyInstance,

  options: { db: Db; definitions: readonly ResourceDefinition[]; verify: VerifyToken; hooks?: HookRegistry },
): Promise<void> {
  const { db } = options;
  app.addHook('preHandler', requireUser(options.verify));

  for (const def of options.definitions) {
    const hooks = options.hooks?.[def.name];
    // Every request is one transaction as the tenant (row-level security applies), hooks included.
    const inTenant = <T>(user: AuthUser, work: (records: Records) => Promise<T>) =>
      withTenant(db, user.tenant, async (trx) => {
        const lang = 'en' as const;
        const scope = await hooks?.scope?.(hookContext(trx, actorOf(user), def, lang));
        return work(new Records(trx, def, hooks, scope));
      });
    const base = `/api/${def.endpoint}`;
    // Built with the OpenAPI document, when /docs is first asked for.
    const docs = once(() => crudDocs(def));
    // Private fields leave every answer the actor gets (docs/tenancy-and-security.md#private-fields).
    const readable = (user: AuthUser, row: Row) => readableRecord(def, actorOf(user), row);

    app.get(base, { schema: lazyDocs(() => docs().list) }, async (request) => {
      const user = authorise(request, def, 'list');
      const parsed = parseListQueryString(rawQuery(request));
      if (parsed.issues.length > 0) throw queryProblem(parsed.issues);
      const checked = checkListQuery(def, parsed.query, hiddenFields(user.roles, def));
      if (!checked.query) throw queryProblem(checked.issues);
      const page = await inTenant(user, (records) => records.list(user.tenant, checked.query!));
      const fields = checked.query.fields;
      return { ...page, data: page.data.map((row) => only(readable(user, row), fields)) };
    });

    app.get<IdParams>(`${base}/:id`, { schema: lazyDocs(() => docs().get) }, async (request) => {
      const user = authorise(request, def, 'show');
      refuseQuery(request);
      return { data: readable(user, await inTenant(user, (records) => records.get(user.tenant, request.params.id))) };
    });

    app.post(base, { schema: lazyDocs(() => docs().create) }, async (request, reply) => {
      const user = authorise(request, def, 'create');
      refuseQuery(request);
      const lang = requestLang(request.headers['accept-language']);
      const key = idempotencyKeyOf(request.headers['idempotency-key'], lang);
      if (key === undefined) {
        const data = await inTenant(user, (records) => records.insert(actorOf(user), request.body, lang));
        return reply.code(201).send({ data: readable(user, data) });
      }
      // A retry of a create made with this key answers that record: 200, nothing created
      // (docs/wire-contract.md#idempotent-creates).
      const { record, replayed } = await inTenant(user, (records) =>
        insertOnce(records, actorOf(user), key, request.body, lang),
      );
      if (replayed) reply.header(REPLAYED_HEADER, 'true');
      return reply.code(replayed ? 200 : 201).send({ data: readable(user, record) });
    });

    app.post<IdParams>(`${base}/:id`, { schema: lazyDocs(() => docs().update) }, async (request) => {
      const user = authorise(request, def, 'edit');
      refuseQuery(request);
      const lang = requestLang(request.headers['accept-language']);
      const data = await inTenant(user, (records) =>
        records.update(actorOf(user), request.params.id, request.body, lang),
      );
      return { data: readable(user, data) };
    });

    app.delete<IdParams>(`${base}/:id`, { schema: lazyDocs(() => docs().remove) }, async (request) => {
      const user = authorise(request, def, 'delete');
      refuseQuery(request);
      const lang = requestLang(request.headers['accept-language']);
      const data = await inTenant(user, (records) => records.remove(actorOf(user), request.params.id, lang));
      return { data: readable(user, data) };
    });

    if (Object.keys(def.actions ?? {}).length === 0) continue;
    // Lifecycle actions (server/records/actions.ts): 404 for an unknown one, 403 for a role it does not allow.
    app.post<ActionParams>(
      `${base}/:id/actions/:action`,
      { schema: lazyDocs(() => actionDocs(def, docs().record)) },
      async (request) => {
        const user = currentUser(request);
        const action = findAction(def, request.params.action);
        if (!mayRunAction(user.roles, action))
          throw problems.forbidden(`Your role may not ${request.params.action} ${def.name}.`);
        refuseQuery(request);
        const lang = requestLang(request.headers['accept-language']);
        const { id, action: name } = request.params;
        const data = await inTenant(user, (records) =>
          runAction(records, hooks, actorOf(user), id, name, request.body, lang),
        );
        return { data: readable(user, data) };
      },
    );
  }
  // Several list totals in one request (the dashboard's figures): docs/wire-contract.md#counts.
  countRoutes(app, { db, definitions: options.definitions, hooks: options.hooks });
}
