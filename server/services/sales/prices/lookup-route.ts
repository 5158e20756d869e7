import type { FastifyInstance } from 'fastify';
import products from '../../../../resources/sales/products';
import { canAccess, decimal } from '../../../../resources/schema';
import { currentUser } from '../../../http/auth';
import { problems } from '../../../http/errors';
import { requestLang } from '../../../http/lang';
import { withTenant } from '../../../db/tenancy';
import type { Db } from '../../../db/tables';
import { invalid, issue, type Issue } from '../../../records';
import { priceFor } from './price-for';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A calendar day that exists: 2026-02-30 is not one. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

type LookupQuery = Partial<Record<'productId' | 'customerId' | 'date' | 'quantity', string>>;

/** The parameters as priceFor takes them, or the issues naming each bad one. */
function parse(query: LookupQuery) {
  const issues: Issue[] = [];
  const productId = query.productId ?? '';
  if (!productId) issues.push(issue('productId', 'validation.required'));
  else if (!UUID.test(productId)) issues.push(issue('productId', 'validation.reference'));
  const customerId = query.customerId || null;
  if (customerId && !UUID.test(customerId)) issues.push(issue('customerId', 'validation.reference'));
  const date = query.date ?? '';
  if (!date) issues.push(issue('date', 'validation.required'));
  else if (!isDay(date)) issues.push(issue('date', 'validation.invalid'));
  const quantity = query.quantity || undefined;
  if (quantity !== undefined && (!decimal.DECIMAL_PATTERN.test(quantity) || decimal.compare(quantity, 0) < 0))
    issues.push(issue('quantity', 'validation.invalid'));
  return { issues, q: { productId, customerId, date, quantity } };
}

const lookupProperties = {
  productId: { type: 'string', description: 'The product (sales/products id)' },
  customerId: {
    type: 'string',
    description: "The customer whose list and discount apply; empty: the default list's price",
  },
  date: { type: 'string', description: 'The document date (YYYY-MM-DD): the price valid on that day' },
  quantity: {
    type: 'string',
    description: 'Decimal: the quantity price with the highest minimum quantity reached; 1 when left out',
  },
};

/**
 * `GET /sales/api/prices/lookup` (docs/wire-contract.md#price-lookup): what a document line is filled with when a
 * product is picked. 400 naming each bad parameter, 404 for a product that is not the tenant's.
 */
export function priceLookupRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: LookupQuery }>(
    '/api/prices/lookup',
    {
      schema: {
        tags: ['sales'],
        summary: "The price, discount and VAT of a product for a customer on a date (a document line's values)",
        querystring: { type: 'object', properties: lookupProperties },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, products, 'show'))
        throw problems.forbidden(`Your role may not show ${products.name}.`);
      const lang = requestLang(request.headers['accept-language']);
      const { issues, q } = parse(request.query);
      if (issues.length > 0) throw invalid(lang, issues);
      const data = await withTenant(db, user.tenant, (trx) => priceFor(trx, user.tenant, q, lang));
      return { data };
    },
  );
}
