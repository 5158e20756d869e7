import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import customers from '../../../../resources/sales/customers';
import invoices from '../../../../resources/sales/invoices';
import paymentTerms from '../../../../resources/sales/payment-terms';
import workReports from '../../../../resources/sales/work-reports';
import { invoicedCustomerOf } from '../fatturapa/snapshot';

/* eslint-disable @typescript-eslint/no-explicit-any -- the rows a template prints are read untyped */
export type Row = Record<string, any>;

/** What a sales document prints beyond its own fields: its customer, payment term and the documents it cites. */
export interface SalesDocumentContext {
  customer: Row | undefined;
  paymentTerm: Row | undefined;
  /** The invoices a credit or debit note corrects (relatedInvoiceIds), in its order. */
  relatedInvoices: Row[];
  /** The work reports of the activities a deferred invoice bills (activityIds). */
  workReports: Row[];
}

async function one(trx: Db, table: string, tenant: string, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'string') return undefined;
  const db = trx as any;
  return db.selectFrom(table).selectAll().where('tenantId', '=', tenant).where('id', '=', id).executeTakeFirst();
}

async function many(trx: Db, table: string, tenant: string, column: string, ids: unknown): Promise<Row[]> {
  const wanted = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  if (wanted.length === 0) return [];
  const db = trx as any;
  return db.selectFrom(table).selectAll().where('tenantId', '=', tenant).where(column, 'in', wanted).execute();
}

/** Reads, in the request's transaction and tenant, the records a sales document's PDF names. */
export async function salesDocumentContext(trx: Db, tenant: string, record: Row): Promise<SalesDocumentContext> {
  const related = await many(trx, tableRef(invoices), tenant, 'id', record.relatedInvoiceIds);
  const order = (record.relatedInvoiceIds as string[] | undefined) ?? [];
  const reports = await many(trx, tableRef(workReports), tenant, 'activityId', record.activityIds);
  return {
    // An issued invoice prints (and sends) its customer as frozen on issue (docs/domain.md#customer-snapshot).
    customer: invoicedCustomerOf(await one(trx, tableRef(customers), tenant, record.customerId), record),
    paymentTerm: await one(trx, tableRef(paymentTerms), tenant, record.paymentTermId),
    relatedInvoices: related.sort((a, b) => order.indexOf(String(a.id)) - order.indexOf(String(b.id))),
    workReports: reports.sort((a, b) => String(a.number).localeCompare(String(b.number))),
  };
}

/** A date column as "YYYY-MM-DD", whether the driver gave a string or a Date (read at local midnight). */
export function isoDay(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return typeof value === 'string' ? value.slice(0, 10) : '';
}
