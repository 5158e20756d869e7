import type { KeyValueStorage } from '../../../src/auth/tokenStorage';

/** localStorage for Node: the unit tests run without a DOM. */
export function memoryStorage(): KeyValueStorage & { dump(): Record<string, string> } {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    dump: () => Object.fromEntries(data),
  };
}

/** A storage getter that always answers the same instance, as localStorage does. */
export function sharedStorage() {
  const storage = memoryStorage();
  return () => storage;
}
