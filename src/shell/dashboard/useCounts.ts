import { useQueries } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Count } from './plan';

/**
 * At most this many count calls at a time: the dashboard asks for a few dozen numbers, and the
 * user's next click must not queue behind all of them.
 */
export const MAX_CONCURRENT_COUNTS = 4;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than MAX_CONCURRENT_COUNTS others are running. */
export async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_COUNTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * How many records match each count: one list call per count asking for a single record and reading
 * the total. Undefined while loading, null when the call failed (the dashboard shows "not available"
 * for that number rather than failing as a whole).
 */
export function useCounts(counts: readonly Count[]): Map<string, number | null | undefined> {
  const dataProvider = useDataProvider();
  const results = useQueries({
    queries: counts.map((count) => ({
      queryKey: ['dashboard', 'count', count.resource, count.filter],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        limited(async () => {
          // Left the page while waiting for a turn: no call at all.
          if (signal.aborted) throw signal.reason;
          const { total } = await dataProvider.getList(count.resource, {
            pagination: { page: 1, perPage: 1 },
            sort: { field: 'createdAt', order: 'DESC' },
            filter: count.filter,
            signal,
          });
          return total ?? null;
        }),
      retry: false,
      staleTime: 60_000,
    })),
  });
  return new Map(counts.map((count, i) => [count.key, results[i].isError ? null : results[i].data]));
}
