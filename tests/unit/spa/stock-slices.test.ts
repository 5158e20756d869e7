import { describe, expect, it } from 'vitest';
import { arcsOf, slicePath, slicesOf } from '../../../src/modules/warehouse/stockSlices';

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

  it('draws a slice as an arc from the centre, the large arc flag past half a turn', () => {
    expect(slicePath(0, 0.25)).toBe('M 0 0 L 1.00000 0.00000 A 1 1 0 0 1 0.00000 1.00000 Z');
    expect(slicePath(0, 0.75)).toMatch(/A 1 1 0 1 1/);
  });

  it('gives each slice its share of the turn, in order', () => {
    expect(
      arcsOf([
        { warehouseId: 'a', quantity: 3 },
        { warehouseId: 'b', quantity: 1 },
      ]),
    ).toEqual([
      [0, 0.75],
      [0.75, 1],
    ]);
  });

  it('draws a whole turn as a circle (one warehouse holds everything)', () => {
    expect(slicePath(0, 1)).toBe('M 1 0 A 1 1 0 1 1 -1 0 A 1 1 0 1 1 1 0 Z');
  });
});
