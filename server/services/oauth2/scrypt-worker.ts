import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** scrypt's cost parameters, as stored in a hash (passwords.ts). */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The worker's whole program, run with `eval: true`. Inline source rather than a file next to this one:
 * under tsx (development, tests) that file would be `.ts`, in a bundled server (dist-server/) it would
 * have to be copied and found beside the bundle; a string travels inside whichever build imports this
 * module and needs no path. It is plain CommonJS JavaScript, so no loader is involved either.
 *
 * `scryptSync` on purpose: the async `scrypt` would hand the work back to libuv's thread pool, the
 * one that serves file reads, which is what this worker exists to keep free
 * (docs/tenancy-and-security.md#passwords).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keyLength, params }) => {
  try {
    const maxmem = 256 * params.N * params.r * params.p;
    const key = scryptSync(password, Buffer.from(salt), keyLength, { ...params, maxmem });
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Task {
  id: number;
  password: string;
  salt: Uint8Array;
  keyLength: number;
  params: ScryptParams;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Task | null;
}

/**
 * One worker per core beyond the one the event loop needs, at most two: each hash holds 128 MiB while it
 * runs, so the pool also bounds the memory logins and seeding take. Extra requests wait in the queue.
 */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

const slots: Slot[] = [];
const queue: Task[] = [];
let nextId = 1;

/**
 * Derives an scrypt key on a worker thread of its own (never on libuv's shared pool): a burst of logins
 * queues here while static files and database sockets go on being served.
 */
export function scryptOnWorker(
  password: string,
  salt: Uint8Array,
  keyLength: number,
  params: ScryptParams,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, password, salt, keyLength, params, resolve, reject });
    dispatch();
  });
}

function dispatch(): void {
  while (queue.length > 0) {
    const slot = slots.find((s) => !s.busy) ?? (slots.length < POOL_SIZE ? spawn() : undefined);
    if (!slot) return;
    const task = queue.shift()!;
    slot.busy = task;
    // Referenced while it works: a script awaiting a hash (the seed, the tenant CLI) must not exit under it.
    slot.worker.ref();
    slot.worker.postMessage({
      id: task.id,
      password: task.password,
      salt: task.salt,
      keyLength: task.keyLength,
      params: task.params,
    });
  }
}

function spawn(): Slot {
  const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'scrypt' });
  const slot: Slot = { worker, busy: null };
  worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
    const task = slot.busy;
    slot.busy = null;
    // Idle, it keeps no process alive.
    worker.unref();
    if (task && task.id === message.id) {
      if (message.key) task.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
      else task.reject(new Error(message.error ?? 'scrypt failed'));
    }
    dispatch();
  });
  // A dead worker (out of memory, a bug) fails its task and leaves the pool; the next task spawns another.
  const gone = (error: Error) => {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    slot.busy?.reject(error);
    slot.busy = null;
    dispatch();
  };
  worker.on('error', gone);
  worker.on('exit', (code) => gone(new Error(`The scrypt worker stopped (exit code ${code})`)));
  worker.unref();
  slots.push(slot);
  return slot;
}
