import type { DataProvider, RaRecord, SortPayload } from 'react-admin';
import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../../resources/schema';

export interface ExportProgress {
  fetched: number;
  total: number;
}

export interface ExportSource {
  dataProvider: Pick<DataProvider, 'getList' | 'getMany'>;
  resource: string;
  filter: Record<string, unknown>;
  sort: SortPayload;
  /** The export's reference columns and the resources they name (column → target). */
  references: ReadonlyMap<string, string>;
  /** A referenced record's label, for the cells. */
  represent: (target: string, record: RaRecord) => string;
}

/** The list is longer than paging reaches (page × size ≤ MAX_OFFSET): the user narrows it with a filter. */
export class ExportTooLarge extends Error {
  constructor(readonly total: number) {
    super(`The list has ${total} rows; an export reads at most ${MAX_OFFSET}`);
  }
}

/**
 * Every record of the filtered, sorted list, page by page at the largest size the services allow
 * (MAX_PAGE_SIZE), with the labels of the records its reference columns name: after each page, the ids
 * not yet known are asked per target resource with getMany (which batches them by the services' `in`
 * limit, docs/wire-contract.md#limits). `signal` stops everything: an aborted export rejects and writes
 * nothing. A target the user may not read (403) leaves its ids as they are.
 */
export async function collectExport(
  source: ExportSource,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ records: RaRecord[]; label: (target: string, id: string) => string | undefined }> {
  const { dataProvider, resource, filter, sort, references } = source;
  const labels = new Map<string, Map<string, string>>([...references.values()].map((t) => [t, new Map()]));
  const refused = new Set<string>();
  const records: RaRecord[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    signal.throwIfAborted();
    // The first page counts exactly (a list's total may be an estimate, docs/wire-contract.md#totals): the
    // limit and the progress need the number. The next pages count nothing.
    const answer = await dataProvider.getList(resource, {
      pagination: { page, perPage: MAX_PAGE_SIZE },
      sort,
      filter,
      signal,
      meta: { total: page === 1 ? 'exact' : 'none' },
    });
    if (page === 1) total = answer.total ?? answer.data.length;
    if (page === 1 && total > MAX_OFFSET) throw new ExportTooLarge(total);
    records.push(...answer.data);
    await resolveReferences(source, answer.data, labels, refused, signal);
    onProgress({ fetched: records.length, total: Math.max(total, records.length) });
    const last = answer.pageInfo ? !answer.pageInfo.hasNextPage : records.length >= total;
    if (answer.data.length < MAX_PAGE_SIZE || last) break;
  }
  signal.throwIfAborted();
  return { records, label: (target, id) => labels.get(target)?.get(id) };
}

/** The ids the reference columns of `records` name that are not labelled yet, per target resource. */
function missingIds(
  records: readonly RaRecord[],
  columns: ReadonlyMap<string, string>,
  labels: ReadonlyMap<string, ReadonlyMap<string, string>>,
) {
  const missing = new Map<string, Set<string>>();
  for (const record of records) {
    for (const [column, target] of columns) {
      const value = record[column];
      for (const id of Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]) {
        if (labels.get(target)?.has(String(id))) continue;
        missing.set(target, (missing.get(target) ?? new Set()).add(String(id)));
      }
    }
  }
  return missing;
}

async function resolveReferences(
  source: ExportSource,
  records: readonly RaRecord[],
  labels: Map<string, Map<string, string>>,
  refused: Set<string>,
  signal: AbortSignal,
) {
  const missing = missingIds(records, source.references, labels);
  await Promise.all(
    [...missing].map(async ([target, ids]) => {
      if (refused.has(target)) return;
      try {
        const { data } = await source.dataProvider.getMany(target, { ids: [...ids], signal });
        for (const record of data) labels.get(target)!.set(String(record.id), source.represent(target, record));
      } catch (error) {
        if ((error as { status?: number }).status !== 403) throw error;
        refused.add(target);
      }
    }),
  );
}
