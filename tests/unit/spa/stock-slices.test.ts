import { describe, expect, it } from 'vitest';
import { slicesOf } from '../../../src/modules/warehouse/stockSlices';

describe('the item stock chart', () => {
  it('sums lots and locations per warehouse, largest first, leaving out empty and negative stock', () => {
    const slices = slicesOf([
      { warehouseId: 'van', onHand: '2.5' },
      { warehouseId: 'main', onHand: '10' },
      { warehouseId: 'van', onHand: '1.5' },
      { warehouseId: 'site', onHand: '0' },
      { warehouseId: 'site', onHand: '-3' },
      { warehouseId: 'main', onHand: 'not a number' },
    ]);
    expect(slices).toEqual([
      { warehouseId: 'main', quantity: 10 },
      { warehouseId: 'van', quantity: 4 },
    ]);
  });
});
