import type { FastifyInstance } from 'fastify';
import incomingDdts from '../../../resources/wh/incoming-ddts';
import suppliers from '../../../resources/sales/suppliers';
import warehouses from '../../../resources/wh/warehouses';
import { canAccess, type ResourceDefinition } from '../../../resources/schema';
import { currentUser, requireUser, type AuthUser, type VerifyToken } from '../../http/auth';
import { problems } from '../../http/errors';
import { translate, type Lang } from '../../http/lang';
import { withTenant } from '../../db/tenancy';
import { tableRef } from '../../db/derive';
import type { Db } from '../../db/tables';
import { hookContext, Records, type ResourceHooks } from '../../records';
import { documentServices } from '../../documents/services';
import {
  documentFrame,
  facts,
  formatDateTime,
  formatDate,
  formatDecimal,
  formatQuantity,
  linesTable,
  renderPdf,
} from '../../documents/pdf';
import { sendDocument } from '../../documents/download';
import { addressLine } from '../sales/work-report-data';

/* eslint-disable @typescript-eslint/no-explicit-any -- the DDT and the rows it names are printed untyped */
type Row = Record<string, any>;

async function one(trx: Db, table: string, tenant: string, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'string') return undefined;
  const db = trx as any;
  return db.selectFrom(table).selectAll().where('tenantId', '=', tenant).where('id', '=', id).executeTakeFirst();
}

/** The delivery note as received: supplier, number and date, causale, transport data where present, lines. */
export async function incomingDdtPdf(trx: Db, tenant: string, ddt: Row): Promise<{ name: string; bytes: Buffer }> {
  const { companyOf, langOf } = documentServices();
  const lang: Lang = langOf(tenant);
  const say = (key: string) => translate(lang, `documents.ddt.${key}`);
  const choice = (field: string, value: unknown) =>
    value ? translate(lang, `resources.wh/DDT/in.enums.${field}.${String(value)}`) : '';
  const company = companyOf(tenant);
  const supplier = await one(trx, tableRef(suppliers), tenant, ddt.supplierId);
  const warehouse = await one(trx, tableRef(warehouses), tenant, ddt.destinationWarehouseId);
  const title = `${say('title')} ${String(ddt.number ?? '')}`;
  const carrier = [ddt.carrierName, ddt.carrierVatNumber].filter(Boolean).join(' · ');
  const content = [
    { text: title, style: 'title' },
    {
      columns: [
        facts([
          [say('supplier'), String(supplier?.legalName ?? '')],
          ['', addressLine(supplier?.address)],
          [say('recipient'), company.legalName],
          [say('warehouse'), warehouse ? `${String(warehouse.code)} – ${String(warehouse.name)}` : ''],
        ]),
        facts([
          [say('number'), String(ddt.number ?? '')],
          [say('date'), formatDate(ddt.date)],
          [say('internalRef'), String(ddt.internalRef ?? '')],
          [say('purchaseOrderRef'), String(ddt.purchaseOrderRef ?? '')],
          [say('supplierInvoiceRef'), String(ddt.supplierInvoiceRef ?? '')],
        ]),
      ],
      columnGap: 16,
      margin: [0, 0, 0, 8],
    },
    facts([
      [say('transportReason'), choice('transportReason', ddt.transportReason)],
      [say('transportBy'), choice('transportBy', ddt.transportBy)],
      [say('carrier'), carrier],
      [say('transportStartAt'), formatDateTime(ddt.transportStartAt)],
      [say('freightTerms'), choice('freightTerms', ddt.freightTerms)],
      [say('packages'), ddt.packagesCount === null || ddt.packagesCount === undefined ? '' : String(ddt.packagesCount)],
      [say('appearance'), String(ddt.goodsAppearance ?? '')],
      [say('grossWeight'), formatDecimal(ddt.grossWeightKg)],
      [say('netWeight'), formatDecimal(ddt.netWeightKg)],
    ]),
    { text: '', margin: [0, 6, 0, 0] },
    linesTable<Row>(
      [
        { header: '#', width: 'auto', value: (l) => String(l.lineNo ?? '') },
        { header: say('lines.description'), value: (l) => String(l.description ?? '') },
        { header: say('lines.lot'), width: 'auto', value: (l) => String(l.lotNumber ?? '') },
        {
          header: say('lines.quantity'),
          width: 'auto',
          align: 'right',
          value: (l) => formatQuantity(l.quantity, l.uom),
        },
      ],
      (ddt.lines as Row[] | null) ?? [],
      say('none'),
    ),
  ];
  const bytes = await renderPdf(documentFrame({ company, title, lang }, content));
  const name = String(ddt.internalRef ?? ddt.number ?? 'ddt').replace(/[/\\]/g, '-');
  return { name: `${name}.pdf`, bytes };
}

const actorOf = (user: AuthUser) => ({
  tenant: user.tenant,
  username: user.username,
  userId: user.id,
  roles: user.roles,
});

export interface DdtPdfRoutesOptions {
  db: Db;
  verify: VerifyToken;
  hooksOf: (def: ResourceDefinition) => ResourceHooks | undefined;
}

/** `GET /warehouse/api/incoming-ddts/:id/pdf` (docs/wire-contract.md#document-pdfs): as `show` of the DDT. */
export async function ddtPdfRoutes(app: FastifyInstance, options: DdtPdfRoutesOptions): Promise<void> {
  app.addHook('preHandler', requireUser(options.verify));
  app.get<{ Params: { id: string } }>(
    `/api/${incomingDdts.endpoint}/:id/pdf`,
    {
      schema: {
        tags: ['warehouse'],
        summary: 'An incoming delivery note as received, printed',
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!canAccess(user.roles, incomingDdts, 'show'))
        throw problems.forbidden(`Your role may not show ${incomingDdts.name}.`);
      const { name, bytes } = await withTenant(options.db, user.tenant, async (trx) => {
        const hooks = options.hooksOf(incomingDdts);
        const scope = await hooks?.scope?.(hookContext(trx, actorOf(user), incomingDdts, 'en'));
        const ddt = await new Records(trx, incomingDdts, hooks, scope).get(user.tenant, request.params.id);
        return incomingDdtPdf(trx, user.tenant, ddt);
      });
      return sendDocument(reply, { fileName: name, type: 'application/pdf', body: bytes });
    },
  );
}
