import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../resources/schema';
import { deriveStatements, schemaName } from './derive';
import { appRoleStatements, tenantTableStatements } from './tenancy';
import type { AllTables } from './tables';

interface Migration {
  id: string;
  statements: string[];
}

/** Hand-written schemas (those not derived from definitions); append new entries, never edit old ones. */
const MIGRATIONS: Migration[] = [
  {
    id: '0001-oauth2',
    statements: [
      'create schema if not exists oauth2',
      `create table if not exists oauth2.tenants (
        id text primary key,
        name text not null,
        config_file text not null,
        created_at timestamptz not null default now()
      )`,
      `create table if not exists oauth2.users (
        tenant_id text not null references oauth2.tenants (id),
        id uuid not null,
        username text not null,
        password_hash text not null,
        roles text[] not null default '{}',
        disabled boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1,
        primary key (tenant_id, id)
      )`,
      'create unique index if not exists users_tenant_username_key on oauth2.users (tenant_id, lower(username))',
      // Looked up by the hash alone: a refresh request names no tenant. Only hashes are stored.
      `create table if not exists oauth2.refresh_tokens (
        token_hash text primary key,
        family uuid not null,
        tenant_id text not null,
        user_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz,
        revoked_at timestamptz
      )`,
      'create index if not exists refresh_tokens_family_idx on oauth2.refresh_tokens (family)',
      `create table if not exists oauth2.signing_keys (
        kid text primary key,
        alg text not null,
        private_jwk text not null,
        public_jwk text not null,
        created_at timestamptz not null default now()
      )`,
    ],
  },
  {
    id: '0004-notifications',
    statements: [
      'create schema if not exists notifications',
      `create table if not exists notifications.notifications (
        tenant_id text not null,
        id uuid not null,
        user_id uuid not null,
        title text not null,
        text text not null,
        type text not null default 'normal' check (type in ('normal', 'error')),
        link text,
        read_at timestamptz,
        -- Milliseconds, as on the wire: a stream's replay cursor compares against the value it was sent.
        created_at timestamptz not null default date_trunc('milliseconds', now()),
        primary key (tenant_id, id)
      )`,
      `create index if not exists notifications_tenant_user_created_idx
        on notifications.notifications (tenant_id, user_id, created_at desc)`,
      // The application role must exist before the grants; on a fresh cluster this runs first.
      ...appRoleStatements(),
      ...tenantTableStatements('notifications', 'notifications'),
    ],
  },
  {
    // Not tenant data: one row per job name, claimed by whichever process gets there first.
    id: '0005-jobs',
    statements: [
      'create schema if not exists jobs',
      `create table if not exists jobs.scheduled (
        name text primary key,
        schedule text not null,
        next_run_at timestamptz not null,
        locked_until timestamptz,
        locked_by text,
        last_run_at timestamptz,
        last_finished_at timestamptz,
        last_error text,
        runs integer not null default 0,
        failures integer not null default 0
      )`,
    ],
  },
  {
    id: '0003-storage',
    statements: [
      'create schema if not exists storage',
      // The name is generated and names the file on disk; the client's file name is display text only.
      `create table if not exists storage.files (
        tenant_id text not null,
        name uuid not null,
        driver_uid text not null,
        file_name text not null,
        mime_type text not null,
        size bigint not null check (size >= 0),
        sha256 text not null,
        created_at timestamptz not null default now(),
        created_by text,
        primary key (tenant_id, name)
      )`,
      ...appRoleStatements(),
      ...tenantTableStatements('storage', 'files'),
    ],
  },
  {
    id: '0002-oauth2-sessions',
    statements: [
      // Users became a resource definition: the system columns every resource table has, the fields
      // the derived DDL would add anyway, and the instant before which the user's access tokens are void.
      'alter table oauth2.users add column if not exists created_by text',
      'alter table oauth2.users add column if not exists updated_by text',
      'alter table oauth2.users add column if not exists first_name text',
      'alter table oauth2.users add column if not exists last_name text',
      'alter table oauth2.users add column if not exists email text',
      'alter table oauth2.users add column if not exists tokens_valid_after timestamptz',
      // Replaced by the derived unique index of the username field (users_username_unique), same key.
      'drop index if exists oauth2.users_tenant_username_key',
      // One row per login: revoking a session (logout, reuse, password change) is one row update.
      `create table if not exists oauth2.refresh_families (
        tenant_id text not null,
        id uuid not null,
        user_id uuid not null,
        created_at timestamptz not null default now(),
        revoked_at timestamptz,
        primary key (tenant_id, id),
        foreign key (tenant_id, user_id) references oauth2.users (tenant_id, id) on delete cascade
      )`,
      'create index if not exists refresh_families_user_idx on oauth2.refresh_families (tenant_id, user_id)',
      // Refresh tokens now carry their tenant, so they are read under row-level security; the old
      // ones (without it) cannot be, and are dropped: their holders sign in again.
      'drop table if exists oauth2.refresh_tokens',
      `create table oauth2.refresh_tokens (
        tenant_id text not null,
        token_hash text not null,
        family uuid not null,
        user_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz,
        primary key (tenant_id, token_hash),
        foreign key (tenant_id, family) references oauth2.refresh_families (tenant_id, id) on delete cascade
      )`,
      'create index if not exists refresh_tokens_family_idx on oauth2.refresh_tokens (tenant_id, family)',
      // Only the hash of a reset token is kept: a database leak does not hand out password resets.
      `create table if not exists oauth2.password_resets (
        tenant_id text not null,
        token_hash text not null,
        user_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz,
        primary key (tenant_id, token_hash),
        foreign key (tenant_id, user_id) references oauth2.users (tenant_id, id) on delete cascade
      )`,
      'create index if not exists password_resets_user_idx on oauth2.password_resets (tenant_id, user_id)',
      // Not tenant data: failed attempts per user and per client address, shared by every process.
      `create table if not exists oauth2.throttle (
        key text primary key,
        hits integer not null,
        window_started_at timestamptz not null
      )`,
      ...appRoleStatements(),
      ...tenantTableStatements('oauth2', 'refresh_families'),
      ...tenantTableStatements('oauth2', 'refresh_tokens'),
      ...tenantTableStatements('oauth2', 'password_resets'),
    ],
  },
  {
    // The FatturaPA transmission progressive (docs/domain.md#electronic-invoice-fatturapa): one counter row per
    // tenant, moved by an upsert that holds the row's lock until the invoice's transaction ends.
    id: '0009-sales-sdi-progressives',
    statements: [
      'create schema if not exists sales',
      `create table if not exists sales.sdi_progressives (
        tenant_id text primary key,
        last_value integer not null check (last_value > 0)
      )`,
      ...appRoleStatements(),
      ...tenantTableStatements('sales', 'sdi_progressives'),
    ],
  },
  {
    // A create sent again with its Idempotency-Key answers the record it made (docs/wire-contract.md#idempotent-creates).
    // The primary key is what concurrent duplicates serialise on: the second insert waits for the first's commit.
    id: '0011-idempotency-keys',
    statements: [
      `create table if not exists public.idempotency_keys (
        tenant_id text not null,
        user_id uuid not null,
        key text not null,
        resource text not null,
        fingerprint text not null,
        record_id uuid,
        created_at timestamptz not null default now(),
        primary key (tenant_id, user_id, key)
      )`,
      // Expired keys are deleted per tenant by age (housekeeping).
      'create index if not exists idempotency_keys_created_idx on public.idempotency_keys (tenant_id, created_at)',
      ...appRoleStatements(),
      ...tenantTableStatements('public', 'idempotency_keys'),
    ],
  },
  {
    // Processes keep users' token state in memory (server/services/oauth2/user-states.ts): every change of
    // what verifying a token reads, by any path, plain SQL included, tells them whom to forget. The
    // channel name is USERS_CHANNEL there; NOTIFY goes out on commit only, and once per identical payload.
    id: '0013-oauth2-users-notify',
    statements: [
      `create or replace function oauth2.users_token_state_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform pg_notify('climatica_users', json_build_object('tenant', old.tenant_id, 'id', old.id)::text);
        elsif new.disabled is distinct from old.disabled
          or new.tokens_valid_after is distinct from old.tokens_valid_after
          or new.tenant_id is distinct from old.tenant_id or new.id is distinct from old.id then
          perform pg_notify('climatica_users', json_build_object('tenant', old.tenant_id, 'id', old.id)::text);
        end if;
        return null;
      end $$`,
      'drop trigger if exists users_token_state_changed on oauth2.users',
      `create trigger users_token_state_changed after update or delete on oauth2.users
        for each row execute function oauth2.users_token_state_changed()`,
    ],
  },
];

