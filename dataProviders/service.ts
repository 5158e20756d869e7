import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import {
  MAX_COUNT_KEYS,
  MAX_FILTER_VALUES,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  type ResourceDefinition,
} from '../resources/schema';
import type { HttpClient } from './http';
import { patchPayload, writablePayload } from './payload';
import { listMeta, serialiseQuery, toFilters, toListQuery, wireFilter, type ListQuery } from './query';

/** One count of `counts`: a resource of the service and a react-admin filter object. */
export interface CountAsked {
  resource: string;
  filter?: Record<string, unknown>;
}

/** The largest page size the services accept that divides `pageSize`, so the chunks tile its rows exactly. */
export function chunkSize(pageSize: number): number {
  for (let size = Math.min(pageSize, MAX_PAGE_SIZE); size > 1; size--) if (pageSize % size === 0) return size;
  return 1;
}

/** `items` cut into consecutive batches of at most `size`, in order. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface ServiceProviderOptions {
  http: HttpClient;
  /** The microservice's base URL, e.g. `https://host/address-book`. */
  baseUrl: string;
  definition: (resource: string) => ResourceDefinition;
}

/** A list page as the services answer it (docs/wire-contract.md#totals). */
interface ListBody {
  data: RaRecord[];
  total?: number;
  totalEstimated?: true;
  pageInfo?: { hasNextPage: boolean; hasPreviousPage: boolean };
}

/**
 * react-admin's getList result: an estimated total rides in `meta.totalEstimated`, which the list context
 * hands to the pagination (src/views/list/ListPagination.tsx), so it reads "about 100,000", never as exact.
 */
function listResult(body: ListBody) {
  return {
    data: body.data,
    ...(body.total !== undefined ? { total: body.total } : {}),
    ...(body.pageInfo ? { pageInfo: body.pageInfo } : {}),
    ...(body.totalEstimated ? { meta: { totalEstimated: true } } : {}),
  };
}

