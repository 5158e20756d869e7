import type { FastifyInstance } from 'fastify';
import { todayInItaly } from '../../../../resources/schema/presets';
import { currentUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import { invalid, issue } from '../../../records';
import type { Db } from '../../../db/tables';
import { salesFigures } from './figures';

/** How many months of turnover the dashboard may ask for. */
export const MAX_MONTHS = 36;

const countAndAmount = {
  type: 'object',
  properties: { count: { type: 'integer' }, amount: { type: 'string', description: 'Exact decimal, 2 places' } },
  required: ['count', 'amount'],
};

const group = (names: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, countAndAmount])),
  required: names,
});

/**
 * `GET {sales}/api/figures` (docs/wire-contract.md#figures): the office's figures for the administrators'
 * dashboard. The caller's route plugin has authenticated the user (requireUser).
 */
export function figuresRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }): void {
  app.get<{ Querystring: { months?: string } }>(
    '/api/figures',
    {
      schema: {
        tags: ['sales'],
        summary: "The office's figures: turnover by month, receivables, quotes pipeline, work to invoice (admins)",
        querystring: {
          type: 'object',
          properties: {
            months: { type: 'string', description: `Months of turnover, 1..${MAX_MONTHS} (12 by default)` },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  today: { type: 'string', format: 'date' },
                  turnover: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { month: { type: 'string' }, amount: { type: 'string' } },
                      required: ['month', 'amount'],
                    },
                  },
                  receivables: group(['open', 'overdue']),
                  quotes: group(['draft', 'sent', 'accepted', 'expiring']),
                  toInvoice: group(['activities', 'draftInvoices']),
                },
                required: ['today', 'turnover', 'receivables', 'quotes', 'toInvoice'],
              },
            },
            required: ['data'],
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.roles.includes('ROLE_ADMIN')) throw problems.forbidden('The figures are for administrators.');
      const today = todayInItaly(options.now?.() ?? new Date());
      const months = Number(request.query.months ?? 12);
      if (!Number.isInteger(months) || months < 1 || months > MAX_MONTHS)
        throw invalid(requestLang(request.headers['accept-language']), [issue('months', 'validation.invalid')]);
      const data = await withTenant(options.db, user.tenant, (trx) => salesFigures(trx, user.tenant, today, months));
      return { data };
    },
  );
}