/**
 * Data changes that need the derived columns (they run after the derived DDL, once each): a new
 * field's value for the rows stored before it existed, or a constraint over several derived columns
 * (a field's `unique` covers one). Append new entries, never edit old ones.
 */
const BACKFILLS: (Migration & { resource: string })[] = [
  {
    resource: 'wfm/machines',
    // Machines of unknown age are due from when they were registered (docs/domain.md#machines).
    id: '0006-machines-registered-on',
    statements: [
      // Row-level security is forced, also on the owner unless it is a superuser: one tenant at a time.
      `do $$ declare t text; begin
        for t in select id from oauth2.tenants loop
          perform set_config('app.tenant', t, true);
          update wfm.machines set registered_on = (created_at at time zone 'Europe/Rome')::date
            where registered_on is null;
          update wfm.machines set next_leak_check_due = registered_on
            where next_leak_check_due is null and installation_date is null and last_leak_check_date is null
              and leak_check_interval_months is not null;
        end loop;
        perform set_config('app.tenant', '', true);
      end $$`,
    ],
  },
  {
    resource: 'ticketing/requests',
    // One request per periodic plan and occurrence date (docs/domain.md#generated-work): the generator and the
    // requests' hooks lock the plan first; this is the backstop should anything ever race past that lock.
    // Rows without a plan have null keys, which never collide.
    id: '0007-requests-periodic-occurrence-unique',
    statements: [
      `create unique index if not exists requests_periodic_occurrence_unique
        on ticketing.requests (tenant_id, periodic_ticket_id, occurrence_date)`,
    ],
  },
  {
    resource: 'sales/price-lists',
    // Price lists became records (docs/domain.md#payment-terms-and-price-lists): products' prices named their list
    // (`priceList`), customers too (`price_list`). A list is made for every name used that is not one yet
    // (names compare regardless of case, as the unique name does), the references are rewritten to its id,
    // and the most used list becomes the default when none is. Rewritten rows move to a new version.
    id: '0008-price-lists-as-records',
    statements: [
      // A database made after the change never had the column: the statements below read it all the same.
      'alter table sales.customers add column if not exists price_list text',
      `do $$ declare t text; begin
        for t in select id from oauth2.tenants loop
          perform set_config('app.tenant', t, true);
          insert into sales.price_lists (tenant_id, id, name, active, is_default)
            select t, gen_random_uuid(), min(used.name), true, false
            from (
              select line->>'priceList' as name
                from sales.products, jsonb_array_elements(coalesce(prices, '[]'::jsonb)) as line
                where tenant_id = t and jsonb_typeof(line) = 'object' and coalesce(line->>'priceList', '') <> ''
              union all
              select price_list from sales.customers where tenant_id = t and coalesce(price_list, '') <> ''
            ) used
            where not exists (
              select 1 from sales.price_lists l where l.tenant_id = t and lower(l.name) = lower(used.name))
            group by lower(used.name);
          update sales.products p set
              prices = (
                select jsonb_agg(
                  case when line ? 'priceList' then (line - 'priceList') || jsonb_build_object('priceListId', (
                    select l.id from sales.price_lists l
                      where l.tenant_id = t and lower(l.name) = lower(line->>'priceList')))
                  else line end order by n)
                from jsonb_array_elements(p.prices) with ordinality as x(line, n)),
              version = version + 1
            where tenant_id = t and jsonb_typeof(prices) = 'array'
              and exists (select 1 from jsonb_array_elements(p.prices) as line
                where jsonb_typeof(line) = 'object' and line ? 'priceList');
          update sales.customers c set price_list_id = l.id, version = c.version + 1
            from sales.price_lists l
            where c.tenant_id = t and l.tenant_id = t and c.price_list_id is null
              and lower(l.name) = lower(c.price_list);
          update sales.price_lists set is_default = false where tenant_id = t and is_default is null;
          if not exists (select 1 from sales.price_lists where tenant_id = t and is_default) then
            update sales.price_lists set is_default = true where tenant_id = t and id = (
              select l.id from sales.price_lists l
                where l.tenant_id = t and l.active is not false
                order by (select count(*) from sales.products p, jsonb_array_elements(coalesce(p.prices, '[]'::jsonb)) as line
                            where p.tenant_id = t and jsonb_typeof(line) = 'object' and line->>'priceListId' = l.id::text) desc,
                         l.name
                limit 1);
          end if;
        end loop;
        perform set_config('app.tenant', '', true);
      end $$`,
      'alter table sales.customers drop column price_list',
      // Exactly one default list per tenant: the price lists' hooks keep it so, this is the backstop.
      'create unique index if not exists price_lists_default_unique on sales.price_lists (tenant_id) where is_default',
    ],
  },
  {
    resource: 'sales/invoices',
    // Invoices keep their next due date (docs/domain.md#due-dates-and-payments): those issued before the field
    // existed take the earliest of their instalments still open or partly paid. No new version: the
    // services write it, not people.
    id: '0010-invoices-next-due-date',
    statements: [
      `do $$ declare t text; begin
        for t in select id from oauth2.tenants loop
          perform set_config('app.tenant', t, true);
          update sales.invoices v set next_due_date = (
              select min(i.due_date) from sales.instalments i
                where i.tenant_id = t and i.invoice_id = v.id and i.status in ('open', 'partiallyPaid'))
            where v.tenant_id = t and v.next_due_date is null;
        end loop;
        perform set_config('app.tenant', '', true);
      end $$`,
    ],
  },
  {
    resource: 'sales/invoices',
    // The tax cases (docs/domain.md#tax-cases): invoices written before the invoice kept its customer's regime take
    // it from the customer as it is (split payment, declaration of intent), and their payable amount is the total
    // less split-payment VAT, none withheld. The stamp duty stays as it was typed. No new version: no one edited them.
    id: '0012-tax-invoice-snapshots',
    statements: [
      `do $$ declare t text; begin
        for t in select id from oauth2.tenants loop
          perform set_config('app.tenant', t, true);
          update sales.invoices v set
              split_payment = coalesce(c.vat_regime = 'splitPayment', false),
              declaration_protocol_number = case when c.vat_regime = 'declarationOfIntent'
                then c.declaration_protocol_number end,
              declaration_date = case when c.vat_regime = 'declarationOfIntent' then c.declaration_date end
            from sales.customers c
            where v.tenant_id = t and c.tenant_id = t and c.id = v.customer_id and v.split_payment is null;
          update sales.invoices set
              withholding_amount = coalesce(withholding_amount, 0),
              amount_payable = total_document - case when split_payment then total_vat else 0 end
            where tenant_id = t and amount_payable is null;
        end loop;
        perform set_config('app.tenant', '', true);
      end $$`,
    ],
  },
];

