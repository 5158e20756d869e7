import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useCanAccess, useNotify, useSourceContext } from 'react-admin';
import type { PriceQuote } from '../../../resources/sales/prices';
import { serviceUrl } from '../../app/services';
import { http } from '../../app/session';
import { asksLookup, itemValues, linePatch, lookupQuery, quoteValues, type FillValues } from './line-fill';
import { ReferenceFormInput } from './reference';
import type { FieldSpec } from './types';

type Row = Record<string, unknown>;

/**
 * A line's product or item input that fills the line when the user picks one (docs/spa.md#lines-filled-from-the-product):
 * an item gives its name and unit at once, then one price lookup for the product (or the item's product) with the
 * form's customer, date and the line's quantity. Only a pick fills, so what the user types afterwards stays, and
 * a record loading asks nothing; a newer pick on the line drops the answer of an older one.
 */
export const LineFillInput = ({
  spec,
  lines,
  picked,
}: {
  spec: FieldSpec;
  lines: FieldSpec;
  picked: 'product' | 'item';
}) => {
  const fill = lines.field.fill;
  const lineFields = lines.field.lineFields ?? {};
  const { getValues, setValue } = useFormContext();
  const { getSource } = useSourceContext();
  const notify = useNotify();
  const { canAccess: mayLookUp } = useCanAccess({ resource: 'sales/products', action: 'show' });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  if (!fill) return <ReferenceFormInput spec={spec} />;

  const apply = (values: FillValues) => {
    for (const [sub, value] of Object.entries(linePatch(fill, lineFields, values)))
      setValue(getSource(sub), value, { shouldDirty: true });
  };

  const onPick = async (value: unknown, record: unknown) => {
    pending.current?.abort();
    if (typeof value !== 'string' || value === '') return;
    const chosen = typeof record === 'object' && record !== null ? (record as Row) : {};
    if (picked === 'item') apply(itemValues(chosen));
    const productId = picked === 'item' ? chosen.productId : value;
    const base = serviceUrl('sales');
    if (typeof productId !== 'string' || !asksLookup(fill, picked) || !mayLookUp || !base) return;
    const controller = new AbortController();
    pending.current = controller;
    const line = (getValues(getSource('')) ?? {}) as Row;
    const query = lookupQuery(fill, getValues() as Row, line, productId);
    try {
      const { json } = await http<{ data: PriceQuote }>(`${base.replace(/\/+$/, '')}/api/prices/lookup?${query}`, {
        signal: controller.signal,
      });
      if (!controller.signal.aborted) apply(quoteValues(json.data, picked));
    } catch {
      if (!controller.signal.aborted) notify('kinds.linePriceFailed', { type: 'warning' });
    }
  };

  return <ReferenceFormInput spec={spec} onPick={(value, record) => void onPick(value, record)} />;
};
