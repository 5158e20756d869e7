import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCalendarDate } from '../../../../resources/ticketing/recurrence';
import type { DeferredRunBody } from '../../../../resources/sales/billing';
import { currentUser, type AuthUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import type { Db } from '../../../db/tables';
import { invalid, issue, type Actor, type Issue } from '../../../records';
import { billContracts } from './contracts';
import { billDeferred, deferredPreview } from './deferred';

const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** The longest period a deferred run covers: TD24 bills a month's work, a year is plenty of margin. */
const MAX_PERIOD_DAYS = 366;

const actorOf = (user: AuthUser): Actor => ({
  tenant: user.tenant,
  username: user.username,
  userId: user.id,
  roles: user.roles,
});

/** Billing runs for administrators only: they draft invoices. */
function admin(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!user.roles.includes('ROLE_ADMIN')) throw problems.forbidden('Only administrators run billing.');
  return user;
}

/** Calendar dates that exist, the end not before the start, the period not longer than a year. */
function checkPeriod(request: FastifyRequest, p: { periodStart: string; periodEnd: string; date?: string }) {
  const issues: Issue[] = [];
  if (!isCalendarDate(p.periodStart)) issues.push(issue('periodStart', 'validation.invalid'));
  if (!isCalendarDate(p.periodEnd)) issues.push(issue('periodEnd', 'validation.invalid'));
  if (p.date !== undefined && !isCalendarDate(p.date)) issues.push(issue('date', 'validation.invalid'));
  if (issues.length === 0 && p.periodEnd < p.periodStart) issues.push(issue('periodEnd', 'validation.notBeforeStart'));
  const days = (Date.parse(p.periodEnd) - Date.parse(p.periodStart)) / 86_400_000;
  if (issues.length === 0 && days >= MAX_PERIOD_DAYS)
    issues.push(issue('periodEnd', 'validation.billing.periodTooLong', { days: MAX_PERIOD_DAYS }));
  if (issues.length > 0) throw invalid(requestLang(request.headers['accept-language']), issues);
}

const periodProperties = { periodStart: DATE, periodEnd: DATE };
const BODY_FIELDS = ['periodStart', 'periodEnd', 'date', 'customerIds'];
const UUID_PATTERN = new RegExp(UUID);

/**
 * The run's body, checked here too (the schema documents it; these checks name each field): known fields only,
 * dates as `YYYY-MM-DD`, customers as ids.
 */
function deferredBody(request: FastifyRequest): DeferredRunBody {
  const lang = requestLang(request.headers['accept-language']);
  const body = request.body as Record<string, unknown> | null | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw problems.validation([], 'The request body must be a JSON object with periodStart and periodEnd.');
  const unknown = Object.keys(body).filter((name) => !BODY_FIELDS.includes(name));
  if (unknown.length > 0)
    throw invalid(lang, [issue(unknown.join(', '), 'validation.unknownField', { fields: unknown.join(', ') })]);
  const issues: Issue[] = [];
  for (const name of ['periodStart', 'periodEnd'])
    if (body[name] === undefined || body[name] === null) issues.push(issue(name, 'validation.required'));
    else if (typeof body[name] !== 'string') issues.push(issue(name, 'validation.invalid'));
  if (body.date !== undefined && typeof body.date !== 'string') issues.push(issue('date', 'validation.invalid'));
  const ids = body.customerIds;
  if (ids !== undefined && (!Array.isArray(ids) || ids.length > 500))
    issues.push(issue('customerIds', 'validation.invalid'));
  else if (Array.isArray(ids))
    ids.forEach((id, i) => {
      if (typeof id !== 'string' || !UUID_PATTERN.test(id))
        issues.push(issue(`customerIds.${i}`, 'validation.invalid'));
    });
  if (issues.length > 0) throw invalid(lang, issues);
  return {
    periodStart: body.periodStart as string,
    periodEnd: body.periodEnd as string,
    ...(typeof body.date === 'string' ? { date: body.date } : {}),
    ...(Array.isArray(ids) ? { customerIds: [...new Set(ids as string[])] } : {}),
  };
}

/**
 * Invoicing the work (docs/wire-contract.md#billing): the deferred TD24 invoices of approved activities, their
 * preview, and the contracts' fees run now for the caller's tenant.
 */
export async function billingRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get<{ Querystring: { periodStart: string; periodEnd: string } }>(
    '/api/billing/deferred/preview',
    {
      schema: {
        tags: ['sales'],
        summary: 'What deferred invoicing would bill for a period: per customer, the activities and amounts',
        querystring: {
          type: 'object',
          required: ['periodStart', 'periodEnd'],
          properties: periodProperties,
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const user = admin(request);
      const query = request.query as Record<string, unknown>;
      const { periodStart, periodEnd } = query;
      const lang = requestLang(request.headers['accept-language']);
      const unknown = Object.keys(query).filter((name) => name !== 'periodStart' && name !== 'periodEnd');
      if (unknown.length > 0)
        throw invalid(lang, [issue(unknown.join(', '), 'validation.unknownField', { fields: unknown.join(', ') })]);
      const missing = Object.entries({ periodStart, periodEnd }).filter(([, v]) => typeof v !== 'string');
      if (missing.length > 0)
        throw invalid(
          lang,
          missing.map(([name]) => issue(name, 'validation.required')),
        );
      const period = { periodStart: String(periodStart), periodEnd: String(periodEnd) };
      checkPeriod(request, period);
      return { data: await deferredPreview(db, user.tenant, period) };
    },
  );

  app.post<{ Body: DeferredRunBody }>(
    '/api/billing/deferred',
    {
      schema: {
        tags: ['sales'],
        summary: 'Drafts one deferred invoice (TD24) per customer from the approved activities of a period',
        body: {
          type: 'object',
          required: ['periodStart', 'periodEnd'],
          properties: {
            ...periodProperties,
            date: DATE,
            customerIds: { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', pattern: UUID } },
          },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const user = admin(request);
      const body = deferredBody(request);
      checkPeriod(request, body);
      const result = await billDeferred(db, actorOf(user), body);
      return reply.code(result.created.length > 0 ? 201 : 200).send(result);
    },
  );

  app.post(
    '/api/billing/contracts',
    {
      schema: {
        tags: ['sales'],
        summary: "Drafts the contracts' fee invoices due by today (what the daily contract-billing job does)",
      },
    },
    async (request, reply) => {
      const user = admin(request);
      const body = request.body;
      const empty =
        body === undefined ||
        body === null ||
        (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
      if (!empty) {
        const names = typeof body === 'object' && !Array.isArray(body) ? Object.keys(body as object) : [];
        const path = names.length > 0 ? names.join(', ') : '(body)';
        throw invalid(
          requestLang(request.headers['accept-language']),
          [issue(path, 'validation.unknownField', { fields: path })],
          'The request takes no input: send no body or {}.',
        );
      }
      const result = await billContracts(db, actorOf(user), new Date());
      return reply.code(result.created.length > 0 ? 201 : 200).send(result);
    },
  );
}
