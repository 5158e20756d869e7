import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import type { PendingList, PlanningWindow, QueueItem } from '../../../../resources/wfm/planning';

export type {
  ChangeKind,
  PendingList,
  PlannerAbsence,
  PlannerActivity,
  PlannerTechnician,
  PlanningWindow,
  QueueItem,
} from '../../../../resources/wfm/planning';

/** The planning routes the screen calls (docs/wire-contract.md#planning), typed as the contract gives them. */

export interface PlanningConflict {
  kind: string;
  hard: boolean;
  technicianId: string | null;
  path: string;
  key: string;
  params: Record<string, string>;
  message: string;
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
  (await http<PendingList>(url('pending', { from: from.toISOString(), to: to.toISOString() }))).json;

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
