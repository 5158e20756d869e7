import { decimal } from '../../resources/schema';
import { CARRIERS, type DemoItem } from './warehouse-data';

const { dec, round } = decimal;

export interface SeededItem {
  demo: DemoItem;
  id: string;
  /** Its bin in the main warehouse. */
  homeLocationId: string;
}

export interface TimelineRefs {
  items: readonly SeededItem[];
  mainId: string;
  vanIds: readonly string[];
  supplierIds: readonly string[];
}

type Body = Record<string, unknown>;

/** One write of the demo history, in the order it happened. */
export type SeedEvent =
  | { kind: 'movement'; username: string; body: Body; key?: string }
  | { kind: 'reversal'; username: string; of: string; body: Body }
  | { kind: 'ddt'; body: Body; receiveAt?: string; invoiceRef?: string };

const DAY = 86_400_000;
const q3 = (value: unknown) => round(value, 3);

/** The consumables every van carries for a day of jobs: sku and quantity in the item's unit. */
const VAN_KIT: readonly [sku: string, quantity: string][] = [
  ['CON-NASTRO', '6.000'],
  ['CON-ISOL12', '20.000'],
  ['CON-FASCE', '4.000'],
  ['CON-SCARICO', '15.000'],
  ['CON-CERCAF', '3.000'],
  ['CON-FLANGE', '10.000'],
  ['CON-SANIF', '6.000'],
  ['CON-OLIO-POE', '2.000'],
];

/**
 * Five months of warehouse life, generated in date order so every movement finds the stock it takes:
 * an opening inventory, supplier DDTs received into the main warehouse, refills of the technicians'
 * vans, consumption on interventions, a few compressors installed, scrap, inventory adjustments, one
 * transfer keyed by mistake and reversed, and recent DDTs and a refill still in draft. Quantities are
 * tracked here as they will be posted, so nothing the main warehouse ships exceeds what it holds.
 */