// Any constant: processes starting together on one PostgreSQL take turns instead of racing the DDL.
const MIGRATION_LOCK = 72_531_001;

/** What a start did to the schema: how many derived and tenancy statements ran (none when the hash matched). */
export interface MigrateResult {
  derivedStatements: number;
  schemaHash: string;
}

/**
 * Hand-written migrations, then the derived and tenancy DDL, then backfills, in one transaction under an
 * advisory lock. The derived and tenancy statements (hundreds, all idempotent) run only when their hash,
 * with the migration ids, differs from the one stored by the last start that ran them
 * (docs/architecture.md#skipping-unchanged-ddl): a process waiting on the lock reads the hash its
 * predecessor committed and skips; a changed definition changes the hash and runs them all again.
 */
export async function migrate(
  db: Kysely<AllTables>,
  definitions: readonly ResourceDefinition[],
): Promise<MigrateResult> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(trx);
    await sql`create table if not exists public.migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
      trx,
    );
    await sql`create table if not exists public.schema_state (id integer primary key check (id = 1), hash text not null, applied_at timestamptz not null default now())`.execute(
      trx,
    );
    const applied = new Set((await trx.selectFrom('public.migrations').select('id').execute()).map((row) => row.id));
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.statements) await sql.raw(statement).execute(trx);
      await trx.insertInto('public.migrations').values({ id: migration.id }).execute();
    }
    const derived = [...deriveStatements(definitions), ...tenancyStatements(definitions)];
    const schemaHash = hashOf(derived);
    const stored = await sql<{ hash: string }>`select hash from public.schema_state where id = 1`.execute(trx);
    let derivedStatements = 0;
    if (stored.rows[0]?.hash !== schemaHash) {
      for (const statement of derived) await sql.raw(statement).execute(trx);
      derivedStatements = derived.length;
      await sql`insert into public.schema_state (id, hash) values (1, ${schemaHash})
        on conflict (id) do update set hash = excluded.hash, applied_at = now()`.execute(trx);
    }
    for (const backfill of BACKFILLS) {
      // A server built with other definitions (a test's) has not that table: the backfill waits for it.
      if (applied.has(backfill.id) || !definitions.some((def) => def.name === backfill.resource)) continue;
      for (const statement of backfill.statements) await sql.raw(statement).execute(trx);
      await trx.insertInto('public.migrations').values({ id: backfill.id }).execute();
    }
    return { derivedStatements, schemaHash };
  });
}

/** The derived DDL's identity: its statements and every migration id this code knows (a new one runs it again). */
function hashOf(derived: readonly string[]): string {
  const ids = [...MIGRATIONS, ...BACKFILLS].map((migration) => migration.id);
  return createHash('sha256').update(JSON.stringify({ ids, derived })).digest('hex');
}

/** Row-level security on every tenant-owned table: the resources' and the users'. */
function tenancyStatements(definitions: readonly ResourceDefinition[]): string[] {
  const tables: [string, string][] = [
    ['oauth2', 'users'],
    ...definitions.map((def): [string, string] => [schemaName(def.service), def.table]),
  ];
  return [...appRoleStatements(), ...tables.flatMap(([schema, table]) => tenantTableStatements(schema, table))];
}
