import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { contacts } from '../resources/index';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/connect';
import { BENCH_APP } from './app-options';
import { scratchDatabase } from './crash-durability';
import { login } from './crash-server';
import { withTenant } from '../server/db/tenancy';
import { Records } from '../server/records';
import { demoContacts } from '../server/seed/contacts';

/**
 * Lists, filters and reads contacts over real HTTP on a tenant with ROWS contacts, on PGlite (or,
 * with DATABASE_URL, a scratch database created on that PostgreSQL server and dropped after). Prints requests per second and
 * latency percentiles; it asserts nothing.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

export async function benchContacts(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-bench-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : undefined;
  const db = await openDatabase({ databaseUrl: scratch?.url, dataDir });
  // The modules' full demo data (scale 1) around the contacts, as a real tenant has.
  const app = await buildApp({ db, dataDir, ...BENCH_APP, demoScale: 1 });
  try {
    const loadStart = performance.now();
    await withTenant(db.kysely, 'acme', async (trx) => {
      const records = new Records(trx as never, contacts);
      for (const body of demoContacts('acme', ROWS))
        await records.insert({ tenant: 'acme', username: 'bench' }, body, 'en');
    });
    console.log(`loaded ${ROWS} contacts in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (${db.kind})`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await login(base);
    const headers = { authorization: `Bearer ${token}` };
    const first = (await (await fetch(`${base}/address-book/api/contacts?pageSize=1`, { headers })).json()) as {
      data: { id: string }[];
    };

    const cases: [string, string][] = [
      [
        'list page 0, sorted',
        '/address-book/api/contacts?page=0&pageSize=25&options[sortBy]=lastName&options[sortDirection]=asc',
      ],
      [
        'list page 40, sorted',
        '/address-book/api/contacts?page=40&pageSize=25&options[sortBy]=lastName&options[sortDirection]=asc',
      ],
      [
        'list, q contains',
        '/address-book/api/contacts?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=ross',
      ],
      [
        'list, kind eq',
        '/address-book/api/contacts?filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=company',
      ],
      ['get one', `/address-book/api/contacts/${first.data[0].id}`],
    ];
    console.log('\ncase                      req/s    p50 ms   p95 ms   p99 ms');
    for (const [name, path] of cases) {
      const r = await run(`${base}${path}`, headers);
      console.log(
        `${name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`,
      );
    }
  } finally {
    await app.close();
    await db.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: latencies.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
}