export function warehouseTimeline(
  refs: TimelineRefs,
  next: () => number,
  options: { now: Date; scale: number; days?: number },
): SeedEvent[] {
  const days = options.days ?? 150;
  const start =
    Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate()) - days * DAY;
  const events: SeedEvent[] = [];
  const balances = new Map<string, string>();
  const keyOf = (item: SeededItem, warehouseId: string, locationId: string | null, lot: string | null) =>
    `${item.id}|${warehouseId}|${locationId ?? ''}|${lot ?? ''}`;
  const balance = (key: string) => dec(balances.get(key) ?? '0');
  const move = (key: string, delta: unknown) => balances.set(key, q3(balance(key).plus(dec(delta))));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  let minute = 0;
  let today = -1;
  /** Instants within a day strictly increase, from 8:00 UTC on. */
  const stamp = (day: number) => {
    if (day !== today) [today, minute] = [day, 0];
    minute += int(2, 9);
    return new Date(start + day * DAY + 8 * 3_600_000 + minute * 60_000).toISOString();
  };
  const dateOf = (day: number) => new Date(start + day * DAY).toISOString().slice(0, 10);
  const yy = (day: number) => dateOf(day).slice(2, 4);
  let lots = 0;
  const newLot = (item: SeededItem, day: number) =>
    `${item.demo.gas}-${dateOf(day).slice(2, 7).replace('-', '')}-${String(++lots).padStart(3, '0')}`;
  const newSerial = (item: SeededItem, day: number) =>
    `${item.demo.sku.slice(4).replace(/-/g, '')}${yy(day)}${String(int(10000, 99999))}`;

  const stocked = refs.items.filter((i) => i.demo.tracking === 'none');
  const gases = refs.items.filter((i) => i.demo.tracking === 'lot');
  const compressors = refs.items.filter((i) => i.demo.tracking === 'serial');
  const serialsInMain: { item: SeededItem; serial: string }[] = [];
  const receipt = (
    item: SeededItem,
    quantity: string,
    tracking: Partial<Record<'lotNumber' | 'serialNumber', string>>,
  ) => {
    move(keyOf(item, refs.mainId, item.homeLocationId, tracking.lotNumber ?? tracking.serialNumber ?? null), quantity);
    if (tracking.serialNumber) serialsInMain.push({ item, serial: tracking.serialNumber });
  };
  const typicalQuantity = (item: SeededItem, plenty: boolean) => {
    const f = plenty ? 3 : 1;
    if (item.demo.uom === 'm') return q3(int(25, 60) * f);
    if (item.demo.uom === 'kg' || item.demo.uom === 'l') return q3(int(2, 5) * f);
    return q3(int(item.demo.category === 'spare' ? 2 : 6, item.demo.category === 'spare' ? 4 : 14) * f);
  };

  // Opening inventory, counted on the first day.
  for (const item of refs.items) {
    const base = {
      type: 'in',
      itemId: item.id,
      toWarehouseId: refs.mainId,
      toLocationId: item.homeLocationId,
      unitCost: item.demo.cost,
    };
    const opening = { sourceType: 'inventoryCount', reason: 'Giacenza iniziale da inventario' };
    const quantities: { quantity: string; lotNumber?: string; serialNumber?: string }[] =
      item.demo.tracking === 'lot'
        ? [1, 2, 3].map(() => ({ quantity: item.demo.cylinderKg!, lotNumber: newLot(item, 0) }))
        : item.demo.tracking === 'serial'
          ? [1, 2].map(() => ({ quantity: '1', serialNumber: newSerial(item, 0) }))
          : [{ quantity: typicalQuantity(item, true) }];
    for (const q of quantities) {
      events.push({ kind: 'movement', username: 'admin', body: { ...base, ...opening, ...q, date: stamp(0) } });
      receipt(item, q.quantity, q);
    }
  }

  let ddtSeq = 0;
  let refills = 0;
  for (let day = 1; day < days; day++) {
    const weekday = new Date(start + day * DAY).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;

    // A supplier's delivery about every other week; the last ones are still to be checked in.
    if (day % 12 === 2 && refs.supplierIds.length > 0) {
      ddtSeq++;
      const draft = day > days - 20;
      const lines: Body[] = [];
      const chosen = new Set<SeededItem>();
      while (chosen.size < int(2, 4)) chosen.add(pick(stocked));
      for (const item of chosen)
        lines.push({ itemId: item.id, description: item.demo.name, quantity: typicalQuantity(item, false), unitPrice: item.demo.cost, locationId: item.homeLocationId }); // prettier-ignore
      if (ddtSeq % 2 === 0) {
        const gas = pick(gases);
        for (let c = 0; c < 2; c++)
          lines.push({ itemId: gas.id, description: gas.demo.name, quantity: gas.demo.cylinderKg, unitPrice: gas.demo.cost, lotNumber: newLot(gas, day), locationId: gas.homeLocationId }); // prettier-ignore
      }
      if (ddtSeq % 3 === 0) {
        const compressor = pick(compressors);
        lines.push({ itemId: compressor.id, description: compressor.demo.name, quantity: '1.000', unitPrice: compressor.demo.cost, lotNumber: newSerial(compressor, day), locationId: compressor.homeLocationId }); // prettier-ignore
      }
      if (ddtSeq % 4 === 1) lines.push({ description: 'Imballo e spese di trasporto', quantity: '1.000', uom: 'pz', unitPrice: '15.00' }); // prettier-ignore
      const weight = lines.reduce((sum, l) => {
        const item = refs.items.find((i) => i.id === l.itemId);
        return sum.plus(dec(l.quantity).times(dec(item?.demo.weightKg ?? (item?.demo.uom === 'kg' ? '1' : '0.2'))));
      }, dec(0));
      const by = pick(['sender', 'sender', 'carrier', 'recipient'] as const);
      const carrier = pick(CARRIERS);
      const body: Body = {
        supplierId: refs.supplierIds[ddtSeq % refs.supplierIds.length],
        number: `${int(100, 899) * 10 + ddtSeq}/${yy(day)}`,
        date: dateOf(day),
        destinationWarehouseId: refs.mainId,
        transportReason: 'purchase',
        transportBy: by,
        carrierName: by === 'carrier' ? carrier.name : null,
        carrierVatNumber: by === 'carrier' ? carrier.vat : null,
        transportStartAt: new Date(start + day * DAY + 6 * 3_600_000).toISOString(),
        packagesCount: lines.length + int(0, 3),
        goodsAppearance: lines.some((l) => gases.some((g) => g.id === l.itemId)) ? 'scatole e bombole' : 'scatole',
        netWeightKg: q3(weight),
        grossWeightKg: q3(weight.times('1.08').plus(1)),
        freightTerms: by === 'recipient' ? 'assegnato' : 'franco',
        purchaseOrderRef: `ODA-${yy(day)}-${String(ddtSeq * 7).padStart(4, '0')}`,
        lines,
      };
      const receiveAt = draft ? undefined : stamp(day);
      const invoiceRef = !draft && day < days - 45 && ddtSeq % 2 === 1 ? `FT ${int(1000, 9999)}/${yy(day)}` : undefined;
      events.push({ kind: 'ddt', body, receiveAt, invoiceRef });
      if (!draft)
        for (const line of lines) {
          const item = refs.items.find((i) => i.id === line.itemId);
          if (!item) continue;
          const lot = line.lotNumber as string | undefined;
          receipt(item, line.quantity as string, item.demo.tracking === 'serial' ? { serialNumber: lot } : { lotNumber: lot }); // prettier-ignore
        }
    }

    // Van refills every fortnight, with a full cylinder every other time.
    if (day % 15 === 4) {
      refills++;
      for (const vanId of refs.vanIds) {
        for (let n = 0; n < 3; n++) {
          const item = pick(stocked);
          const from = keyOf(item, refs.mainId, item.homeLocationId, null);
          const quantity = q3(dec(typicalQuantity(item, false)).div(2).round(0, 0).plus(1));
          if (balance(from).lt(dec(quantity))) continue;
          const body = { type: 'transfer', itemId: item.id, quantity, fromWarehouseId: refs.mainId, fromLocationId: item.homeLocationId, toWarehouseId: vanId, reason: 'Rifornimento furgone' }; // prettier-ignore
          events.push({ kind: 'movement', username: 'admin', body: { ...body, date: stamp(day) } });
          move(from, dec(quantity).neg());
          move(keyOf(item, vanId, null, null), quantity);
        }
        const gas = pick(gases);
        const cylinder = [...balances.entries()].find(
          ([key, kg]) => key.startsWith(`${gas.id}|${refs.mainId}|`) && dec(kg).eq(dec(gas.demo.cylinderKg)),
        );
        if (refills % 2 === 1 && cylinder) {
          const lot = cylinder[0].split('|')[3];
          const body = { type: 'transfer', itemId: gas.id, quantity: gas.demo.cylinderKg, lotNumber: lot, fromWarehouseId: refs.mainId, fromLocationId: gas.homeLocationId, toWarehouseId: vanId, reason: 'Bombola per il furgone' }; // prettier-ignore
          events.push({ kind: 'movement', username: 'admin', body: { ...body, date: stamp(day) } });
          move(cylinder[0], dec(gas.demo.cylinderKg).neg());
          move(keyOf(gas, vanId, null, lot), gas.demo.cylinderKg);
        }
        // One refill keyed to the wrong van, reversed as soon as it was noticed.
        if (refills === 2 && vanId === refs.vanIds[0] && refs.vanIds.length > 1) {
          const item = stocked[0];
          const body = { type: 'transfer', itemId: item.id, quantity: '2.000', fromWarehouseId: refs.mainId, fromLocationId: item.homeLocationId, toWarehouseId: refs.vanIds[1], reason: 'Rifornimento furgone' }; // prettier-ignore
          if (balance(keyOf(item, refs.mainId, item.homeLocationId, null)).gte(2)) {
            events.push({ kind: 'movement', username: 'admin', key: 'wrongVan', body: { ...body, date: stamp(day) } });
            // What the reversal hook would mirror: the same goods, back from where they went.
            const reversal = { type: 'reversal', itemId: item.id, quantity: '2.000', fromWarehouseId: refs.vanIds[1], toWarehouseId: refs.mainId, toLocationId: item.homeLocationId, reason: 'Trasferimento registrato sul furgone sbagliato', date: stamp(day) }; // prettier-ignore
            events.push({ kind: 'reversal', username: 'admin', of: 'wrongVan', body: reversal });
          }
        }
      }
    }

    // Material used on interventions, taken from the vans.
    for (const vanId of refs.vanIds) {
      if (next() > 0.22 * options.scale) continue;
      const held = [...balances.entries()].filter(([key, qty]) => key.split('|')[1] === vanId && dec(qty).gt(0));
      if (held.length === 0) continue;
      const [key, qty] = pick(held);
      const [itemId, , , lot] = key.split('|');
      const item = refs.items.find((i) => i.id === itemId)!;
      const wanted =
        item.demo.uom === 'pz' ? dec(int(1, 2)) : item.demo.uom === 'm' ? dec(int(25, 80)).div(10) : dec(int(3, 24)).div(10); // prettier-ignore
      const quantity = q3(wanted.gt(dec(qty)) ? qty : wanted);
      const body = { type: 'out', itemId, quantity, lotNumber: lot || null, fromWarehouseId: vanId, sourceType: 'activity', reason: 'Materiale usato in intervento' }; // prettier-ignore
      events.push({ kind: 'movement', username: 'tecnico', body: { ...body, date: stamp(day) } });
      move(key, dec(quantity).neg());
    }

    // A compressor replaced at a customer's now and then.
    if ([30, 75, 110].includes(day) && serialsInMain.length > 0) {
      const { item, serial } = serialsInMain.shift()!;
      const body = { type: 'out', itemId: item.id, quantity: '1.000', serialNumber: serial, fromWarehouseId: refs.mainId, fromLocationId: item.homeLocationId, sourceType: 'activity', reason: 'Sostituzione compressore presso cliente' }; // prettier-ignore
      events.push({ kind: 'movement', username: 'admin', body: { ...body, date: stamp(day) } });
      move(keyOf(item, refs.mainId, item.homeLocationId, serial), '-1');
    }

    // Scrap and inventory corrections.
    if (day === 45 || day === 100) {
      const item = stocked[day === 45 ? 3 : 20];
      const key = keyOf(item, refs.mainId, item.homeLocationId, null);
      if (balance(key).gte(1)) {
        const type = day === 45 ? 'out' : 'adjustment';
        const reason = day === 45 ? 'Materiale danneggiato, smaltito' : 'Rettifica inventario: pezzi mancanti';
        const body = { type, itemId: item.id, quantity: '1.000', fromWarehouseId: refs.mainId, fromLocationId: item.homeLocationId, sourceType: day === 45 ? 'manual' : 'inventoryCount', reason }; // prettier-ignore
        events.push({ kind: 'movement', username: 'admin', body: { ...body, date: stamp(day) } });
        move(key, '-1');
      }
    }
    if (day === 90) {
      const item = stocked[stocked.length - 1];
      const body = { type: 'adjustment', itemId: item.id, quantity: '3.000', toWarehouseId: refs.mainId, toLocationId: item.homeLocationId, sourceType: 'inventoryCount', reason: 'Rettifica inventario: pezzi ritrovati' }; // prettier-ignore
      events.push({ kind: 'movement', username: 'admin', body: { ...body, date: stamp(day) } });
      move(keyOf(item, refs.mainId, item.homeLocationId, null), '3');
    }
  }

  // Yesterday evening the vans were stocked with what a day of jobs uses, the first van (the demo
  // technician's) first: today's jobs find their materials in the van.
  for (const vanId of refs.vanIds)
    for (const [sku, quantity] of VAN_KIT) {
      const item = stocked.find((i) => i.demo.sku === sku);
      if (!item) continue;
      const from = keyOf(item, refs.mainId, item.homeLocationId, null);
      if (balance(from).lt(dec(quantity))) continue;
      const body = { type: 'transfer', itemId: item.id, quantity, fromWarehouseId: refs.mainId, fromLocationId: item.homeLocationId, toWarehouseId: vanId, reason: 'Rifornimento furgone' }; // prettier-ignore
      events.push({ kind: 'movement', username: 'admin', body: { ...body, date: stamp(days - 1) } });
      move(from, dec(quantity).neg());
      move(keyOf(item, vanId, null, null), quantity);
    }

  // A refill prepared for tomorrow, not shipped yet.
  const planned = stocked[1];
  if (refs.vanIds.length > 0)
    events.push({ kind: 'movement', username: 'admin', body: { type: 'transfer', state: 'draft', itemId: planned.id, quantity: '4.000', fromWarehouseId: refs.mainId, fromLocationId: planned.homeLocationId, toWarehouseId: refs.vanIds[0], reason: 'Rifornimento programmato', date: stamp(days - 1) } }); // prettier-ignore
  return events;
}
