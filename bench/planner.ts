import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  salesCustomers as customers,
  salesSites as sites,
  wfmActivities as activities,
  wfmTechnicians as technicians,
} from '../resources/index';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/connect';
import { BENCH_APP } from './app-options';
import { scratchDatabase } from './crash-durability';
import { login } from './crash-server';
import { withTenant } from '../server/db/tenancy';
import { Records } from '../server/records';

/**
 * The planner's window route (GET /wfm/api/planning/window, docs/wire-contract.md#planning) over real HTTP on a
 * tenant with TECHNICIANS technicians and JOBS activities in one week, on PGlite (or, with
 * DATABASE_URL, a scratch database created on that PostgreSQL server and dropped after). Prints the latency percentiles of a week's window and its payload size;
 * it asserts nothing. The records go in without the services' hooks, as the contacts bench does: the route is
 * what is measured, not the numbering or the planning checks.
 */
const TECHNICIANS = Number(process.env.BENCH_TECHNICIANS ?? 20);
const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);

// Monday 2 March 2026 in Rome, and the week from it.
const WEEK_START = Date.parse('2026-03-01T23:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export async function benchPlanner(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'climatica-bench-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : undefined;
  const db = await openDatabase({ databaseUrl: scratch?.url, dataDir });
  const app = await buildApp({ db, dataDir, ...BENCH_APP });
  try {
    const loadStart = performance.now();
    await withTenant(db.kysely, 'acme', async (trx) => {
      const actor = { tenant: 'acme', username: 'bench' };
      const insert = (def: ConstructorParameters<typeof Records>[1], body: unknown) =>
        new Records(trx as never, def).insert(actor, body, 'en');
      const customer = await insert(customers, {
        kind: 'company',
        legalName: 'Bench S.r.l.',
        vatCountry: 'IT',
        vatNumber: '00743110157',
        taxCode: '00743110157',
        sdiCode: '0000000',
        vatRegime: 'standard',
        billingAddress: { street: 'Via Roma', streetNumber: '1', zip: '20121', city: 'Milano', province: 'MI' },
      });
      const site = await insert(sites, {
        customerId: customer.id,
        code: 'B01',
        name: 'Sede',
        zone: 'Milano',
        address: { street: 'Via Roma', streetNumber: '1', zip: '20121', city: 'Milano', province: 'MI' },
      });
      const people = [];
      for (let i = 0; i < TECHNICIANS; i++)
        people.push(
          await insert(technicians, {
            firstName: `Tecnico${i}`,
            lastName: 'Bench',
            phone: '+393331234567',
            color: '#1e88e5',
            team: `Squadra ${i % 4}`,
          }),
        );
      // Spread over five working days from 07:00 Rome, one hour each, never two at once for a technician.
      for (let i = 0; i < JOBS; i++) {
        const technician = people[i % TECHNICIANS];
        const slot = Math.floor(i / TECHNICIANS);
        const start = WEEK_START + (slot % 5) * DAY + 8 * HOUR + Math.floor(slot / 5) * HOUR;
        await insert(activities, {
          customerId: customer.id,
          siteId: site.id,
          type: 'maintenance',
          priority: 'normal',
          billingMode: 'chargeable',
          title: `Manutenzione ${i}`,
          technicianIds: [technician.id],
          scheduledStart: new Date(start).toISOString(),
          scheduledEnd: new Date(start + HOUR).toISOString(),
        });
      }
    });
    console.log(
      `loaded ${TECHNICIANS} technicians and ${JOBS} activities in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (${db.kind})`,
    );

    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { authorization: `Bearer ${await login(base)}` };
    const from = new Date(WEEK_START).toISOString();
    const to = new Date(WEEK_START + 7 * DAY).toISOString();
    const url = `${base}/wfm/api/planning/window?from=${from}&to=${to}`;
    const latencies: number[] = [];
    let bytes = 0;
    let jobs = 0;
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.text();
      latencies.push(performance.now() - t);
      if (!res.ok) throw new Error(`${url}: ${res.status} ${body}`);
      bytes = Buffer.byteLength(body);
      jobs = (JSON.parse(body) as { activities: unknown[] }).activities.length;
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    console.log('\nplanner window (one week)   calls   jobs   p50 ms   p95 ms   payload KiB');
    console.log(
      `${''.padEnd(27)} ${String(CALLS).padStart(5)} ${String(jobs).padStart(6)} ${pct(50).toFixed(1).padStart(8)} ${pct(95).toFixed(1).padStart(8)} ${(bytes / 1024).toFixed(1).padStart(13)}`,
    );
  } finally {
    await app.close();
    await db.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
