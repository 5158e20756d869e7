import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * The role every tenant-scoped transaction runs as. It is not a superuser and the policies are
 * forced, so row-level security holds even where a query forgot its `tenant_id` condition.
 */
export const APP_ROLE = 'climatica_app';

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** DDL creating the application role (once per cluster: roles are not per database). */
export function appRoleStatements(): string[] {
  return [
    `do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
    // A non-superuser owner must be a member to switch to the role; for a superuser it is harmless.
    `do $$ begin
      execute format('grant ${APP_ROLE} to %I', current_user);
    exception when others then null;
    end $$`,
  ];
}

/** DDL putting one tenant-owned table under row-level security, idempotently. */
export function tenantTableStatements(schema: string, table: string): string[] {
  const qualified = `${quote(schema)}.${quote(table)}`;
  return [
    `grant usage on schema ${quote(schema)} to ${APP_ROLE}`,
    `grant select, insert, update, delete on ${qualified} to ${APP_ROLE}`,
    `alter table ${qualified} enable row level security`,
    `alter table ${qualified} force row level security`,
    `do $$ begin
      if not exists (select 1 from pg_policies where schemaname = '${schema}' and tablename = '${table}' and policyname = 'tenant_isolation') then
        create policy tenant_isolation on ${qualified}
          using (tenant_id = current_setting('app.tenant', true))
          with check (tenant_id = current_setting('app.tenant', true));
      end if;
    end $$`,
  ];
}

/** Makes the rest of the transaction see and write only `tenant`'s rows, as the application role. */
export async function enterTenant(trx: Transaction<never> | Kysely<never>, tenant: string): Promise<void> {
  await sql`select set_config('app.tenant', ${tenant}, true), set_config('role', ${APP_ROLE}, true)`.execute(trx);
}

/** Runs `work` in a transaction scoped to one tenant: the tenant always comes from the caller's token. */
export async function withTenant<DB, T>(
  db: Kysely<DB>,
  tenant: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await enterTenant(trx as unknown as Transaction<never>, tenant);
    return work(trx);
  });
}
