import type { Producers, Samples } from './index';

/**
 * Valid warehouse records where the field kinds alone are not enough (the rules of resources/wh/*.ts).
 * The contract test sends `{...generated, ...sample}`; keep each sample to the fields that need it.
 */
/**
 * Movements are never in the future and are numbered per year, refusing a year the series has left:
 * every movement made here is dated an hour ago, so all fall in one year.
 */
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

export const samples: Samples = {
  // One line of an untracked item: no lot number.
  'wh/DDT/in': (refs) => ({
    lines: [
      {
        lineNo: 1,
        itemId: refs.ref('wh/items'),
        description: `Compressore ${refs.unique}`,
        quantity: '2.000',
        uom: 'pz',
        unitPrice: '150.00',
        lotNumber: null,
        locationId: refs.ref('wh/warehouses/locations'),
      },
    ],
  }),
  // A draft receipt (a done movement is immutable: reversed, never changed or deleted): it has a
  // destination and a unit cost, no source, no serial number (one piece only).
  'wh/movements': (refs) => ({
    type: 'in',
    state: 'draft',
    date: anHourAgo(),
    itemId: refs.ref('wh/items'),
    quantity: '4.000',
    fromWarehouseId: null,
    fromLocationId: null,
    toWarehouseId: refs.ref('wh/warehouses'),
    toLocationId: refs.ref('wh/warehouses/locations'),
    lotNumber: null,
    serialNumber: null,
    unitCost: '12.50',
    sourceType: 'manual',
    reversedMovementId: null,
  }),
};

/** Stock is what done movements leave: a done receipt of the shared item makes a stock row appear. */
export const producers: Producers = {
  'wh/stocks': (refs) => [
    {
      resource: 'wh/movements',
      body: {
        type: 'in',
        state: 'done',
        date: anHourAgo(),
        itemId: refs.ref('wh/items'),
        quantity: '6.000',
        toWarehouseId: refs.ref('wh/warehouses'),
        toLocationId: refs.ref('wh/warehouses/locations'),
        unitCost: '12.50',
        sourceType: 'manual',
        reason: `Carico iniziale ${refs.unique}`,
      },
    },
  ],
};
