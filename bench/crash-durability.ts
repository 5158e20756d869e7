import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { login, serverEnv, startServer, type ServerProcess } from './crash-server';

/**
 * Crash durability: the real server as a child process takes a stream of creates, is killed with
 * SIGKILL in the middle of it, and is restarted on the same data. Every create that was answered
 * 201 must be there, whole; a create cut off by the kill may be there or not, but never in part.
 * PGlite in a temporary folder; with DATABASE_URL, a scratch database on that server as well.
 *
 *   npm run bench:crash            (or: npm run bench -- crash)
 *   CRASH_WRITES=2000 CRASH_ROUNDS=3 CRASH_CONCURRENCY=16 npm run bench:crash
 */

export interface CrashOptions {
  /** Creates sent per round. */
  writes: number;
  /** Acknowledged creates after which the server is killed (the rest are cut off or never sent). */
  killAfter: number;
  concurrency: number;
  /** Kill-and-restart cycles on the same data. */
  rounds: number;
  /** PostgreSQL server to test on instead of PGlite: a scratch database is created on it and dropped. */
  databaseUrl?: string;
  /** A DATA_DIR to use (the caller removes it); a temporary one otherwise. */
  dataDir?: string;
  log?: (line: string) => void;
}

export interface CrashResult {
  database: 'pglite' | 'postgres';
  sent: number;
  acknowledged: number;
  /** Sent but unanswered when the server died: their outcome is unknown to the client. */
  cutOff: number;
  present: number;
  missing: number;
  partial: number;
  duplicated: number;
}

const URL_PATH = '/address-book/api/contacts';

/** The contact of sequence number `seq`: every field derives from it, so a record can be checked alone. */
export function contactFor(run: string, seq: number) {
  const tag = `seq-${run}-${String(seq).padStart(6, '0')}`;
  return {
    kind: 'company',
    companyName: `Crash ${tag} S.r.l.`,
    jobTitle: tag,
    email: `${tag}@example.it`,
    phone: `+39 02 ${String(1_000_000 + seq).slice(-7)}`,
    address: {
      street: 'Via Durabilità',
      streetNumber: String(seq % 500),
      zip: '20121',
      city: 'Milano',
      province: 'MI',
    },
    notes: `<p>${tag} ${'x'.repeat(seq % 200)}</p>`,
  };
}

type Contact = Record<string, unknown> & { id: string; jobTitle: string };

/** JSON with sorted keys: jsonb does not keep the order keys were sent in. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields a record must have as sent (normalised as the server normalises them). */
function whole(record: Contact, run: string, seq: number): boolean {
  const sent = contactFor(run, seq);
  return (
    record.kind === sent.kind &&
    record.companyName === sent.companyName &&
    record.email === sent.email &&
    record.phone === sent.phone.replace(/\s/g, '') &&
    record.notes === sent.notes &&
    canonical(record.address) === canonical({ ...sent.address, country: 'IT' }) &&
    record.version === 1
  );
}

async function writeUntilKilled(server: ServerProcess, token: string, run: string, options: CrashOptions) {
  const acked = new Map<number, Contact>();
  let next = 0;
  let sent = 0;
  let killed = false;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const worker = async () => {
    while (!killed && next < options.writes) {
      const seq = next++;
      sent++;
      try {
        const res = await fetch(`${server.url}${URL_PATH}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(contactFor(run, seq)),
        });
        if (res.status !== 201) throw new Error(`create ${seq}: ${res.status} ${await res.text()}`);
        acked.set(seq, ((await res.json()) as { data: Contact }).data);
      } catch (error) {
        if (killed) return; // cut off by the kill: outcome unknown, which is allowed
        throw error;
      }
      if (!killed && acked.size >= options.killAfter) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (!killed) server.child.kill('SIGKILL');
  await server.exited;
  return { acked, sent };
}

async function readAll(url: string, token: string, run: string): Promise<Contact[]> {
  const out: Contact[] = [];
  const filter = `filters[0][field]=jobTitle&filters[0][operator]=startsWith&filters[0][value]=seq-${run}-`;
  for (let page = 0; ; page++) {
    const res = await fetch(`${url}${URL_PATH}?${filter}&pageSize=100&page=${page}&options[sortBy]=createdAt`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`list: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: Contact[]; total: number };
    out.push(...body.data);
    if (body.data.length < 100) return out;
  }
}

/** A database of its own on the server of `url`, dropped by `drop()`. */
export async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function runCrashDurability(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? (() => undefined);
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'climatica-crash-')));
  const scratch = options.databaseUrl ? await scratchDatabase(options.databaseUrl) : undefined;
  const env = serverEnv(dataDir, { SEED: 'demo', ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
  const result: CrashResult = {
    database: scratch ? 'postgres' : 'pglite',
    sent: 0,
    acknowledged: 0,
    cutOff: 0,
    present: 0,
    missing: 0,
    partial: 0,
    duplicated: 0,
  };
  let server: ServerProcess | undefined;
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const run = randomBytes(3).toString('hex');
      server = await startServer(env);
      const { acked, sent } = await writeUntilKilled(server, await login(server.url), run, options);
      log(`round ${round}: ${sent} sent, ${acked.size} acknowledged, killed with SIGKILL`);

      server = await startServer(env);
      const records = await readAll(server.url, await login(server.url), run);
      const bySeq = new Map<number, Contact[]>();
      for (const record of records) {
        const seq = Number(record.jobTitle.slice(`seq-${run}-`.length));
        bySeq.set(seq, [...(bySeq.get(seq) ?? []), record]);
      }
      result.sent += sent;
      result.acknowledged += acked.size;
      result.cutOff += sent - acked.size;
      result.present += records.length;
      for (const [seq, answer] of acked) {
        const found = bySeq.get(seq);
        if (!found) result.missing++;
        else if (found[0].id !== answer.id) result.partial++;
      }
      for (const [seq, found] of bySeq) {
        if (found.length > 1) result.duplicated += found.length - 1;
        result.partial += found.filter((record) => !whole(record, run, seq)).length;
      }
      server.child.kill('SIGTERM');
      await server.exited;
      server = undefined;
    }
    return result;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export function violations(result: CrashResult): number {
  return result.missing + result.partial + result.duplicated;
}

export async function benchCrash(): Promise<boolean> {
  const options = {
    writes: Number(process.env.CRASH_WRITES ?? 600),
    killAfter: Number(process.env.CRASH_KILL_AFTER ?? 250),
    concurrency: Number(process.env.CRASH_CONCURRENCY ?? 8),
    rounds: Number(process.env.CRASH_ROUNDS ?? 2),
    log: (line: string) => console.log(line),
  };
  let ok = true;
  for (const databaseUrl of [undefined, process.env.DATABASE_URL].filter((u, i) => i === 0 || u)) {
    console.log(`\ncrash durability on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
    const result = await runCrashDurability({ ...options, databaseUrl });
    console.log('database   sent   acknowledged   cut off   present   missing   partial   duplicated');
    console.log(
      [
        result.database.padEnd(8),
        result.sent,
        result.acknowledged,
        result.cutOff,
        result.present,
        result.missing,
        result.partial,
        result.duplicated,
      ]
        .map((v, i) => (i === 0 ? v : String(v).padStart(i === 2 ? 14 : 9)))
        .join(' '),
    );
    if (violations(result) > 0) {
      ok = false;
      console.log('VIOLATION: an acknowledged write is missing, or a record is partial or duplicated');
    }
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchCrash();
  process.exit(ok ? 0 : 1);
}
