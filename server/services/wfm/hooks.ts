import type { HookRegistry } from '../../records';
import { activityHookMap } from './activities';
import { fgasHookMap } from './fgas';
import { machineHookMap } from './machines';
import { masterDataHooks } from './master-data';
import { fgasRecordScope, machineScope, withScopes } from './technician-scope';

/**
 * The wfm service's behaviour beyond generic CRUD, wired into its CRUD routes by app.ts (references
 * are the engine's): skill names unique per kind, machines' gas and customer copied from their refrigerant and
 * site, activity numbers and consistency, technicians limited to their own activities, the guards and
 * audit of the activity lifecycle, and the F-gas register's snapshots, certificate rule and lock.
 * Technicians read the machines of their activities and those machines' register (technician-scope.ts).
 */
export const wfmHooks: HookRegistry = withScopes(
  { ...masterDataHooks, ...machineHookMap, ...activityHookMap, ...fgasHookMap },
  { 'wfm/machines': machineScope, 'wfm/fgas-activities': fgasRecordScope },
);
