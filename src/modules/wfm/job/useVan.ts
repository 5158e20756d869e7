import { useGetIdentity, useGetList, useGetMany, type RaRecord } from 'react-admin';
import { useAppState } from '../../../app/state';
import type { JobRecord } from './useJob';

const MAX_STOCK_ROWS = 100;

/** A stock row of the van with its item, when it has something available. */
export interface VanStock {
  stock: RaRecord;
  item: RaRecord;
}

const positive = (value: unknown) => typeof value === 'string' && /^\d*\.?\d*[1-9]/.test(value);

/**
 * The van the job's materials come from: the acting technician's own (their technician record among
 * the job's), else the lead's, else the first technician's; and what it holds (wh/stocks of that
 * warehouse, with their items).
 */
export function useVan(record: JobRecord) {
  const { definitions } = useAppState();
  const { data: identity } = useGetIdentity();
  const ids = Array.isArray(record.technicianIds) ? (record.technicianIds as string[]) : [];
  const technicians = useGetMany('wfm/technicians', { ids }, { enabled: ids.length > 0 });
  const team = technicians.data ?? [];
  const me =
    team.find((t) => identity && t.userId === identity.id) ??
    team.find((t) => t.id === record.leadTechnicianId) ??
    team[0];
  const warehouseId = typeof me?.vanWarehouseId === 'string' ? me.vanWarehouseId : undefined;
  const stockDef = definitions.find((d) => d.name === 'wh/stocks');
  const stocks = useGetList(
    'wh/stocks',
    {
      filter: { warehouseId },
      pagination: { page: 1, perPage: MAX_STOCK_ROWS },
      sort: stockDef?.views.list.sort ?? { field: 'createdAt', order: 'DESC' },
    },
    { enabled: !!warehouseId && !!stockDef },
  );
  const held = (stocks.data ?? []).filter((s) => positive(s.available ?? s.onHand));
  const itemIds = [...new Set(held.map((s) => String(s.itemId)))];
  const items = useGetMany('wh/items', { ids: itemIds }, { enabled: itemIds.length > 0 });
  const stock: VanStock[] = held.flatMap((s) => {
    const item = items.data?.find((i) => i.id === s.itemId);
    return item ? [{ stock: s, item }] : [];
  });
  return { warehouseId, technicianId: me?.id as string | undefined, stock };
}
