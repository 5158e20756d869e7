import { findResource } from '../../resources/index';
import { representRecord } from '../../resources/schema';
import { tableRef } from '../db/derive';
import { dynamic, type Db } from '../db/tables';

type Row = Record<string, unknown>;

/** A small deterministic generator, so each tenant gets the same demo data on every fresh start. */
export function seeded(text: string) {
  let state = [...text].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const some = <T>(list: readonly T[], count: number): T[] =>
    [...list].sort(() => next() - 0.5).slice(0, Math.max(0, Math.min(count, list.length)));
  const weighted = (table: readonly [string, number][]) => {
    let r = next() * table.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of table) if ((r -= w) < 0) return value;
    return table[0][0];
  };
  return { next, int, pick, some, weighted };
}
export type Random = ReturnType<typeof seeded>;

/** What the other modules' seeds made for this tenant: customers' sites, equipment, technicians ... */
export interface World {
  sites: { id: string; customerId: string; name: string }[];
  /** Customers' names as their definition represents them (legal name, or last and first name). */
  customerNames: Map<string, string>;
  machines: { id: string; siteId: string }[];
  technicians: string[];
  /** The technician the demo user `tecnico` signs in as, when there is one. */
  tecnico: string | undefined;
  skills: string[];
  contacts: string[];
  adminId: string | undefined;
}

async function rows(trx: Db, tenant: string, name: string, columns: string[], where?: Row): Promise<Row[]> {
  const def = findResource(name);
  if (!def || !columns.every((c) => c === 'id' || Object.hasOwn(def.fields, c))) return [];
  let query = dynamic(trx).selectFrom(tableRef(def)).select(columns).where('tenantId', '=', tenant);
  for (const [column, value] of Object.entries(where ?? {}))
    if (Object.hasOwn(def.fields, column)) query = query.where(column, '=', value);
  return query.orderBy('createdAt').orderBy('id').execute() as Promise<Row[]>;
}

export async function loadWorld(trx: Db, tenant: string): Promise<World> {
  const users = (await trx
    .selectFrom('oauth2.users')
    .select(['id', 'username'])
    .where('tenantId', '=', tenant)
    .execute()) as { id: string; username: string }[];
  const userId = (name: string) => users.find((u) => u.username === name)?.id;
  const technicians = await rows(trx, tenant, 'wfm/technicians', ['id', 'userId']);
  const customers = findResource('sales/customers');
  const named = customers ? await rows(trx, tenant, customers.name, ['id', ...customers.recordRepresentation]) : [];
  return {
    customerNames: new Map(named.map((c) => [c.id as string, representRecord(customers!, c)])),
    sites: (await rows(trx, tenant, 'sales/sites', ['id', 'customerId', 'name'], { active: true })) as World['sites'],
    machines: (await rows(trx, tenant, 'wfm/machines', ['id', 'siteId'])) as World['machines'],
    technicians: technicians.map((t) => t.id as string),
    tecnico: technicians.find((t) => t.userId === userId('tecnico'))?.id as string | undefined,
    skills: (await rows(trx, tenant, 'wfm/skills', ['id'], { kind: 'skill' })).map((s) => s.id as string),
    contacts: (await rows(trx, tenant, 'address-book/contacts', ['id'])).map((c) => c.id as string),
    adminId: userId('admin'),
  };
}

export function machinesAt(world: World, siteIds: readonly string[]): string[] {
  return world.machines.filter((m) => siteIds.includes(m.siteId)).map((m) => m.id);
}
