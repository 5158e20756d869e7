/**
 * The planner's wire shapes (docs/wire-contract.md#planning): the service answers them
 * (server/services/wfm/planning) and the screen reads them (src/modules/wfm/planner), from this one place.
 */

export const CHANGE_KINDS = ['new', 'moved', 'changed', 'cancelled', 'removed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface PlannerTechnician {
  id: string;
  name: string;
  color: string;
  team: string | null;
  zone: string | null;
  skillIds: string[];
  workingHours: { weekday: string; startTime: string; endTime: string }[];
  active: boolean;
}

export interface PlannerActivity {
  id: string;
  number: string | null;
  title: string;
  type: string;
  status: string;
  priority: string;
  planState: string;
  publicationWarning: boolean;
  technicianIds: string[];
  leadTechnicianId: string | null;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  customerId: string;
  customerName: string;
  siteId: string;
  siteName: string;
  siteZone: string | null;
  requiredSkillIds: string[];
  origin: string;
  version: number;
}

export interface QueueItem extends PlannerActivity {
  estimatedMinutes: number | null;
  occurrenceDate: string | null;
}

export interface PlannerAbsence {
  id: string;
  technicianId: string;
  kind: string;
  start: string;
  end: string;
}

export interface PlanningWindow {
  technicians: PlannerTechnician[];
  activities: PlannerActivity[];
  absences: PlannerAbsence[];
}

export interface PendingChange {
  activityId: string;
  number: string | null;
  title: string;
  customerName: string;
  change: ChangeKind;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  publishedStart: string | null;
  publishedEnd: string | null;
}

export interface PendingList {
  data: { technicianId: string; technicianName: string; changes: PendingChange[] }[];
  activityIds: string[];
}
