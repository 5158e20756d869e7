import type { Db } from '../../db/tables';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables of other services are reached untyped */

type Row = Record<string, any>;

/** What a work report prints beyond its own fields: its activity and what that references. */
export interface WorkReportContext {
  activity: Row | undefined;
  customer: Row | undefined;
  site: Row | undefined;
  /** Contact the report goes to when the site has one with an e-mail. */
  siteContact: Row | undefined;
  machines: Map<string, Row>;
  refrigerants: Map<string, Row>;
  technicians: Map<string, Row>;
}

const byId = (rows: Row[]) => new Map(rows.map((row) => [String(row.id).toLowerCase(), row]));

async function one(trx: Db, table: string, tenant: string, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'string') return undefined;
  const db = trx as any;
  return db.selectFrom(table).selectAll().where('tenantId', '=', tenant).where('id', '=', id).executeTakeFirst();
}

async function many(trx: Db, table: string, tenant: string, ids: unknown[]): Promise<Map<string, Row>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const db = trx as any;
  return byId(
    await db.selectFrom(table).selectAll().where('tenantId', '=', tenant).where('id', 'in', wanted).execute(),
  );
}

/** Reads, in the report's transaction, the records its PDF and its mail need. */
export async function workReportContext(trx: Db, tenant: string, report: Row): Promise<WorkReportContext> {
  const activity = await one(trx, 'wfm.activities', tenant, report.activityId);
  const site = await one(trx, 'sales.sites', tenant, activity?.siteId);
  const fgasLines: Row[] = Array.isArray(report.fgasLines) ? report.fgasLines : [];
  const entries: Row[] = Array.isArray(report.timeEntries) ? report.timeEntries : [];
  return {
    activity,
    customer: await one(trx, 'sales.customers', tenant, activity?.customerId),
    site,
    siteContact: await one(trx, 'address_book.contacts', tenant, site?.primaryContactId),
    machines: await many(trx, 'wfm.machines', tenant, [
      ...((activity?.machineIds as unknown[]) ?? []),
      ...fgasLines.map((l) => l.machineId),
    ]),
    refrigerants: await many(
      trx,
      'wfm.refrigerants',
      tenant,
      fgasLines.map((l) => l.refrigerantId),
    ),
    technicians: await many(
      trx,
      'wfm.technicians',
      tenant,
      entries.map((e) => e.technicianId),
    ),
  };
}

/** "Hotel Bellavista S.r.l." or "Mario Rossi". */
export function partyName(party: Row | undefined): string {
  if (!party) return '';
  return party.legalName || [party.firstName, party.lastName].filter(Boolean).join(' ');
}

/** "Via Roma 10, 20121 Milano (MI)". */
export function addressLine(address: Row | null | undefined): string {
  if (!address) return '';
  const street = [address.street, address.streetNumber].filter(Boolean).join(' ');
  const city = [address.zip, address.city, address.province ? `(${address.province})` : ''].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}

/** Where the report is mailed: the site's contact, else the customer. */
export function recipientOf(context: WorkReportContext): string | undefined {
  return context.siteContact?.email || context.customer?.email || undefined;
}
