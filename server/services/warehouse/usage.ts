import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { TABLES } from './references';
import { dynamic, type Db } from '../../db/tables';

type Kind = 'item' | 'location';

/** Whether any query of the list finds a row. */
async function anyOf(queries: { table: string; where: RawBuilder<SqlBool> }[], trx: Db, tenant: string) {
  for (const q of queries) {
    const row = await dynamic(trx)
      .selectFrom(q.table)
      .select(sql<number>`1`.as('one'))
      .where('tenantId', '=', tenant)
      .where(q.where)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Whether movements, stock, sub-locations or DDTs refer to this record: its history, which a change of
 * its warehouse, unit or tracking would reinterpret.
 */
export async function inUse(trx: Db, tenant: string, kind: Kind, id: string): Promise<boolean> {
  switch (kind) {
    case 'item':
      return anyOf(
        [
          { table: TABLES.movements, where: sql<SqlBool>`item_id = ${id}` },
          { table: TABLES.stocks, where: sql<SqlBool>`item_id = ${id}` },
          {
            table: TABLES.ddts,
            where: sql<SqlBool>`lines @> cast(${JSON.stringify([{ itemId: id }])}::text as jsonb)`,
          },
        ],
        trx,
        tenant,
      );
    case 'location':
      return anyOf(
        [
          { table: TABLES.movements, where: sql<SqlBool>`cast(${id} as uuid) in (from_location_id, to_location_id)` },
          { table: TABLES.stocks, where: sql<SqlBool>`location_id = ${id}` },
          { table: TABLES.locations, where: sql<SqlBool>`parent_location_id = ${id}` },
          {
            table: TABLES.ddts,
            where: sql<SqlBool>`lines @> cast(${JSON.stringify([{ locationId: id }])}::text as jsonb)`,
          },
        ],
        trx,
        tenant,
      );
  }
}
