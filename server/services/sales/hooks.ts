import type { HookRegistry } from '../../records';
import { documentHookMap } from './documents';
import { partyHooks } from './parties';
import { workReportHooks } from './work-reports';

/**
 * The sales service's behaviour beyond generic CRUD, wired into its CRUD routes by app.ts (references
 * are the engine's): codes and document numbers from the numbering series, site and document consistency, VAT
 * rates of lines, and technicians limited to the work reports of their own activities.
 */
export const salesHooks: HookRegistry = { ...partyHooks, ...documentHookMap, ...workReportHooks };
