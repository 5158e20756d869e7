/**
 * The VAT a customer's regime forces on every line, whatever the product's own rate
 * (docs/domain.md#payment-terms-and-price-lists): reverse charge in the building sector (art. 17 c. 6 DPR 633/72,
 * natura N6.7) and supplies to a habitual exporter under a declaration of intent (N3.5) are invoiced at 0%.
 * `null` when the regime leaves the product's rate in place.
 */
export function regimeVat(vatRegime: unknown): { vatRate: string; vatNature: string } | null {
  if (vatRegime === 'reverseChargeN67') return { vatRate: '0.00', vatNature: 'N6.7' };
  if (vatRegime === 'declarationOfIntent') return { vatRate: '0.00', vatNature: 'N3.5' };
  return null;
}
