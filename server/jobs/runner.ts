import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/tables';
import { checkSchedule, describeSchedule, nextOccurrence, type Schedule } from './schedule';

/** The part of a logger jobs use; Fastify's (pino) logger fits. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  /** Not scoped to a tenant: a job touching tenant data goes through withTenant per tenant. */
  db: Db;
  log: JobLogger;
  /** When this run was claimed, by the database's clock. */
  now: Date;
}

export interface JobDefinition {
  /** Unique across the product; the job's row in jobs.scheduled. */
  name: string;
  schedule: Schedule;
  run(ctx: JobContext): Promise<void>;
  /** First wait after a failure, doubled on each further one, never past the next regular run. */
  retrySeconds?: number;
}

export interface RunnerOptions {
  db: Db;
  jobs: readonly JobDefinition[];
  log?: JobLogger;
  /** How often due jobs are looked for (5 s when absent). */
  pollMs?: number;
  /**
   * How long a claim holds without news from its runner (60 s when absent). A running job renews it;
   * a crashed runner's job becomes due again once it lapses.
   */
  leaseSeconds?: number;
}

interface Claim {
  job: JobDefinition;
  claimedAt: Date;
  failures: number;
}

const SILENT: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const MAX_ERROR_LENGTH = 2000;

/**
 * Runs scheduled jobs from the jobs.scheduled table. Any number of runners, in any number of
 * processes on one database, share the work: a runner claims a due job with a lease (`for update
 * skip locked`), so each occurrence runs once, and a job whose runner died is taken over when the
 * lease lapses.
 */
export class JobRunner {
  /** Who holds a claim, as recorded in locked_by. */
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly jobs: ReadonlyMap<string, JobDefinition>;
  private readonly log: JobLogger;
  private readonly pollMs: number;
  private readonly leaseSeconds: number;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<unknown> | null = null;
  private stopping = false;
  private registered = false;