/** A react-admin DataProvider for one microservice speaking the generic CRUD contract. */
export function createServiceProvider({ http, baseUrl, definition }: ServiceProviderOptions): DataProvider {
  const root = baseUrl.replace(/\/+$/, '');
  const collection = (resource: string) => `${root}/api/${definition(resource).endpoint}`;
  const item = (resource: string, id: Identifier) => `${collection(resource)}/${encodeURIComponent(String(id))}`;

  const onePage = async (resource: string, query: ListQuery, signal?: AbortSignal) => {
    const { json } = await http<ListBody>(`${collection(resource)}?${serialiseQuery(query)}`, { signal });
    return json;
  };

  /**
   * A page larger than the services allow (the CSV export asks for 1000 rows) is fetched as several
   * smaller ones covering the same rows, one after the other, stopping at the last row.
   */
  const list = async (resource: string, query: ListQuery, signal?: AbortSignal): Promise<ListBody> => {
    const { page = 0, pageSize = DEFAULT_PAGE_SIZE } = query;
    if (pageSize <= MAX_PAGE_SIZE) return onePage(resource, query, signal);
    const size = chunkSize(pageSize);
    const first = (page * pageSize) / size;
    const data: RaRecord[] = [];
    let last: ListBody = { data: [] };
    for (let i = 0; i < pageSize / size; i++) {
      last = await onePage(resource, { ...query, page: first + i, pageSize: size }, signal);
      data.push(...last.data);
      if (last.data.length < size) break;
    }
    const hasNextPage = last.pageInfo?.hasNextPage ?? false;
    return { ...last, data, ...(last.pageInfo ? { pageInfo: { hasNextPage, hasPreviousPage: page > 0 } } : {}) };
  };

  const getOne = async (resource: string, id: Identifier, signal?: AbortSignal) =>
    (await http<{ data: RaRecord }>(item(resource, id), { signal })).json;

  const update = async (resource: string, id: Identifier, data: object, previousData?: RaRecord) => {
    const body = patchPayload(definition(resource), data as Record<string, unknown>, previousData);
    return (await http<{ data: RaRecord }>(item(resource, id), { method: 'POST', body })).json;
  };

  const remove = async (resource: string, id: Identifier) =>
    (await http<{ data: RaRecord }>(item(resource, id), { method: 'DELETE' })).json;

  const provider: DataProvider = {
    getList: async (resource, params) =>
      listResult(await list(resource, toListQuery(params, definition(resource)), params.signal)) as never,

    getOne: (resource, params) => getOne(resource, params.id, params.signal) as never,

    /**
     * Records by id, as `id in [...]`. The services take at most MAX_FILTER_VALUES values in one `in`
     * (docs/wire-contract.md#limits), so a longer list is asked in batches of that size, all at once, and
     * merged in the order of the ids asked (react-admin's reference fields and the export look them up
     * by id; the order keeps the answer deterministic). Repeated ids are asked once.
     */
    getMany: async (resource, params) => {
      const ids = [...new Set(params.ids.map(String))];
      // `meta.fields`: a label's fields only (src/views/fields/label-fields.ts); react-admin keys its cache by meta.
      const { fields } = listMeta(params.meta);
      const answers = await Promise.all(
        batches(ids, MAX_FILTER_VALUES).map(
          async (batch) =>
            (
              await onePage(
                resource,
                {
                  page: 0,
                  pageSize: batch.length,
                  filters: [{ field: 'id', operator: 'in', value: batch }],
                  ...(fields ? { fields } : {}),
                },
                params.signal,
              )
            ).data,
        ),
      );
      const byId = new Map(answers.flat().map((record) => [String(record.id), record]));
      return { data: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) } as never;
    },

    getManyReference: async (resource, params) => {
      const query = toListQuery(params, definition(resource));
      query.filters = [{ field: params.target, operator: 'eq', value: String(params.id) }, ...(query.filters ?? [])];
      return listResult(await list(resource, query, params.signal)) as never;
    },

    /**
     * Several list totals of this service in one request (`POST /{service}/api/counts`,
     * docs/wire-contract.md#counts): react-admin filter objects by key, answered by key; a resource the user
     * may not list answers null. At most MAX_COUNT_KEYS per call (the caller batches).
     */
    counts: async (
      _resource: string,
      params: { counts: Readonly<Record<string, CountAsked>>; signal?: AbortSignal },
    ) => {
      const entries = Object.entries(params.counts).map(
        ([key, { resource, filter }]) => [key, { resource, filters: toFilters(filter).map(wireFilter) }] as const,
      );
      const answers = await Promise.all(
        batches(entries, MAX_COUNT_KEYS).map(
          async (batch) =>
            (
              await http<{ data: Record<string, number | null> }>(`${root}/api/counts`, {
                method: 'POST',
                body: { counts: Object.fromEntries(batch) },
                signal: params.signal,
              })
            ).json.data,
        ),
      );
      return { data: Object.assign({}, ...answers) as Record<string, number | null> };
    },

    /**
     * `meta.idempotencyKey` goes out as the Idempotency-Key header: the service then creates once however
     * often the same create is sent (docs/wire-contract.md#idempotent-creates); a repeat answers 200.
     */
    create: async (resource, params) => {
      const body = writablePayload(definition(resource), params.data as Record<string, unknown>);
      const key: unknown = (params.meta as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
      const headers = typeof key === 'string' && key !== '' ? { 'Idempotency-Key': key } : undefined;
      return (await http<{ data: RaRecord }>(collection(resource), { method: 'POST', body, headers })).json as never;
    },

    update: (resource, params) => update(resource, params.id, params.data, params.previousData) as never,

    // The contract has no bulk endpoints: one call per record, each with the version it reads.
    updateMany: async (resource, params) => {
      const ids: Identifier[] = [];
      for (const id of params.ids) {
        const { data: current } = await getOne(resource, id);
        await update(resource, id, { ...current, ...params.data }, current);
        ids.push(id);
      }
      return { data: ids };
    },

    delete: (resource, params) => remove(resource, params.id) as never,

    /** A lifecycle action (`POST .../{id}/actions/{action}`, body: the version read and the action's input). */
    runAction: async (resource: string, params: { id: Identifier; action: string; data: object }) =>
      (
        await http<{ data: RaRecord }>(`${item(resource, params.id)}/actions/${encodeURIComponent(params.action)}`, {
          method: 'POST',
          body: params.data,
        })
      ).json,

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await remove(resource, id);
      return { data: params.ids };
    },
  };
  return provider;
}
