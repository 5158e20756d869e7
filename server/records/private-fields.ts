import { hiddenFields, isOwnRecord, type ResourceDefinition } from '../../resources/schema';
import type { Actor, Row } from './hooks';

/**
 * What the actor reads of a record (docs/tenancy-and-security.md#private-fields): the record without
 * the fields their roles may not read, unless it is their own. Every answer carrying records of a
 * definition passes through here, whatever route gives it.
 */
export function readableRecord(def: ResourceDefinition, actor: Pick<Actor, 'roles' | 'userId'>, row: Row): Row {
  const hidden = hiddenFields(actor.roles, def);
  if (hidden.length === 0 || isOwnRecord(actor.userId, def, row)) return row;
  const out = { ...row };
  for (const name of hidden) delete out[name];
  return out;
}
