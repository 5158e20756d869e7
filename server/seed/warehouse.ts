import { sql } from 'kysely';
import {
  whIncomingDdts,
  whItems,
  whLocations,
  whManufacturers,
  whMovements,
  whRetailers,
  whWarehouses,
} from '../../resources/index';
import type { ResourceDefinition } from '../../resources/schema';
import { type Actor, Records } from '../records';
import { receiptBodies } from '../services/warehouse/ddts';
import { warehouseServiceHooks } from '../services/warehouse/hooks';
import { replayLedger } from '../services/warehouse/ledger';
import { bulkInsert, MovementLedger } from './warehouse-bulk';
import { ean13, ITEMS, MANUFACTURERS, RETAILERS, VANS, ZONES, type DemoItem } from './warehouse-data';
import { warehouseTimeline, type SeededItem } from './warehouse-events';
import type { Db } from '../db/tables';

type Row = Record<string, unknown>;

const records = (trx: Db, def: unknown) => {
  const d = def as ResourceDefinition;
  return new Records(trx, d, warehouseServiceHooks[d.name]);
};

/** A small deterministic generator, so a tenant gets the same demo warehouse on every fresh start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ids of another module's table for this tenant, oldest first; none when that module is not there. */
async function idsOf(trx: Db, table: string, tenant: string): Promise<string[]> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(trx);
  if (!rows[0]?.found) return [];
  const result = await sql<{ id: string }>`
    select id from ${sql.table(table)} where tenant_id = ${tenant} order by created_at, id`.execute(trx);
  return result.rows.map((r) => r.id);
}

/** The sales module's suppliers of this tenant (none without it), distributors marked. */
async function demoSuppliers(trx: Db, tenant: string): Promise<{ id: string; name: string; retailer: boolean }[]> {
  if (!(await hasColumn(trx, 'sales', 'suppliers', 'legal_name'))) return [];
  const retailer = (await hasColumn(trx, 'sales', 'suppliers', 'is_retailer'))
    ? sql<boolean>`coalesce(is_retailer, false)`
    : sql<boolean>`false`;
  const { rows } = await sql<{ id: string; name: string; retailer: boolean }>`
    select id, legal_name as name, ${retailer} as retailer from sales.suppliers
    where tenant_id = ${tenant} order by created_at, id`.execute(trx);
  return rows;
}

const MAIN_ADDRESS: Record<string, Row> = {
  acme: { street: 'Via Gallarate', streetNumber: '184', zip: '20151', city: 'Milano', province: 'MI', country: 'IT' },
  globex: {
    street: 'Via del Lavoro',
    streetNumber: '42',
    zip: '40127',
    city: 'Bologna',
    province: 'BO',
    country: 'IT',
  },
};

function minStock(item: DemoItem): { minStock: string; reorderQty: string } {
  if (item.uom === 'm') return { minStock: '50.000', reorderQty: '100.000' };
  if (item.tracking === 'lot') return { minStock: '20.000', reorderQty: item.cylinderKg ?? '10.000' };
  if (item.tracking === 'serial') return { minStock: '1.000', reorderQty: '1.000' };
  if (item.uom === 'kg' || item.uom === 'l') return { minStock: '2.000', reorderQty: '5.000' };
  return { minStock: item.category === 'spare' ? '1.000' : '5.000', reorderQty: '10.000' };
}

/**
 * The warehouse of a demo tenant (runs after the sales seed, whose suppliers the retailers and DDTs
 * name): manufacturers, retailers, about 80 items with valid EAN barcodes, a main warehouse with its
 * locations, one van per technician-to-be and five months of DDTs and movements, all written through
 * the API's own path (validation and the stock posting hooks), so stocks are what the movements say.
 * `scale` 0 writes nothing (API tests make their own records).
 */
