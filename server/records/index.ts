/**
 * The record engine: generic record operations, the list query and its SQL, reference checks, the
 * lifecycle action runner and the hook contract services write against. It imports no service: what a
 * field kind needs from one comes in through `registerKindResolver` (docs/architecture.md, "The record
 * engine").
 */
export { findAction, runAction } from './actions';
export {
  hookContext,
  type Actor,
  type HookContext,
  type HookRegistry,
  type ResourceHooks,
  type Row,
  type Scope,
} from './hooks';
export { conflict, invalid, issue, refuse, type Issue, type ProblemKit } from './problems';
export {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  idempotencyKeyOf,
  insertOnce,
  purgeIdempotencyKeys,
  REPLAYED_HEADER,
} from './idempotency';
export { registerKindResolver, type KindResolver } from './kinds';
export {
  checkListQuery,
  UUID,
  type Condition,
  type ListQuery,
  type QueryIssue,
  type RawFilter,
  type RawListQuery,
} from './list-query';
export { readableRecord } from './private-fields';
export { Records } from './records';
export { checkNotReferenced, checkReferences } from './references';
export { sanitizeRichText } from './sanitize';
export { columnValue, recordColumns } from './sql';
export { conditionOf } from './where';
export {
  defineHooks,
  type ActionHooks,
  type FieldOf,
  type StoredOf,
  type TypedHooks,
  type ValuesOf,
} from './define-hooks';
