/** Type-level checks of the derived table types (server/db/resource-tables.ts), run by `npm run typecheck`. */
import type { AllTables } from '../../server/db/tables';

type Activity = AllTables['wfm.activities'];
export const status: Activity['status'] = 'assigned';
// @ts-expect-error -- `stauts` is no column of wfm.activities
export const typo: Activity['stauts'] = 'assigned';
export const contactName: AllTables['address_book.contacts']['lastName'] = null;
