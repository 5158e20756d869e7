import { contractBillingJob } from '../services/sales/billing/contracts';
import { quoteExpiryJob } from '../services/sales/quotes/expiry';
import { sdiInboxJob } from '../services/sales/sdi/inbox';
import { periodicWorkJob } from '../services/ticketing/generation';
import { contractReminders } from '../services/ticketing/reminders';
import { planningProposalsJob } from '../services/wfm/planning/proposals';
import { housekeeping } from './housekeeping';
import type { JobDefinition } from './runner';

export { JobRunner, type JobContext, type JobDefinition, type JobLogger, type RunnerOptions } from './runner';
export type { Schedule } from './schedule';

/**
 * Every scheduled job of the product. A service adds its own here (contract reminders, periodic
 * tickets), defined next to its code as a JobDefinition.
 */
export function productJobs(): JobDefinition[] {
  return [
    housekeeping,
    contractReminders,
    periodicWorkJob,
    planningProposalsJob,
    quoteExpiryJob,
    contractBillingJob,
    sdiInboxJob,
  ];
}
