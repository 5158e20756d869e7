import type { ResourceDefinition } from '../../../resources/schema';
import { tableRef } from '../../db/derive';
import type { Row } from '../../records';
import { dynamic, type Db } from '../../db/tables';

/** One record of a table by id within the tenant, with the given columns. */
export async function rowOf(
  trx: Db,
  def: unknown,
  tenant: string,
  id: unknown,
  columns: readonly string[],
): Promise<Row | undefined> {
  if (typeof id !== 'string') return undefined;
  return (await dynamic(trx)
    .selectFrom(tableRef(def as ResourceDefinition))
    .select(columns as string[])
    .where('tenantId', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
}
