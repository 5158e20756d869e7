import type { Messages } from './index';

/** Versioned, so a release that changes the cache format never reads an old entry (docs/spa.md#storage-keys). */
const CACHE_PREFIX = 'climatica.v1.dictionary:';
/** docs/spa.md#languages: the dictionary cache lives one hour in local storage. */
export const DICTIONARY_TTL_MS = 60 * 60 * 1000;

interface CacheEntry {
  savedAt: number;
  messages: Messages;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Access to localStorage throws when the browser blocks site data: work without a cache.
    return undefined;
  }
}

function readCache(url: string, now: number): Messages | undefined {
  const raw = storage()?.getItem(CACHE_PREFIX + url);
  if (!raw) return undefined;
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    return now - entry.savedAt < DICTIONARY_TTL_MS ? entry.messages : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(url: string, messages: Messages, now: number): void {
  try {
    storage()?.setItem(CACHE_PREFIX + url, JSON.stringify({ savedAt: now, messages } satisfies CacheEntry));
  } catch {
    // A full storage only costs a download next time.
  }
}

/** Fetches a dictionary (wire form, `:name` placeholders), served from the one-hour cache when fresh. */
export async function fetchDictionary(url: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<Messages> {
  const now = Date.now();
  const cached = readCache(url, now);
  if (cached) return cached;
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Dictionary ${url}: HTTP ${response.status}`);
  const messages = (await response.json()) as Messages;
  writeCache(url, messages, now);
  return messages;
}