  constructor(private readonly options: RunnerOptions) {
    const jobs = new Map<string, JobDefinition>();
    for (const job of options.jobs) {
      if (jobs.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
      checkSchedule(job.schedule);
      jobs.set(job.name, job);
    }
    this.jobs = jobs;
    this.log = options.log ?? SILENT;
    this.pollMs = options.pollMs ?? 5000;
    this.leaseSeconds = options.leaseSeconds ?? 60;
  }

  /** Records the jobs (new ones are due at once, daily ones at their time) and starts polling. */
  async start(): Promise<void> {
    await this.register();
    this.stopping = false;
    this.schedule(0);
  }

  /**
   * Runs what is due now, each job at most once, and answers the names it ran. The poll calls it;
   * tests call it directly.
   */
  async tick(): Promise<string[]> {
    if (!this.registered) await this.register();
    const ran: string[] = [];
    while (!this.stopping) {
      const claim = await this.claim(ran);
      if (!claim) break;
      ran.push(claim.job.name);
      await this.execute(claim);
    }
    return ran;
  }

  /** Stops polling and waits for the job under way, if any, to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  private schedule(delay: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.tick()
        .catch((error: unknown) => this.log.error({ err: error }, 'job runner: polling failed'))
        .finally(() => {
          this.current = null;
          this.schedule(this.pollMs);
        });
    }, delay);
  }

  private async register(): Promise<void> {
    if (this.jobs.size === 0) return;
    const now = new Date();
    const rows = [...this.jobs.values()].map((job) => ({
      name: job.name,
      schedule: describeSchedule(job.schedule),
      nextRunAt: ('every' in job.schedule ? now : nextOccurrence(job.schedule, now)).toISOString(),
    }));
    // A job whose schedule changed in the code is rescheduled; otherwise its next run stands.
    await this.options.db
      .insertInto('jobs.scheduled')
      .values(rows)
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({
          schedule: (eb) => eb.ref('excluded.schedule'),
          nextRunAt: sql`case when jobs.scheduled.schedule = excluded.schedule
            then jobs.scheduled.next_run_at else excluded.next_run_at end`,
        }),
      )
      .execute();
    this.registered = true;
  }

  /** Takes one due job that is not leased and that this tick has not run yet. */
  private async claim(skip: readonly string[]): Promise<Claim | null> {
    const names = [...this.jobs.keys()].filter((name) => !skip.includes(name));
    if (names.length === 0) return null;
    const { rows } = await sql<{ name: string; claimedAt: string; failures: number }>`
      update jobs.scheduled
      set locked_until = now() + make_interval(secs => ${this.leaseSeconds}), locked_by = ${this.id}
      where name = (
        select name from jobs.scheduled
        where name in (${sql.join(names)})
          and next_run_at <= now()
          and (locked_until is null or locked_until <= now())
        order by next_run_at
        limit 1
        for update skip locked)
      returning name, now() as claimed_at, failures`.execute(this.options.db);
    const row = rows[0];
    if (!row) return null;
    return { job: this.jobs.get(row.name)!, claimedAt: new Date(row.claimedAt), failures: row.failures };
  }

  private async execute({ job, claimedAt, failures }: Claim): Promise<void> {
    const log = prefixed(this.log, job.name);
    // The lease is renewed while the job runs, so a long job is not taken over as if its runner died.
    let renewing: Promise<void> = Promise.resolve();
    const renewal = setInterval(() => (renewing = this.renew(job.name)), (this.leaseSeconds * 1000) / 3);
    const started = Date.now();
    let error: unknown = null;
    try {
      await job.run({ db: this.options.db, log, now: claimedAt });
    } catch (caught) {
      error = caught ?? new Error('The job failed without an error');
    } finally {
      clearInterval(renewal);
      await renewing;
    }
    const finishedAt = new Date(claimedAt.getTime() + (Date.now() - started));
    const regular = nextRun(job.schedule, claimedAt, finishedAt);
    if (error === null) {
      await this.finish(job.name, claimedAt, regular, null, false);
      log.info({ ms: Date.now() - started }, 'job done');
      return;
    }
    const retry = new Date(finishedAt.getTime() + (job.retrySeconds ?? 60) * 1000 * 2 ** Math.min(failures, 10));
    const next = retry < regular ? retry : regular;
    await this.finish(job.name, claimedAt, next, describeError(error), true);
    log.error({ err: error, retryAt: next.toISOString() }, 'job failed');
  }

  private async renew(name: string): Promise<void> {
    try {
      const result = await this.options.db
        .updateTable('jobs.scheduled')
        .set({ lockedUntil: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
        .where('name', '=', name)
        .where('lockedBy', '=', this.id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) this.log.warn({ job: name }, 'job runner: lost the lease of a running job');
    } catch (error) {
      this.log.warn({ err: error, job: name }, 'job runner: could not renew a lease');
    }
  }

  private async finish(name: string, claimedAt: Date, next: Date, error: string | null, failed: boolean) {
    const result = await this.options.db
      .updateTable('jobs.scheduled')
      .set((eb) => ({
        runs: eb('runs', '+', 1),
        failures: failed ? eb('failures', '+', 1) : 0,
        lastRunAt: claimedAt.toISOString(),
        lastFinishedAt: sql<string>`now()`,
        lastError: error,
        nextRunAt: next.toISOString(),
        lockedUntil: null,
        lockedBy: null,
      }))
      .where('name', '=', name)
      .where('lockedBy', '=', this.id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) this.log.warn({ job: name }, 'job runner: the lease lapsed before the job ended');
  }
}

/** The next regular run: one interval after the claim, but never while the job is still running. */
function nextRun(schedule: Schedule, claimedAt: Date, finishedAt: Date): Date {
  const fromClaim = nextOccurrence(schedule, claimedAt);
  return fromClaim > finishedAt ? fromClaim : nextOccurrence(schedule, finishedAt);
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function prefixed(log: JobLogger, job: string): JobLogger {
  return {
    info: (obj, msg) => log.info({ job, ...obj }, msg),
    warn: (obj, msg) => log.warn({ job, ...obj }, msg),
    error: (obj, msg) => log.error({ job, ...obj }, msg),
  };
}