export async function seedWarehouse(trx: Db, tenant: string, options: { scale: number; now?: Date }): Promise<void> {
  if (options.scale <= 0) return;
  const admin: Actor = { tenant, username: 'admin' };
  const next = random([...tenant].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 11));
  const insert = (def: unknown, body: Row, actor: Actor = admin) => records(trx, def).insert(actor, body, 'en');

  const bulk = (def: unknown, bodies: Row[]) => bulkInsert(trx, def as ResourceDefinition, admin, bodies);
  const manufacturerIds = await bulk(
    whManufacturers,
    MANUFACTURERS.map((m) => ({ name: m.name, website: m.website, supportPhone: m.supportPhone })),
  );
  const manufacturers = new Map(MANUFACTURERS.map((m, i) => [m.key, manufacturerIds[i]]));
  const suppliers = await demoSuppliers(trx, tenant);
  const retailerIds = await bulk(
    whRetailers,
    RETAILERS.map((r) => ({
      ...r,
      supplierId: suppliers.find((s) => s.name.toLowerCase().startsWith(r.name.toLowerCase()))?.id ?? null,
    })),
  );
  // Parts come from the distributors; any supplier will do when none is marked as one.
  const distributors = suppliers.filter((s) => s.retailer);
  const supplierIds = (distributors.length > 0 ? distributors : suppliers).map((s) => s.id);

  const main = await insert(whWarehouses, {
    code: 'MAG01',
    name: 'Magazzino centrale',
    type: 'main',
    address: MAIN_ADDRESS[tenant] ?? MAIN_ADDRESS.acme,
  });
  await insert(whWarehouses, { code: 'RESI', name: 'Resi e garanzie', type: 'virtual' });
  // The technicians come with the wfm seed, after this one: the vans wait for them (see linkWarehouseDemo).
  const vanRecords = records(trx, { ...whWarehouses, rules: [] });
  const vanIds: string[] = [];
  for (const van of VANS) {
    const row = await vanRecords.insert(admin, { ...van, type: 'van', allowNegativeStock: true }, 'en');
    vanIds.push(row.id as string);
  }
  const homes = new Map<string, string>();
  for (const zone of ZONES) {
    const parent = await insert(whLocations, { warehouseId: main.id, code: zone.code, name: zone.name, kind: 'storage' }); // prettier-ignore
    for (const [b, bin] of zone.bins.entries()) {
      const row = await insert(whLocations, { warehouseId: main.id, code: bin, kind: 'storage', parentLocationId: parent.id, name: `${zone.name.split(' - ')[0]}, ripiano ${b + 1}` }); // prettier-ignore
      if (b === 0) for (const category of zone.categories) homes.set(category, row.id as string);
    }
  }
  for (const [code, name, kind] of [
    ['RIC-01', 'Baia di ricevimento', 'receiving'],
    ['QUA-01', 'Quarantena resi', 'quarantine'],
    ['SCA-01', 'Materiale da smaltire', 'scrap'],
  ])
    await insert(whLocations, { warehouseId: main.id, code, name, kind });

  const itemIds = await bulk(
    whItems,
    ITEMS.map((demo, i) => {
      const retailers = [retailerIds[i % retailerIds.length], retailerIds[(i + 2) % retailerIds.length]];
      return {
        sku: demo.sku,
        name: demo.name,
        manufacturerId: demo.manufacturer ? manufacturers.get(demo.manufacturer) : null,
        manufacturerPartNumber: demo.partNumber ?? null,
        barcode: ean13(`8031245${String(i + 1).padStart(5, '0')}`),
        uom: demo.uom,
        tracking: demo.tracking,
        ...minStock(demo),
        weightKg: demo.weightKg ?? (demo.uom === 'kg' ? '1.000' : null),
        standardCost: demo.cost,
        codes: demo.partNumber ? [{ kind: 'manufacturer', code: demo.partNumber }] : [],
        supplies: retailers.map((retailerId, r) => ({
          retailerId,
          retailerSku: `${r === 0 ? 'FV' : 'CM'}-${demo.sku}`,
          lastPurchasePrice: demo.cost,
          leadTimeDays: r === 0 ? 2 : 5,
          preferred: r === 0,
        })),
      };
    }),
  );
  const items: SeededItem[] = ITEMS.map((demo, i) => ({
    demo,
    id: itemIds[i],
    homeLocationId: homes.get(demo.category)!,
  }));

  const timeline = warehouseTimeline({ items, mainId: main.id as string, vanIds, supplierIds }, next, {
    now: options.now ?? new Date(),
    scale: options.scale,
    // The second demo tenant is a smaller business: two months of history are enough to tell it apart.
    days: tenant === 'acme' ? 150 : 60,
  });
  const itemRows = new Map(
    items.map((i) => [i.id, { uom: i.demo.uom, tracking: i.demo.tracking, standardCost: i.demo.cost }]),
  );
  const ledger = new MovementLedger(trx, tenant, whMovements, (id) => itemRows.get(id)?.uom); // prettier-ignore
  const keyed = new Map<string, string>();
  for (const event of timeline) {
    if (event.kind === 'ddt') {
      const ddt = await writeDdt(trx, admin, event.body, event.receiveAt, event.invoiceRef);
      if (event.receiveAt) {
        const { bodies, issues } = receiptBodies(ddt, itemRows, event.receiveAt);
        if (issues.length > 0) throw new Error(`Demo DDT ${String(ddt.number)}: ${JSON.stringify(issues)}`);
        for (const body of bodies) ledger.add('admin', body);
      }
      continue;
    }
    const body: Row = { state: 'done', ...event.body };
    if (event.kind === 'reversal') body.reversedMovementId = keyed.get(event.of);
    const id = ledger.add(event.username, body);
    if (event.kind === 'movement' && event.key) keyed.set(event.key, id);
  }
  await ledger.flush();
  await replayLedger(trx, tenant, 'admin');
}

