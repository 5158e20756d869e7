import type { LightMyRequestResponse } from 'fastify';
import { findResource } from '../../../resources';
import {
  acceptsType,
  canAccess,
  type Attachment,
  type Field,
  type ResourceDefinition,
} from '../../../resources/schema';
import type { TestServer } from '../helpers';
import { MissingRef, type Producer, type Refs, type Sample } from '../samples';
import { fixtures, upload } from '../storage-fixtures';
import { generateFields, generateValue, type GenContext } from './values';

export type Row = Record<string, unknown> & { id: string; version: number };
type Headers = Record<string, string>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const ADMIN = ['ROLE_ADMIN'];

/** Where a record of the contract test came from, for the report. */
export type Origin = 'sample' | 'generated' | 'existing';

/** A create body, where it came from, and which fields the sample chose (they may depend on each other). */
export interface Made {
  body: Record<string, unknown>;
  origin: Origin;
  sampleKeys: string[];
}

export function urlOf(def: ResourceDefinition): string {
  return `/${def.service}/api/${def.endpoint}`;
}

/** `filters[0][...]` parameters of one filter (list values as `[value][i]`), plus any other parameters. */
export function listUrl(
  def: ResourceDefinition,
  filters: { field: string; operator: string; value: string | string[] }[],
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  filters.forEach((f, i) => {
    params.append(`filters[${i}][field]`, f.field);
    params.append(`filters[${i}][operator]`, f.operator);
    if (Array.isArray(f.value)) f.value.forEach((v, j) => params.append(`filters[${i}][value][${j}]`, v));
    else params.append(`filters[${i}][value]`, f.value);
  });
  for (const [k, v] of Object.entries(extra)) params.append(k, v);
  return `${urlOf(def)}?${params}`;
}

/**
 * The contract test's state for one test file: one server, the acme and globex admins, and the records
 * other resources refer to, created once each (memoised) from samples or from the field kinds.
 */
export class Contract {
  acme!: Headers;
  globex!: Headers;
  private readonly shared = new Map<string, Row>();
  private readonly creating: string[] = [];
  private counter = 0;
  private readonly files = new Map<string, Attachment | null>();
  /** Resources references name that resources/index.ts does not hold (yet). */
  readonly unknownTargets = new Set<string>();

  constructor(
    readonly server: TestServer,
    readonly samples: ReadonlyMap<string, Sample>,
    readonly producers: ReadonlyMap<string, Producer> = new Map(),
  ) {}

  async init(): Promise<void> {
    this.acme = await this.server.auth('acme', 'admin');
    this.globex = await this.server.auth('globex', 'admin');
  }

