import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use rather than at start-up, for synchronous callers (async ones use
 * `await import()`): what only some requests need (rich-text sanitising, the FatturaPA XML, SdI
 * receipts) should not lengthen every start (docs/deployment.md#start-up-time). The package must
 * offer a CommonJS entry, as `require` loads it.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
