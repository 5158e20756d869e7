import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ResourceDefinition } from '../../resources/schema';
import type { Db } from '../db/tables';
import type { Lang } from '../http/lang';
import { problemKit, type ProblemKit } from './problems';

/* eslint-disable @typescript-eslint/no-explicit-any -- tables derived from definitions have no static types */
export type Row = Record<string, unknown>;

/** Whom a write is done for: the tenant scopes it, the username is recorded as author. */
export interface Actor {
  tenant: string;
  username: string;
  /** The user's id, when the actor is a user (the seed and jobs are not). */
  userId?: string;
  roles?: readonly string[];
}

/**
 * What a hook may use: the transaction of the change (so whatever it writes commits or rolls back
 * with it, notifications included), who acts, the resource, and the problems to refuse a change with
 * (`ctx.invalid`, `ctx.refuse`, `ctx.conflict`, `ctx.issue`: server/records/problems.ts).
 */
export interface HookContext extends ProblemKit {
  /** Typed by the definitions' tables and the platform's (server/db/tables.ts). */
  trx: Db;
  actor: Actor;
  def: ResourceDefinition;
  lang: Lang;
}

/** The context of one change: hooks of one operation share it (a hook may key state on it). */
export function hookContext(trx: Db, actor: Actor, def: ResourceDefinition, lang: Lang): HookContext {
  return { trx, actor, def, lang, ...problemKit(lang) };
}

/**
 * Behaviour of one resource beyond generic CRUD, run inside the transaction of the change. A
 * `before*` hook may return changed values, or throw a problem to refuse the change.
 */
/** A condition on the resource's table that every row an actor reaches must meet. */
export type Scope = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export interface ResourceHooks {
  /**
   * Record-level access on top of the definition's role access (e.g. a technician sees only the
   * activities assigned to them): applied to list, show, update, delete and actions. Undefined means
   * no restriction for this actor.
   */
  scope?(ctx: HookContext): Promise<Scope | undefined> | Scope | undefined;
  beforeCreate?(ctx: HookContext, values: Row): Promise<Row | void>;
  afterCreate?(ctx: HookContext, record: Row): Promise<void>;
  beforeUpdate?(ctx: HookContext, changes: Row, stored: Row): Promise<Row | void>;
  afterUpdate?(ctx: HookContext, record: Row, previous: Row): Promise<void>;
  beforeDelete?(ctx: HookContext, stored: Row): Promise<void>;
  afterDelete?(ctx: HookContext, record: Row): Promise<void>;
  /**
   * Before a lifecycle action writes its change, once the record's status and version admit it: may
   * return more values to write with it (who and when, read-only fields included), or throw a problem.
   */
  beforeAction?(ctx: HookContext, action: string, stored: Row, input: Row): Promise<Row | void>;
  /**
   * After a lifecycle action (the definition's `actions`) wrote its change, in the same transaction:
   * side effects (a notification, a stock posting), or a thrown problem that refuses the whole action.
   * `input` is the action's validated input, `previous` the record as it was.
   */
  onAction?(ctx: HookContext, action: string, record: Row, input: Row, previous: Row): Promise<void>;
  /**
   * When an action is refused because the record moved on (its status, or its version), whether the
   * request is a retry of the one that moved it: the record to answer with instead of the 409, or
   * undefined. `version` is the one the client sent.
   */
  replayAction?(ctx: HookContext, action: string, current: Row, input: Row, version: number): Promise<Row | undefined>;
}

/** Hooks by resource name; each service contributes its own from `server/services/<id>/hooks.ts`. */
export type HookRegistry = Readonly<Record<string, ResourceHooks>>;