  request(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as: Headers = this.acme) {
    return this.server.app.inject({
      method,
      url,
      headers: body === undefined ? as : { ...as, ...JSON_HEADERS },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  post(url: string, body: unknown, as?: Headers): Promise<LightMyRequestResponse> {
    return this.request('POST', url, body, as);
  }

  get(url: string, as?: Headers): Promise<LightMyRequestResponse> {
    return this.request('GET', url, undefined, as);
  }

  /** A fresh uniqueness token: six lower-case base-36 characters, and a sequence number. */
  private next(): { unique: string; seq: number } {
    this.counter += 1;
    const seq = 1000 * (process.pid % 1000) + this.counter;
    return { unique: `u${(seq * 7919).toString(36).padStart(5, '0').slice(-5)}`, seq };
  }

  /**
   * A valid create body for `def`: generated from the field kinds, then the sample's values on top.
   * A sample asking for a record not made yet is answered by making it and calling the sample again.
   */
  async body(def: ResourceDefinition, variant: number): Promise<Made> {
    const { unique, seq } = this.next();
    let days = 0;
    const ctx: GenContext = {
      variant,
      unique,
      seq,
      nextDay: () => days++,
      ref: (target, own) => this.refOrNull(def, target, own),
      attachment: (accept) => this.attachment(accept),
    };
    // While its values are made, references back to this resource cannot be satisfied by making one.
    this.creating.push(def.name);
    const generated = await generateFields(def.fields, ctx).finally(() => this.creating.pop());
    const sample = this.samples.get(def.name);
    if (!sample) {
      if (!generated.complete)
        throw new Error(
          `${def.name}: cannot generate ${generated.missing.join(', ')} from the field kinds; it needs a sample in tests/api/samples/` +
            (this.unknownTargets.size > 0 ? ` (references to undeclared ${[...this.unknownTargets].join(', ')})` : ''),
        );
      return { body: generated.values, origin: 'generated', sampleKeys: [] };
    }
    const values = await this.withRefs(unique, sample);
    return { body: { ...generated.values, ...values }, origin: 'sample', sampleKeys: Object.keys(values) };
  }

  /** Calls a sample (or producer), making each shared record it asks for, until it asks for none. */
  private async withRefs<T>(unique: string, run: (refs: Refs) => T): Promise<T> {
    const refs: Refs = {
      ref: (name) => this.known(name).id,
      record: (name) => this.known(name),
      unique,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        return run(refs);
      } catch (error) {
        if (!(error instanceof MissingRef) || attempt > 20) throw error;
        await this.sharedRecord(error.resource);
      }
    }
  }

  /**
   * For a resource the API may not create: the records its producer (tests/api/samples) says make one
   * appear, created; false when it has no producer.
   */
  async produce(def: ResourceDefinition): Promise<boolean> {
    const producer = this.producers.get(def.name);
    if (!producer) return false;
    for (const { resource, body } of await this.withRefs(this.next().unique, producer)) {
      const target = findResource(resource);
      if (!target) throw new Error(`the producer of ${def.name} names ${resource}, which is not in resources/index.ts`);
      const res = await this.post(urlOf(target), body);
      if (res.statusCode !== 201)
        throw new Error(
          `producing a ${def.name}: POST ${urlOf(target)} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`,
        );
    }
    return true;
  }

  /** One more valid value of one field (an update's new value), made like a create body's. */
  async value(def: ResourceDefinition, field: Field, variant: number): Promise<{ value: unknown } | undefined> {
    const { unique, seq } = this.next();
    return generateValue(field, {
      variant,
      unique,
      seq,
      nextDay: () => 0,
      ref: (target, own) => this.refOrNull(def, target, own),
      attachment: (accept) => this.attachment(accept),
    });
  }

  private known(name: string): Row {
    const row = this.shared.get(name);
    if (!row) throw new MissingRef(name);
    return row;
  }

  /**
   * A reference field's value: the shared record of `target`, or for a unique reference (one van per
   * technician) a record of its own; null when making it would loop back to a record being made.
   */
  private async refOrNull(from: ResourceDefinition, target: string, own: boolean): Promise<string | null> {
    // An optional reference to a resource not declared yet stays empty; a required one fails below.
    const def = findResource(target);
    if (!def) {
      this.unknownTargets.add(target);
      return null;
    }
    if (this.creating.includes(target) || target === from.name)
      return own ? null : (this.shared.get(target)?.id ?? null);
    if (own && canAccess(ADMIN, def, 'create')) return (await this.make(def, 3)).row.id;
    return (await this.sharedRecord(target)).id;
  }

  /** A new record of `def` through the API (201 or an error saying what was sent and answered). */
  private async make(def: ResourceDefinition, variant: number): Promise<{ row: Row; origin: Origin }> {
    const { body, origin } = await this.body(def, variant);
    const res = await this.post(urlOf(def), body);
    if (res.statusCode !== 201)
      throw new Error(
        `creating a ${def.name} (${origin}): ${res.statusCode} ${res.body}\nsent ${JSON.stringify(body)}`,
      );
    return { row: res.json().data, origin };
  }

  /**
   * The one record of `name` that other resources refer to in this file, made on first use. Resources
   * the admin may not create (projections) offer one of their existing records instead.
   */
  async sharedRecord(name: string): Promise<Row> {
    const cached = this.shared.get(name);
    if (cached) return cached;
    const def = findResource(name);
    if (!def) throw new Error(`a reference names ${name}, which is not in resources/index.ts`);
    if (this.creating.includes(name))
      throw new Error(`reference cycle ${[...this.creating, name].join(' -> ')}: a sample must break it`);
    let row: Row;
    if (canAccess(ADMIN, def, 'create')) row = (await this.make(def, 2)).row;
    else {
      const res = await this.get(`${urlOf(def)}?pageSize=1`);
      row = res.json().data?.[0];
      if (!row) throw new Error(`${name} cannot be created through the API and has no record to refer to`);
    }
    this.shared.set(name, row);
    return row;
  }

  /** One small file per accepted type, uploaded once. */
  private async attachment(accept?: readonly string[]): Promise<Attachment | null> {
    const choices: [string, Buffer, string][] = [
      ['verbale.pdf', fixtures.pdf, 'application/pdf'],
      ['foto.png', fixtures.png, 'image/png'],
      ['note.txt', fixtures.text, 'text/plain'],
    ];
    const choice = choices.find(([, , type]) => acceptsType(accept, type));
    if (!choice) return null;
    const key = choice[2];
    if (!this.files.has(key)) {
      const res = await upload(this.server, this.acme, choice[0], choice[1], choice[2]);
      if (res.statusCode !== 201) throw new Error(`upload for attachments: ${res.statusCode} ${res.body}`);
      const { driverUid, name, fileName, mimeType, size } = res.json().data as Attachment;
      this.files.set(key, { driverUid, name, fileName, mimeType, size });
    }
    return this.files.get(key) ?? null;
  }
}
