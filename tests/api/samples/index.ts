import { readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { findResource } from '../../../resources';

/**
 * What a sample gets to build a valid record. Everything is synchronous: when a sample asks for a
 * record that does not exist yet, `ref`/`record` throw a request the contract test catches; it
 * creates that record (from its own sample, or from its field kinds) and calls the sample again.
 * Records are created once per test file and tenant, so two calls for the same resource give the same
 * id: a sample that takes `ref('sales/customers')` and `ref('sales/sites')` gets a site of that very
 * customer whenever the site's sample (or generated record) takes `ref('sales/customers')` too.
 */
export interface Refs {
  /** Id of a valid record of another resource (resource name, e.g. `sales/customers`). */
  ref(resource: string): string;
  /** That record as the API answered it (to copy a value, e.g. a site's `customerId`). */
  record(resource: string): Readonly<Record<string, unknown>>;
  /**
   * Different on every call of a sample (digits and lower-case letters, 6 characters): the contract test
   * creates several records of a resource, so unique fields (codes, numbers) should include it.
   */
  unique: string;
}

/**
 * The fields a valid create body needs beyond what the contract test generates from the field kinds.
 * The body sent is `{...generated, ...sample(refs)}`: give the fields whose valid value needs a specific
 * combination (rules like requiredWhen, a reference that must agree with another, a code format), and
 * `null` for a generated field that must stay empty. Returning the whole body is fine too.
 */
export type Sample = (refs: Refs) => Record<string, unknown>;

/** One file per module, `tests/api/samples/<module>.ts`, exports `samples`. */
export type Samples = Record<string /* resource name */, Sample>;

/** Thrown by `ref`/`record` for a record not created yet; the contract test creates it and retries. */
export class MissingRef extends Error {
  constructor(readonly resource: string) {
    super(`sample needs a record of ${resource}`);
  }
}

/**
 * For a resource the API may not create (a projection such as stocks): the records of other resources
 * whose creation makes one of it appear, so the contract test has a record to read, find and isolate.
 * A module file exports them as `producers` next to `samples`.
 */
export type Producer = (refs: Refs) => { resource: string; body: Record<string, unknown> }[];
export type Producers = Record<string /* resource name */, Producer>;

/** Every sample and producer of every module file in this folder, checked against resources/index.ts. */
export async function loadSamples(): Promise<{ samples: Map<string, Sample>; producers: Map<string, Producer> }> {
  const samples = new Map<string, Sample>();
  const producers = new Map<string, Producer>();
  const files = (await readdir(import.meta.dirname)).filter(
    (name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'),
  );
  for (const file of files.sort()) {
    const mod = (await import(pathToFileURL(`${import.meta.dirname}/${file}`).href)) as {
      samples?: Samples;
      producers?: Producers;
    };
    if (!mod.samples && !mod.producers) throw new Error(`tests/api/samples/${file} exports no \`samples\``);
    const entries = [
      ...Object.entries(mod.samples ?? {}).map(([name, f]) => [name, f, samples] as const),
      ...Object.entries(mod.producers ?? {}).map(([name, f]) => [name, f, producers] as const),
    ];
    for (const [name, make, into] of entries) {
      // A typo would silently fall back to generated records: refuse it.
      if (!findResource(name)) throw new Error(`tests/api/samples/${file}: no resource named ${name}`);
      if (into.has(name)) throw new Error(`tests/api/samples/${file}: a second entry for ${name}`);
      (into as Map<string, unknown>).set(name, make);
    }
  }
  return { samples, producers };
}
