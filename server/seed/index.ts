import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { contacts } from '../../resources/index';
import type { Db } from '../db/tables';
import { Records } from '../records';
import { enterTenant } from '../db/tenancy';
import { hashPassword } from '../services/oauth2/passwords';
import { demoContacts } from './contacts';
import { seedWelcomeNotifications } from './notifications';
import { linkSalesDemo, seedSales } from './sales';
import { seedSalesBilling } from './sales-billing';
import { seedSdi } from './sales-sdi';
import { seedTaxCases } from './sales-tax-cases';
import { seedTicketing } from './ticketing';
import { linkWarehouseDemo, seedWarehouse } from './warehouse';
import { seedWfm } from './wfm';
import { generatePeriodicWorkIn } from '../services/ticketing/generation';
import { proposePlanningWorkIn } from '../services/wfm/planning/proposals';

export const DEMO_TENANTS = [
  { id: 'acme', name: 'Acme Clima S.r.l.', configFile: 'acme.json' },
  { id: 'globex', name: 'Globex Refrigerazione S.p.A.', configFile: 'globex.json' },
] as const;

export const DEMO_USERS = [
  { username: 'admin', roles: ['ROLE_ADMIN'] },
  { username: 'tecnico', roles: ['ROLE_TECHNICIAN'] },
  { username: 'utente', roles: ['ROLE_USER'] },
] as const;

export const DEMO_PASSWORD = 'demo1234';

// Any constant distinct from the migration lock: two processes on one empty database seed once.
const SEED_LOCK = 72_531_002;

/**
 * Fills an empty database (no tenants) with the demo tenants, their users and Italian contacts.
 * Contacts go through the API's own create path, so they are exactly as valid as user input.
 * Returns false when the database already had tenants. `demoScale` sizes the modules' demo data
 * (1: a realistic demo tenant; 0: only the configuration records the modules need, for fast API tests).
 */
export async function seedDemo(db: Db, options: { contactsPerTenant: number; demoScale?: number }): Promise<boolean> {
  if (await hasTenants(db)) return false;
  // One hash at a time: each holds 128 MiB while it runs, and six at once made first start peak at 1.4 GB.
  const hashes: string[] = [];
  for (let i = 0; i < DEMO_TENANTS.length * DEMO_USERS.length; i++) hashes.push(await hashPassword(DEMO_PASSWORD));

  const seeded = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
    if (await hasTenants(trx)) return false;
    const records = new Records(trx, contacts);
    let h = 0;
    for (const tenant of DEMO_TENANTS) await trx.insertInto('oauth2.tenants').values(tenant).execute();
    for (const tenant of DEMO_TENANTS) {
      // The rest of the transaction writes as this tenant: row-level security holds for the seed too.
      await enterTenant(trx as never, tenant.id);
      for (const user of DEMO_USERS) {
        await trx
          .insertInto('oauth2.users')
          .values({
            tenantId: tenant.id,
            id: randomUUID(),
            username: user.username,
            passwordHash: hashes[h++],
            roles: [...user.roles],
          })
          .execute();
      }
      for (const body of demoContacts(tenant.id, options.contactsPerTenant)) {
        await records.insert({ tenant: tenant.id, username: 'admin' }, body, 'en');
      }
      // First of the modules: VAT rates, numbering series, customers, sites, products, documents.
      await seedSales(trx as never, tenant.id, { scale: options.demoScale ?? 1 });
      // After the sales seed (its suppliers), before wfm's (whose technicians the vans wait for).
      await seedWarehouse(trx as never, tenant.id, { scale: options.demoScale ?? 1 });
      // Demo data proper, not the bare tenants API tests count notifications on.
      if ((options.demoScale ?? 1) >= 1) await seedWelcomeNotifications(trx, tenant.id);
      // After sales and warehouse (sites, manufacturers, items, vans), before ticketing (machines, technicians).
      await seedWfm(trx as never, tenant.id, { scale: options.demoScale ?? 1 });
      // Last of the modules: contracts, plans and requests over the sales, warehouse and wfm records.
      await seedTicketing(trx, tenant.id, { demoScale: options.demoScale ?? 1 });
      // Once every module has seeded: vans get their technicians, cylinders their refrigerant.
      if ((options.demoScale ?? 1) > 0) await linkWarehouseDemo(trx as never, tenant.id);
      // Goods tied to their warehouse items, refrigerants by the kilogram for wfm's gases.
      if ((options.demoScale ?? 1) > 0) await linkSalesDemo(trx as never, tenant.id);
      // The work that schedules itself, as the morning jobs would leave it: the plans' next visits and the
      // due leak checks and contract visits in the planner's queue (docs/domain.md#generated-work).
      if ((options.demoScale ?? 1) > 0) {
        await generatePeriodicWorkIn(trx as never, tenant.id, new Date());
        await proposePlanningWorkIn(trx as never, tenant.id, new Date(), 30);
        // Billing through its actions once every sales and wfm record is there: issued, paid and overdue
        // invoices, a credit note, quotes sent, accepted and expired (docs/domain.md#due-dates-and-payments).
        await seedSalesBilling(trx as never, tenant.id);
        // An issued invoice of each tax case: split payment, reverse charge, stamp duty, withholding, intent.
        await seedTaxCases(trx as never, tenant.id);
        // Last: every issued invoice sent to the SdI, and the receipts that came back (one rejected).
        await seedSdi(trx as never, tenant.id);
      }
    }
    return true;
  });
  // PGlite never vacuums on its own; fresh statistics keep the first list queries on good plans.
  if (seeded) await sql`vacuum analyze`.execute(db);
  return seeded;
}

/**
 * What every tenant needs before its first record, demo or not: VAT rates, payment terms and numbering
 * series (sales), the refrigerants' GWP table (wfm). The demo seed writes them at every scale; the
 * tenant command (server/cli/tenant.ts) writes them for a real tenant. Runs as the tenant (enterTenant).
 */
export async function seedTenantSettings(trx: Db, tenant: string): Promise<void> {
  await seedSales(trx, tenant, { scale: 0 });
  await seedWarehouse(trx, tenant, { scale: 0 });
  await seedWfm(trx, tenant, { scale: 0 });
}

async function hasTenants(db: Db): Promise<boolean> {
  return (await db.selectFrom('oauth2.tenants').select('id').limit(1).execute()).length > 0;
}
