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