/** A DDT as the office would: registered, then received on arrival, then matched to the invoice. */
async function writeDdt(trx: Db, actor: Actor, body: Row, receiveAt?: string, invoiceRef?: string): Promise<Row> {
  const ddts = records(trx, whIncomingDdts);
  let ddt = await ddts.insert(actor, body, 'en');
  if (!receiveAt) return ddt;
  ddt = await ddts.write(actor, ddt, ddt.version as number, { status: 'received' }, 'en');
  if (invoiceRef)
    ddt = await ddts.write(actor, ddt, ddt.version as number, { status: 'invoiced', supplierInvoiceRef: invoiceRef }, 'en'); // prettier-ignore
  return ddt;
}

/**
 * Links the warehouse demo to the other modules' once all are seeded: each van gets its technician (the
 * one whose van it is, else the next without one), the refrigerant cylinders their gas (wfm) and items
 * the product sold under their SKU (sales). Updates go through the API's path; whatever is already
 * linked is left alone; without those modules nothing changes.
 */
export async function linkWarehouseDemo(trx: Db, tenant: string): Promise<void> {
  const admin: Actor = { tenant, username: 'admin' };
  const warehouses = records(trx, whWarehouses);
  if ((await idsOf(trx, 'wfm.technicians', tenant)).length > 0) {
    const hasVan = await hasColumn(trx, 'wfm', 'technicians', 'van_warehouse_id');
    const technicians = (
      await sql<{ id: string; van: string | null }>`
        select id, ${hasVan ? sql`van_warehouse_id` : sql`null`}::uuid as van from wfm.technicians where tenant_id = ${tenant} order by created_at, id`.execute(
        trx,
      )
    ).rows;
    const vans = await trx
      .selectFrom('warehouse.warehouses')
      .select(['id', 'version', 'technicianId'])
      .where('tenantId', '=', tenant)
      .where('type', '=', 'van')
      .orderBy('code')
      .execute();
    const taken = new Set(vans.map((v) => v.technicianId).filter(Boolean));
    for (const van of vans.filter((v) => !v.technicianId)) {
      const technician =
        technicians.find((t) => t.van === van.id && !taken.has(t.id)) ??
        technicians.find((t) => !taken.has(t.id) && (t.van === null || t.van === van.id));
      if (!technician) break;
      taken.add(technician.id);
      await warehouses.update(admin, van.id, { version: van.version, technicianId: technician.id }, 'en');
    }
  }
  const gases = (await hasColumn(trx, 'wfm', 'refrigerants', 'code'))
    ? (await sql<{ id: string; code: string }>`select id, code from wfm.refrigerants where tenant_id = ${tenant}`.execute(trx)).rows // prettier-ignore
    : [];
  const gasByCode = new Map(gases.map((g) => [g.code.toUpperCase(), g.id]));
  // The sales demo sells goods under the warehouse SKU as their code.
  const products = (await hasColumn(trx, 'sales', 'products', 'code'))
    ? (await sql<{ id: string; code: string }>`select id, code from sales.products where tenant_id = ${tenant}`.execute(trx)).rows // prettier-ignore
    : [];
  const productByCode = new Map(products.map((p) => [p.code.toUpperCase(), p.id]));
  const demoItems = await trx
    .selectFrom('warehouse.items')
    .select(['id', 'version', 'sku', 'isRefrigerant', 'productId'])
    .where('tenantId', '=', tenant)
    .execute();
  const itemRecords = records(trx, whItems);
  for (const item of demoItems) {
    const changes: Row = {};
    const gas = ITEMS.find((i) => i.sku === item.sku)?.gas;
    const refrigerantId = gas ? gasByCode.get(gas.toUpperCase()) : undefined;
    if (refrigerantId && item.isRefrigerant !== true) Object.assign(changes, { isRefrigerant: true, refrigerantId });
    const productId = productByCode.get(String(item.sku).toUpperCase());
    if (productId && !item.productId) changes.productId = productId;
    if (Object.keys(changes).length > 0)
      await itemRecords.update(admin, item.id, { version: item.version, ...changes }, 'en');
  }
}

async function hasColumn(trx: Db, schema: string, table: string, column: string): Promise<boolean> {
  const { rows } = await sql`
    select 1 from information_schema.columns
    where table_schema = ${schema} and table_name = ${table} and column_name = ${column}`.execute(trx);
  return rows.length > 0;
}
