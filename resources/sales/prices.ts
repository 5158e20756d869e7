/**
 * What a document line is filled with when a product is picked: `priceFor`'s answer, the `data` of
 * `GET /sales/api/prices/lookup` (docs/wire-contract.md#price-lookup). Decimals are strings.
 */
export interface PriceQuote {
  productId: string;
  description: string;
  uom: string;
  vatRate: string;
  vatNature: string | null;
  unitPrice: string;
  discountPercent: string | null;
  priceListId: string | null;
}
