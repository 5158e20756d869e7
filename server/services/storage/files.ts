import type { Kysely, Transaction } from 'kysely';
import type { AllTables } from '../../db/tables';
import { STORED_NAME } from './names';

type Trx = Transaction<AllTables> | Kysely<AllTables>;

/** A stored file as the API shows it (never the tenant, never a path). */
export interface FileMeta {
  driverUid: string;
  name: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  createdAt: string;
  createdBy: string | null;
}

const COLUMNS = ['driverUid', 'name', 'fileName', 'mimeType', 'size', 'sha256', 'createdAt', 'createdBy'] as const;

type Row = Omit<FileMeta, 'size'> & { size: string | number };

// bigint arrives as a string; uploads are far below 2^53 bytes.
const toMeta = (row: Row): FileMeta => ({ ...row, size: Number(row.size) });

/**
 * The storage.files rows. Every call runs inside the caller's tenant transaction (row-level security
 * applies) and names the tenant as well, as every query of the services does.
 */
export const files = {
  async insert(
    trx: Trx,
    tenant: string,
    file: Omit<FileMeta, 'createdAt' | 'createdBy'>,
    createdBy: string,
  ): Promise<FileMeta> {
    const row = await trx
      .insertInto('storage.files')
      .values({ tenantId: tenant, ...file, createdBy })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toMeta(row);
  },

  async find(trx: Trx, tenant: string, name: string): Promise<FileMeta | undefined> {
    // Anything but a generated name names no file (and would fail the uuid cast).
    if (!STORED_NAME.test(name)) return undefined;
    const row = await trx
      .selectFrom('storage.files')
      .select(COLUMNS)
      .where('tenantId', '=', tenant)
      .where('name', '=', name)
      .executeTakeFirst();
    return row && toMeta(row);
  },

  async findMany(trx: Trx, tenant: string, names: readonly string[]): Promise<Map<string, FileMeta>> {
    const valid = [...new Set(names.map((n) => n.toLowerCase()))].filter((n) => STORED_NAME.test(n));
    if (valid.length === 0) return new Map();
    const rows = await trx
      .selectFrom('storage.files')
      .select(COLUMNS)
      .where('tenantId', '=', tenant)
      .where('name', 'in', valid)
      .execute();
    return new Map(rows.map((row) => [row.name, toMeta(row)]));
  },

  async remove(trx: Trx, tenant: string, name: string): Promise<FileMeta | undefined> {
    if (!STORED_NAME.test(name)) return undefined;
    const row = await trx
      .deleteFrom('storage.files')
      .where('tenantId', '=', tenant)
      .where('name', '=', name)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toMeta(row);
  },
};
