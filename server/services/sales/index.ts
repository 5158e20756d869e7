import type { FastifyInstance } from 'fastify';
import activities from '../../../resources/wfm/activities';
import workReports from '../../../resources/sales/work-reports';
import quotes from '../../../resources/sales/quotes';
import proformas from '../../../resources/sales/proformas';
import invoices from '../../../resources/sales/invoices';
import { canAccess, type ResourceDefinition } from '../../../resources/schema';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from '../../http/auth';
import { problems } from '../../http/errors';
import { requestLang } from '../../http/lang';
import { sendDocument } from '../../documents/download';
import { withTenant } from '../../db/tenancy';
import { conflict, hookContext, issue, invalid, Records, type ResourceHooks } from '../../records';
import type { Db } from '../../db/tables';
import { billingRoutes } from './billing/routes';
import { priceLookupRoute } from './prices/lookup-route';
import { workReportPdfBytes } from './work-report-actions';
import { salesDocumentPdf, type PrintedDocument } from './document-pdf';
import { existingReport, REPORTABLE_STATUSES, reportFromActivity } from './work-report-generate';
import { receivablesRoutes } from './payments/routes';
import { figuresRoutes } from './figures/routes';
import { fatturapaRoute } from './fatturapa/route';
import { accountantRoutes } from './accountant/routes';

export interface SalesRoutesOptions {
  db: Db;
  verify: VerifyToken;
  /** The hooks of any definition (the activities' scope decides which activity a user reaches). */
  hooksOf: (def: ResourceDefinition) => ResourceHooks | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const actorOf = (user: AuthUser) => ({
  tenant: user.tenant,
  username: user.username,
  userId: user.id,
  roles: user.roles,
});

/**
 * The sales service's routes beyond CRUD (docs/wire-contract.md#work-reports): a work report made
 * from a completed activity and a report's PDF; invoicing the work (billing/routes.ts), the price lookup
 * (prices/lookup-route.ts), the receivables' ageing (payments/routes.ts), the office's figures
 * (figures/routes.ts), an invoice's FatturaPA XML (fatturapa/route.ts) and the accountant's exports
 * (accountant/routes.ts).
 */
export async function salesRoutes(app: FastifyInstance, options: SalesRoutesOptions): Promise<void> {
  const { db } = options;
  app.addHook('preHandler', requireUser(options.verify));
  await billingRoutes(app, { db });
  receivablesRoutes(app, db);
  figuresRoutes(app, { db });
  accountantRoutes(app, db);

  /** Records of a definition as this user reaches them (its scope hook applied). */
  const recordsOf = async (trx: Db, user: AuthUser, def: ResourceDefinition) => {
    const hooks = options.hooksOf(def);
    const scope = await hooks?.scope?.(hookContext(trx, actorOf(user), def, 'en'));
    return new Records(trx, def, hooks, scope);
  };

  app.post(
    '/api/work-reports/from-activity',
    {
      schema: {
        tags: ['sales'],
        summary: 'The work report of a completed activity: made now (201) or the one already made (200)',
        body: {
          type: 'object',
          required: ['activityId'],
          properties: { activityId: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, workReports, 'create'))
        throw problems.forbidden(`Your role may not create ${workReports.name}.`);
      const lang = requestLang(request.headers['accept-language']);
      // JSON `null` passes the object schema: it is no body with an activity either.
      const body = request.body as { activityId?: unknown } | null;
      if (typeof body !== 'object' || body === null)
        throw problems.validation([], 'The request body must be a JSON object with activityId.');
      const activityId = String(body.activityId);
      if (!UUID.test(activityId)) throw invalid(lang, [issue('activityId', 'validation.invalid')]);
      const { created, data } = await withTenant(db, user.tenant, async (trx) => {
        const activity = await (await recordsOf(trx, user, activities)).get(user.tenant, activityId);
        if (!(REPORTABLE_STATUSES as readonly string[]).includes(String(activity.status)))
          throw conflict(
            lang,
            issue('activityId', 'validation.sales.activityNotCompleted'),
            `A work report is made from a completed activity; this one is ${String(activity.status)}.`,
          );
        const reports = await recordsOf(trx, user, workReports);
        const existing = await existingReport(trx, user.tenant, activityId);
        if (existing) return { created: false, data: await reports.get(user.tenant, existing) };
        const body = await reportFromActivity(trx, user.tenant, activity);
        return { created: true, data: await reports.insert(actorOf(user), body, lang) };
      });
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  priceLookupRoute(app, db);
  fatturapaRoute(app, db, (trx, user) => recordsOf(trx, user, invoices));

  app.get<{ Params: { id: string } }>(
    '/api/work-reports/:id/pdf',
    {
      schema: {
        tags: ['sales'],
        summary: "A work report's PDF: the signed one, or a draft's rendered now",
        params: { type: 'object', properties: { id: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, workReports, 'show'))
        throw problems.forbidden(`Your role may not show ${workReports.name}.`);
      const { name, bytes } = await withTenant(db, user.tenant, async (trx) => {
        const report = await (await recordsOf(trx, user, workReports)).get(user.tenant, request.params.id);
        return workReportPdfBytes(trx, user.tenant, report);
      });
      return sendDocument(reply, { fileName: name, type: 'application/pdf', body: bytes });
    },
  );

  // The PDF of each printed sales document (docs/wire-contract.md#document-pdfs): as `show` of its resource.
  for (const def of [quotes, proformas, invoices]) {
    app.get<{ Params: { id: string } }>(
      `/api/${def.endpoint}/:id/pdf`,
      {
        schema: {
          tags: ['sales'],
          summary: `The PDF of a ${def.name} record as it stands (a draft carries a watermark)`,
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (!canAccess(user.roles, def, 'show')) throw problems.forbidden(`Your role may not show ${def.name}.`);
        const { name, bytes } = await withTenant(db, user.tenant, async (trx) => {
          const record = await (await recordsOf(trx, user, def)).get(user.tenant, request.params.id);
          return salesDocumentPdf(trx, user.tenant, def.name as PrintedDocument, record);
        });
        return sendDocument(reply, { fileName: name, type: 'application/pdf', body: bytes });
      },
    );
  }
}
