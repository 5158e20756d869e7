export interface Slice {
  warehouseId: string;
  quantity: number;
}

/** Stock rows of one item, summed per warehouse (lots and locations together), largest first. */
export function slicesOf(stocks: readonly { warehouseId?: unknown; onHand?: unknown }[]): Slice[] {
  const totals = new Map<string, number>();
  for (const row of stocks) {
    const quantity = Number(row.onHand);
    if (typeof row.warehouseId !== 'string' || !Number.isFinite(quantity) || quantity <= 0) continue;
    totals.set(row.warehouseId, (totals.get(row.warehouseId) ?? 0) + quantity);
  }
  return [...totals]
    .map(([warehouseId, quantity]) => ({ warehouseId, quantity }))
    .sort((a, b) => b.quantity - a.quantity);
}

/** The SVG path of a pie slice from one fraction of the turn to another (a whole turn is a circle). */
export function slicePath(from: number, to: number, r = 1): string {
  if (to - from >= 1) return `M ${r} 0 A ${r} ${r} 0 1 1 ${-r} 0 A ${r} ${r} 0 1 1 ${r} 0 Z`;
  const point = (t: number) =>
    `${(r * Math.cos(2 * Math.PI * t)).toFixed(5)} ${(r * Math.sin(2 * Math.PI * t)).toFixed(5)}`;
  const large = to - from > 0.5 ? 1 : 0;
  return `M 0 0 L ${point(from)} A ${r} ${r} 0 ${large} 1 ${point(to)} Z`;
}

/** Where each slice starts and ends, as fractions of the whole turn. */
export function arcsOf(slices: readonly Slice[]): [number, number][] {
  const total = slices.reduce((sum, s) => sum + s.quantity, 0);
  let start = 0;
  return slices.map((slice) => {
    const from = start;
    start += slice.quantity / total;
    return [from, start];
  });
}
