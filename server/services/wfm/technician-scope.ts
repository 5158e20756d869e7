import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Actor, HookContext, HookRegistry, ResourceHooks, Scope } from '../../records';

/* eslint-disable @typescript-eslint/no-explicit-any -- subqueries over other services' tables, named at run time */
type Eb = ExpressionBuilder<any, any>;

/**
 * What a technician reaches (docs/tenancy-and-security.md#record-scopes): the published activities
 * naming one of their technician records (wfm.technicians.user_id = the user), and from those the
 * records the activities name. Every scope of a technician's reach is built here from
 * `reachableActivities`, so the services agree on one rule.
 */

/** A technician acting as such: administrators, and the seed and jobs (no roles), reach everything. */
export function isLimited(actor: Actor): boolean {
  return actor.roles !== undefined && !actor.roles.includes('ROLE_ADMIN');
}

/** The technician records the user signs in as (normally one). */
export function ownTechnicians(eb: Eb, actor: Actor) {
  return eb
    .selectFrom('wfm.technicians as own')
    .select('own.id')
    .where('own.tenantId', '=', actor.tenant)
    .where('own.userId', '=', actor.userId ?? null);
}

/** The ids of the activities the technician reaches: published, with one of their technician records. */
export function reachableActivities(eb: Eb, actor: Actor) {
  return eb
    .selectFrom('wfm.activities as reached')
    .select('reached.id')
    .where('reached.tenantId', '=', actor.tenant)
    .where('reached.planState', '=', 'published')
    .where((e) =>
      e.exists(
        ownTechnicians(e, actor)
          .clearSelect()
          .select(sql.lit(1).as('one'))
          .where('own.id', '=', e.fn.any('reached.technicianIds')),
      ),
    );
}

/** Ids an activity's column (a reference or a list of them) names, over the reachable activities. */
function namedByActivities(eb: Eb, actor: Actor, column: string, many = false) {
  return eb
    .selectFrom('wfm.activities as named')
    .select(many ? sql<string>`unnest(${sql.ref(`named.${column}`)})`.as('id') : sql.ref(`named.${column}`).as('id'))
    .where('named.id', 'in', reachableActivities(eb, actor));
}

/** The machines of the reachable activities. */
export function reachableMachines(eb: Eb, actor: Actor) {
  return namedByActivities(eb, actor, 'machineIds', true);
}

/** Those machines and the machines they are part of (a machine's page names its parent). */
function machinesAndParents(eb: Eb, actor: Actor) {
  return eb.or([
    eb('id', 'in', reachableMachines(eb, actor)),
    eb(
      'id',
      'in',
      eb
        .selectFrom('wfm.machines as part')
        .select('part.parentMachineId')
        .where('part.tenantId', '=', actor.tenant)
        .where('part.id', 'in', reachableMachines(eb, actor)),
    ),
  ]);
}

/** The sites of the reachable activities. */
export function reachableSites(eb: Eb, actor: Actor) {
  return namedByActivities(eb, actor, 'siteId');
}

/** The technician's vans: warehouses naming them, or named as their van. */
export function ownVans(eb: Eb, actor: Actor) {
  return eb
    .selectFrom('warehouse.warehouses as van')
    .select('van.id')
    .where('van.tenantId', '=', actor.tenant)
    .where((e) =>
      e.or([
        e('van.technicianId', 'in', ownTechnicians(e, actor)),
        e(
          'van.id',
          'in',
          ownTechnicians(e, actor)
            .clearSelect()
            .select('own.vanWarehouseId')
            .where('own.vanWarehouseId', 'is not', null),
        ),
      ]),
    );
}

/** A scope for a limited actor, nothing for the others; a user with no technician record reaches nothing. */
function limited(condition: (eb: Eb, actor: Actor) => ReturnType<Scope>) {
  return (ctx: HookContext): Scope | undefined => {
    const { actor } = ctx;
    if (!isLimited(actor)) return undefined;
    if (!actor.userId) return () => sql<SqlBool>`false`;
    return (eb) => condition(eb, actor);
  };
}

