import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';

/** The planning routes the screen calls (docs/wire-contract.md#planning), typed as the contract gives them. */

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

export interface PlanningConflict {
  kind: string;
  hard: boolean;
  technicianId: string | null;
  path: string;
  key: string;
  params: Record<string, string>;
  message: string;
}

export type ChangeKind = 'new' | 'moved' | 'changed' | 'cancelled' | 'removed';

export interface PendingTechnician {
  technicianId: string;
  technicianName: string;
  changes: {
    activityId: string;
    number: string | null;
    title: string;
    customerName: string;
    change: ChangeKind;
    scheduledStart: string | null;
    scheduledEnd: string | null;
    publishedStart: string | null;
    publishedEnd: string | null;
  }[];
}

export interface Pending {
  data: PendingTechnician[];
  activityIds: string[];
}

const url = (path: string, query: Record<string, string | undefined> = {}) => {
  const base = (serviceUrl('wfm') ?? '/wfm').replace(/\/+$/, '');
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  const search = params.toString();
  return `${base}/api/planning/${path}${search ? `?${search}` : ''}`;
};

export const fetchWindow = async (from: Date, to: Date, signal?: AbortSignal) =>
  (await http<PlanningWindow>(url('window', { from: from.toISOString(), to: to.toISOString() }), { signal })).json;

export const fetchQueue = async (filters: { zone?: string; skillId?: string; q?: string }, signal?: AbortSignal) =>
  (await http<{ data: QueueItem[]; total: number }>(url('queue', filters), { signal })).json;

export interface Slot {
  activityId: string;
  technicianIds: string[];
  scheduledStart: string;
  scheduledEnd: string;
}

/** The dry run of the planning checks: what saving this slot would meet. */
export const checkSlot = async (slot: Slot) =>
  (await http<{ conflicts: PlanningConflict[] }>(url('check'), { method: 'POST', body: slot })).json.conflicts;

export const fetchPending = async (from: Date, to: Date) =>
  (await http<Pending>(url('pending', { from: from.toISOString(), to: to.toISOString() }))).json;

export const publish = async (activityIds: string[]) =>
  (
    await http<{ published: number; technicians: { technicianId: string; changes: number }[] }>(url('publish'), {
      method: 'POST',
      body: { activityIds },
    })
  ).json;

export const generate = async () =>
  (
    await http<{ created: { periodic: number; leakCheck: number; contract: number } }>(url('generate'), {
      method: 'POST',
      body: {},
    })
  ).json;
