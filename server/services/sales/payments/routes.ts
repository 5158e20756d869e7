import type { FastifyInstance } from 'fastify';
import { todayInItaly } from '../../../../resources/schema/presets';
import customers from '../../../../resources/sales/customers';
import instalments from '../../../../resources/sales/instalments';
import { canAccess } from '../../../../resources/schema';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { withTenant } from '../../../db/tenancy';
import { currentUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import { invalid, issue } from '../../../records';
import { AGEING_BUCKETS, ageing } from './ageing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists (no 30 February). */
const validDate = (value: string) => {
  const at = DATE.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  return at !== undefined && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
};

const totals = {
  type: 'object',
  properties: Object.fromEntries([...AGEING_BUCKETS, 'total'].map((k) => [k, { type: 'string' }])),
};

interface AgeingQuery {
  customerId?: string;
  asOf?: string;
  page?: string;
  pageSize?: string;
}

/**
 * The Scadenzario's summary (docs/wire-contract.md#receivables-ageing): what is still owed on open
 * instalments by days past due, overall and per customer (largest first, paginated).
 */
export function receivablesRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: AgeingQuery }>(
    '/api/receivables/ageing',
    {
      schema: {
        tags: ['sales'],
        summary: 'Outstanding receivables by days past due, overall and per customer',
        querystring: {
          type: 'object',
          properties: {
            customerId: { type: 'string', description: 'Only this customer' },
            asOf: { type: 'string', description: 'Reference date (YYYY-MM-DD), today in Europe/Rome by default' },
            page: { type: 'string', description: 'Page of customers, from 0' },
            pageSize: { type: 'string', description: 'Customers per page, 1..100 (10 by default)' },
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
                  asOf: { type: 'string' },
                  totals,
                  customerCount: { type: 'integer' },
                  customers: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        ...totals.properties,
                        customerId: { type: 'string' },
                        customerName: { type: ['string', 'null'] },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, instalments, 'list'))
        throw problems.forbidden(`Your role may not list ${instalments.name}.`);
      const lang = requestLang(request.headers['accept-language']);
      const { customerId, asOf = todayInItaly(), page = '0', pageSize = '10' } = request.query;
      const issues = [
        ...(customerId !== undefined && !UUID.test(customerId) ? [issue('customerId', 'validation.reference')] : []),
        ...(validDate(asOf) ? [] : [issue('asOf', 'validation.date')]),
        ...(/^\d{1,6}$/.test(page) ? [] : [issue('page', 'validation.integer')]),
        ...(/^\d{1,3}$/.test(pageSize) && Number(pageSize) >= 1 && Number(pageSize) <= 100
          ? []
          : [issue('pageSize', 'validation.integer')]),
      ];
      if (issues.length > 0) throw invalid(lang, issues);
      const data = await withTenant(db, user.tenant, async (trx) => {
        if (customerId !== undefined) {
          const customer = await trx
            .selectFrom(tableRef(customers))
            .select('id')
            .where('tenantId', '=', user.tenant)
            .where('id', '=', customerId)
            .executeTakeFirst();
          if (!customer) throw problems.notFound('No such customer.');
        }
        const limit = Number(pageSize);
        return ageing(trx, user.tenant, { asOf, customerId, limit, offset: Number(page) * limit });
      });
      return { data };
    },
  );
}
