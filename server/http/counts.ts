import type { FastifyInstance } from 'fastify';
import {
  canAccess,
  hiddenFields,
  MAX_COUNT_KEYS,
  MAX_FILTER_VALUES,
  type ResourceDefinition,
} from '../../resources/schema';
import type { Db } from '../db/tables';
import { withTenant } from '../db/tenancy';
import { checkListQuery, hookContext, Records, type HookRegistry, type ListQuery, type RawFilter } from '../records';
import { currentUser, type AuthUser } from './auth';
import { problems, type ProblemItem } from './errors';
import { DEFAULT_LIMITS } from './query-string';
import { countsDocs } from '../openapi/counts-docs';

/**
 * `POST /{service}/api/counts`: several list totals in one request (the dashboard's figures,
 * docs/wire-contract.md#counts). Each count is the exact total the list of that resource with those filters
 * would answer: the same checks, where-builder, record scope, private-field rules and tenant.
 */

const KEY = /^[A-Za-z0-9:_./-]{1,120}$/;

interface CountRequest {
  resource: string;
  filters: RawFilter[];
}

type Issue = { param: string; message: string };

/** Per key: the checked count, or null for a resource the caller may not list. */
type Checked = Map<string, { def: ResourceDefinition; query: ListQuery } | null>;

/** The body's shape, each problem named by where it is (`counts.<key>.filters[0][value]`). */
function readBody(body: unknown, issues: Issue[]): Map<string, CountRequest> {
  const requests = new Map<string, CountRequest>();
  const counts = (body as { counts?: unknown } | null)?.counts;
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts)) {
    issues.push({
      param: 'counts',
      message: 'The body must be {"counts": {"<key>": {"resource": …, "filters": […]}}}',
    });
    return requests;
  }
  const entries = Object.entries(counts);
  if (entries.length === 0) issues.push({ param: 'counts', message: 'counts names no count' });
  if (entries.length > MAX_COUNT_KEYS)
    issues.push({ param: 'counts', message: `At most ${MAX_COUNT_KEYS} counts in one request` });
  for (const [key, raw] of entries.slice(0, MAX_COUNT_KEYS)) {
    const at = `counts.${key.slice(0, 120)}`;
    if (!KEY.test(key)) {
      issues.push({ param: at, message: 'A key is 1 to 120 letters, digits or : _ . / -' });
      continue;
    }
    const { resource, filters = [] } = (raw ?? {}) as { resource?: unknown; filters?: unknown };
    if (typeof resource !== 'string') {
      issues.push({ param: `${at}.resource`, message: 'resource must be a resource name' });
      continue;
    }
    if (!Array.isArray(filters) || filters.length > DEFAULT_LIMITS.maxFilters) {
      issues.push({
        param: `${at}.filters`,
        message: `filters must be a list of at most ${DEFAULT_LIMITS.maxFilters}`,
      });
      continue;
    }
    const read = filters.map((filter, i) => readFilter(filter, `${at}.filters[${i}]`, issues));
    requests.set(key, { resource, filters: read });
  }
  return requests;
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

function readFilter(raw: unknown, at: string, issues: Issue[]): RawFilter {
  const { field, operator, value } = (raw ?? {}) as Record<string, unknown>;
  if (typeof field !== 'string') issues.push({ param: `${at}[field]`, message: `${at}[field] must be a string` });
  if (typeof operator !== 'string')
    issues.push({ param: `${at}[operator]`, message: `${at}[operator] must be a string` });
  const list = Array.isArray(value);
  if (value !== undefined && !(list ? value.every(isScalar) && value.length <= MAX_FILTER_VALUES : isScalar(value)))
    issues.push({
      param: `${at}[value]`,
      message: `${at}[value] must be a value or a list of at most ${MAX_FILTER_VALUES} values`,
    });
  return {
    field: typeof field === 'string' ? field : undefined,
    operator: typeof operator === 'string' ? operator : undefined,
    value: value === undefined ? undefined : list ? value.map(String) : String(value as string),
  };
}

function refuse(issues: Issue[]) {
  const errors: ProblemItem[] = issues.map((i) => ({
    path: i.param,
    message: i.message,
    key: 'validation.invalid',
    params: {},
  }));
  return problems.badQuery(errors);
}

/** Registers the route on a service's CRUD plugin (which already requires a user). */
export function countRoutes(
  app: FastifyInstance,
  options: { db: Db; definitions: readonly ResourceDefinition[]; hooks?: HookRegistry },
): void {
  const byName = new Map(options.definitions.map((def) => [def.name, def]));
  app.post('/api/counts', { schema: countsDocs(options.definitions) }, async (request) => {
    const user = currentUser(request);
    const issues: Issue[] = [];
    const requests = readBody(request.body, issues);
    const checked: Checked = new Map();
    for (const [key, { resource, filters }] of requests) {
      const def = byName.get(resource);
      if (!def) {
        issues.push({ param: `counts.${key}.resource`, message: `Unknown resource of this service: ${resource}` });
        continue;
      }
      // A resource the caller may not list has no count for them: null, not a refusal of the whole request.
      if (!canAccess(user.roles, def, 'list')) {
        checked.set(key, null);
        continue;
      }
      const result = checkListQuery(def, { filters }, hiddenFields(user.roles, def));
      for (const issue of result.issues) issues.push({ ...issue, param: `counts.${key}.${issue.param}` });
      if (result.query) checked.set(key, { def, query: result.query });
    }
    if (issues.length > 0) throw refuse(issues);
    return { data: await countAll(options, user, checked) };
  });
}

async function countAll(
  options: { db: Db; hooks?: HookRegistry },
  user: AuthUser,
  checked: Checked,
): Promise<Record<string, number | null>> {
  const actor = { tenant: user.tenant, username: user.username, userId: user.id, roles: user.roles };
  // One transaction as the tenant (row-level security applies), one record scope per resource.
  return withTenant(options.db, user.tenant, async (trx) => {
    const records = new Map<string, Records>();
    const data: Record<string, number | null> = {};
    for (const [key, count] of checked) {
      if (!count) {
        data[key] = null;
        continue;
      }
      let engine = records.get(count.def.name);
      if (!engine) {
        const hooks = options.hooks?.[count.def.name];
        const scope = await hooks?.scope?.(hookContext(trx, actor, count.def, 'en'));
        engine = new Records(trx, count.def, hooks, scope);
        records.set(count.def.name, engine);
      }
      data[key] = await engine.count(user.tenant, count.query);
    }
    return data;
  });
}