/** wfm/activities and everything keyed by an activity (work reports). */
export const activityScope = limited((eb, actor) => eb('id', 'in', reachableActivities(eb, actor)));
export const byActivityScope = limited((eb, actor) => eb('activityId', 'in', reachableActivities(eb, actor)));

export const machineScope = limited(machinesAndParents);
/** The F-gas register records of the machines they reach. */
export const fgasRecordScope = limited((eb, actor) => eb('machineId', 'in', reachableMachines(eb, actor)));

/** Sites of their activities, and the buildings those are part of. */
export const siteScope = limited((eb, actor) =>
  eb.or([
    eb('id', 'in', reachableSites(eb, actor)),
    eb(
      'id',
      'in',
      eb
        .selectFrom('sales.sites as child')
        .select('child.parentSiteId')
        .where('child.tenantId', '=', actor.tenant)
        .where('child.id', 'in', reachableSites(eb, actor)),
    ),
  ]),
);

/** The customers of their activities, and the F-gas operators their sites and machines name. */
export const customerScope = limited((eb, actor) =>
  eb.or([
    eb('id', 'in', namedByActivities(eb, actor, 'customerId')),
    eb(
      'id',
      'in',
      eb
        .selectFrom('sales.sites as site')
        .select('site.fgasOperatorCustomerId')
        .where('site.tenantId', '=', actor.tenant)
        .where('site.id', 'in', reachableSites(eb, actor)),
    ),
    eb(
      'id',
      'in',
      eb
        .selectFrom('wfm.machines as machine')
        .select('machine.operatorCustomerId')
        .where('machine.tenantId', '=', actor.tenant)
        .where('machine.id', 'in', reachableMachines(eb, actor)),
    ),
  ]),
);

/** The primary contacts of their sites, and the contacts of the requests their activities come from. */
export const contactScope = limited((eb, actor) =>
  eb.or([
    eb(
      'id',
      'in',
      eb
        .selectFrom('sales.sites as site')
        .select('site.primaryContactId')
        .where('site.tenantId', '=', actor.tenant)
        .where('site.id', 'in', reachableSites(eb, actor)),
    ),
    eb(
      'id',
      'in',
      eb
        .selectFrom('ticketing.requests as request')
        .select('request.contactId')
        .where('request.tenantId', '=', actor.tenant)
        .where('request.id', 'in', namedByActivities(eb, actor, 'ticketId')),
    ),
  ]),
);

/** A line field's reference inside a JSON lines column of the reachable activities. */
function namedByLines(eb: Eb, actor: Actor, column: string, key: string) {
  return eb
    .selectFrom('wfm.activities as lined')
    .select(
      sql<string>`cast(jsonb_array_elements(coalesce(${sql.ref(`lined.${column}`)}, '[]'::jsonb)) ->> ${key} as uuid)`.as(
        'id',
      ),
    )
    .where('lined.id', 'in', reachableActivities(eb, actor));
}

/** Items their activities name (materials, gas cylinders) and items in stock in their van. */
export const itemScope = limited((eb, actor) =>
  eb.or([
    eb('id', 'in', namedByLines(eb, actor, 'materials', 'itemId')),
    eb('id', 'in', namedByLines(eb, actor, 'fgasMaterials', 'cylinderItemId')),
    eb(
      'id',
      'in',
      eb
        .selectFrom('warehouse.stocks as stock')
        .select('stock.itemId')
        .where('stock.tenantId', '=', actor.tenant)
        .where('stock.warehouseId', 'in', ownVans(eb, actor)),
    ),
  ]),
);

export const vanScope = limited((eb, actor) => eb('id', 'in', ownVans(eb, actor)));
export const vanStockScope = limited((eb, actor) => eb('warehouseId', 'in', ownVans(eb, actor)));

/** A service's hook registry with these resources' scopes set (their other hooks kept). */
export function withScopes(
  registry: HookRegistry,
  scopes: Readonly<Record<string, NonNullable<ResourceHooks['scope']>>>,
): HookRegistry {
  const out: Record<string, ResourceHooks> = { ...registry };
  for (const [name, scope] of Object.entries(scopes)) out[name] = { ...out[name], scope };
  return out;
}
