import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import type { Count } from './plan';

/**
 * The dashboard's counts as requests: one per service (`POST /{service}/api/counts`,
 * docs/wire-contract.md#counts; the data provider splits one longer than the services take). A count whose
 * resource names no known definition is left out.
 */
export function countRequests(
  counts: readonly Count[],
  definitions: readonly Pick<ResourceDefinition, 'name' | 'service'>[],
): { service: string; resource: string; counts: Count[] }[] {
  const serviceOf = new Map(definitions.map((def) => [def.name, def.service as string]));
  const byService = new Map<string, Count[]>();
  for (const count of counts) {
    const service = serviceOf.get(count.resource);
    if (service === undefined) continue;
    byService.set(service, [...(byService.get(service) ?? []), count]);
  }
  // The provider routes a call by resource: any resource of the service reaches its counts route.
  return [...byService].map(([service, all]) => ({ service, resource: all[0].resource, counts: all }));
}

interface CountsProvider {
  counts: (
    resource: string,
    params: {
      counts: Record<string, { resource: string; filter: Record<string, unknown> }>;
      signal?: AbortSignal;
    },
  ) => Promise<{ data: Record<string, number | null> }>;
}

/**
 * How many records match each count, asked of each service in one request. Undefined while loading, null
 * when the request failed or the user may not list the resource (the dashboard shows "not available" for
 * that number rather than failing as a whole).
 */
export function useCounts(
  counts: readonly Count[],
  definitions: readonly Pick<ResourceDefinition, 'name' | 'service'>[],
): Map<string, number | null | undefined> {
  const dataProvider = useDataProvider() as unknown as CountsProvider;
  const requests = useMemo(() => countRequests(counts, definitions), [counts, definitions]);
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: ['dashboard', 'counts', request.service, request.counts.map((c) => [c.resource, c.filter])],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        // Keyed by position: any dashboard key is then safe on the wire.
        const asked = Object.fromEntries(
          request.counts.map((c, i) => [`c${i}`, { resource: c.resource, filter: c.filter }]),
        );
        const { data } = await dataProvider.counts(request.resource, { counts: asked, signal });
        return request.counts.map((_, i) => data[`c${i}`] ?? null);
      },
      retry: false,
      staleTime: 60_000,
    })),
  });
  const values = new Map<string, number | null | undefined>(counts.map((count) => [count.key, null]));
  requests.forEach((request, r) => {
    const result = results[r];
    request.counts.forEach((count, i) =>
      values.set(count.key, result.isError ? null : result.data === undefined ? undefined : result.data[i]),
    );
  });
  return values;
}
