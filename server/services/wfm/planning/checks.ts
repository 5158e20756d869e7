import { sql } from 'kysely';
import absences from '../../../../resources/wfm/absences';
import activities from '../../../../resources/wfm/activities';
import machines from '../../../../resources/wfm/machines';
import skills from '../../../../resources/wfm/skills';
import technicians from '../../../../resources/wfm/technicians';
import { tableRef } from '../../../db/derive';
import type { Db } from '../../../db/tables';
import { translate, type Lang } from '../../../http/lang';
import { readableDay, readableInstant, romeWallClock } from './rome-time';
import { outsideWorkingHours, type WorkingHoursLine } from './working-hours';

/** docs/domain.md#planning-checks */
export type ConflictKind = 'overlap' | 'missingSkill' | 'certificate' | 'absence' | 'outsideWorkingHours';

export interface PlanningConflict {
  kind: ConflictKind;
  /** A hard conflict refuses the plan; a soft one (outsideWorkingHours) stands with a recorded reason. */
  hard: boolean;
  /** Whose conflict; null when the team as a whole lacks something (a skill, a certificate). */
  technicianId: string | null;
  path: 'scheduledStart' | 'technicianIds';
  key: string;
  params: Record<string, string>;
  /** In the request's language, naming the conflict. */
  message: string;
  /** The activity the slot overlaps. */
  activityId?: string;
  absenceId?: string;
}

/** A planned slot to judge: an activity's (activityId, excluded from the overlaps) or a proposed one. */
export interface PlanningSlot {
  activityId?: string | null;
  technicianIds: string[];
  scheduledStart: string;
  scheduledEnd: string;
  requiredSkillIds?: string[];
  type?: string;
  machineIds?: string[];
}

/** Jobs that handle the refrigerant of an F-gas machine need a certified technician (docs/domain.md#planning-checks). */
const GAS_HANDLING_TYPES: readonly string[] = ['installation', 'repair', 'decommissioning', 'maintenance'];

interface SkillLine {
  skillId?: string | null;
  certificateNumber?: string | null;
  validUntil?: string | null;
}

interface Technician {
  id: string;
  name: string;
  skills: SkillLine[];
  workingHours: WorkingHoursLine[];
  fgasCertificateNumber: string | null;
  fgasCertificateExpiryDate: string | null;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Every conflict of a slot with the tenant's other work and its technicians (docs/domain.md#planning-checks):
 * overlaps, skills, F-gas certificate, absences (hard) and working hours (soft). A handful of queries, none
 * per technician or activity. Times and days are Italian wall clock.
 */
export async function planningConflicts(
  trx: Db,
  tenant: string,
  slot: PlanningSlot,
  lang: Lang,
): Promise<PlanningConflict[]> {
  const team = [...new Set(slot.technicianIds)];
  const day = romeWallClock(slot.scheduledStart).day;
  const conflict = (
    kind: ConflictKind,
    technicianId: string | null,
    params: Record<string, string>,
    ids: Pick<PlanningConflict, 'activityId' | 'absenceId'> = {},
  ): PlanningConflict => {
    const key = `validation.wfm.planning.${kind}`;
    const path = kind === 'missingSkill' || kind === 'certificate' ? 'technicianIds' : 'scheduledStart';
    const message = translate(lang, key, params);
    return { kind, hard: kind !== 'outsideWorkingHours', technicianId, path, key, params, message, ...ids };
  };
  const people = await teamOf(trx, tenant, team);
  const nameOf = (id: string) => people.get(id)?.name ?? id;
  const out: PlanningConflict[] = [];

  for (const other of await overlapping(trx, tenant, slot, team))
    for (const technicianId of other.technicianIds.filter((id) => team.includes(id)))
      out.push(
        conflict(
          'overlap',
          technicianId,
          {
            technician: nameOf(technicianId),
            activity: other.number,
            start: romeWallClock(other.scheduledStart).time,
            end: romeWallClock(other.scheduledEnd).time,
          },
          { activityId: other.id },
        ),
      );

  for (const skill of await missingSkills(trx, tenant, slot.requiredSkillIds ?? [], [...people.values()], day))
    out.push(conflict('missingSkill', null, { skill, date: readableDay(day) }));

  if (await needsFgasCertificate(trx, tenant, slot)) {
    const certified = [...people.values()].some(
      (t) => filled(t.fgasCertificateNumber) && !!t.fgasCertificateExpiryDate && t.fgasCertificateExpiryDate >= day,
    );
    if (!certified) out.push(conflict('certificate', null, { date: readableDay(day) }));
  }

  for (const away of await absent(trx, tenant, slot, team))
    out.push(
      conflict(
        'absence',
        away.technicianId,
        {
          technician: nameOf(away.technicianId),
          kind: translate(lang, `resources.wfm/absences.enums.kind.${away.kind}`),
          start: readableInstant(away.start),
          end: readableInstant(away.end),
        },
        { absenceId: away.id },
      ),
    );

  for (const technician of people.values()) {
    const hours = outsideWorkingHours(technician.workingHours, slot.scheduledStart, slot.scheduledEnd, lang);
    if (hours)
      out.push(
        conflict('outsideWorkingHours', technician.id, {
          technician: technician.name,
          start: romeWallClock(slot.scheduledStart).time,
          end: romeWallClock(slot.scheduledEnd).time,
          ...hours,
        }),
      );
  }
  return out;
}

/** The assigned technicians, by id, with what the checks read of them. */
async function teamOf(trx: Db, tenant: string, team: string[]): Promise<Map<string, Technician>> {
  if (team.length === 0) return new Map();
  const rows = await trx
    .selectFrom(tableRef(technicians))
    .select([
      'id',
      'firstName',
      'lastName',
      'skills',
      'workingHours',
      'fgasCertificateNumber',
      'fgasCertificateExpiryDate',
    ])
    .where('tenantId', '=', tenant)
    .where('id', 'in', team)
    .execute();
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        id: String(row.id),
        name: [row.firstName, row.lastName].filter(Boolean).join(' '),
        skills: (row.skills ?? []) as SkillLine[],
        workingHours: (row.workingHours ?? []) as WorkingHoursLine[],
        fgasCertificateNumber: (row.fgasCertificateNumber as string | null) ?? null,
        fgasCertificateExpiryDate: (row.fgasCertificateExpiryDate as string | null) ?? null,
      },
    ]),
  );
}

/**
 * The tenant's other live activities sharing a technician whose slot intersects this one (touching ends
 * do not: [start, end) against [start, end)).
 */
async function overlapping(trx: Db, tenant: string, slot: PlanningSlot, team: string[]) {
  if (team.length === 0) return [];
  let query = trx
    .selectFrom(tableRef(activities))
    .select(['id', 'number', 'technicianIds', 'scheduledStart', 'scheduledEnd'])
    .where('tenantId', '=', tenant)
    .where('status', '<>', 'cancelled')
    .where(sql<boolean>`${sql.ref('technicianIds')} && array[${sql.join(team)}]::uuid[]`)
    .where('scheduledStart', '<', slot.scheduledEnd)
    .where('scheduledEnd', '>', slot.scheduledStart);
  if (slot.activityId) query = query.where('id', '<>', slot.activityId);
  const rows = await query.orderBy('scheduledStart').orderBy('number').execute();
  return rows.map((row) => ({
    id: String(row.id),
    number: String(row.number ?? ''),
    technicianIds: (row.technicianIds ?? []) as string[],
    scheduledStart: String(row.scheduledStart),
    scheduledEnd: String(row.scheduledEnd),
  }));
}

/**
 * The names of the required skills no assigned technician holds on `day`: a skill line counts while its
 * `validUntil` is empty or not past, and for a skill that requires a certificate only with its number.
 */
async function missingSkills(
  trx: Db,
  tenant: string,
  required: string[],
  team: Technician[],
  day: string,
): Promise<string[]> {
  if (required.length === 0) return [];
  const rows = await trx
    .selectFrom(tableRef(skills))
    .select(['id', 'name', 'requiresCertificate'])
    .where('tenantId', '=', tenant)
    .where('id', 'in', [...new Set(required)])
    .orderBy('name')
    .execute();
  const held = (skillId: string, requiresCertificate: boolean) =>
    team.some((technician) =>
      technician.skills.some(
        (line) =>
          line.skillId === skillId &&
          (!filled(line.validUntil) || line.validUntil >= day) &&
          (!requiresCertificate || filled(line.certificateNumber)),
      ),
    );
  return rows.filter((row) => !held(String(row.id), row.requiresCertificate === true)).map((row) => String(row.name));
}

/** A leak check, or gas-handling work on a machine holding an F-gas. */
async function needsFgasCertificate(trx: Db, tenant: string, slot: PlanningSlot): Promise<boolean> {
  if (slot.type === 'leakCheck') return true;
  if (!slot.type || !GAS_HANDLING_TYPES.includes(slot.type) || !slot.machineIds?.length) return false;
  const fgas = await trx
    .selectFrom(tableRef(machines))
    .select('id')
    .where('tenantId', '=', tenant)
    .where('id', 'in', slot.machineIds)
    .where('refrigerantIsFgas', '=', true)
    .executeTakeFirst();
  return fgas !== undefined;
}

/** The assigned technicians' absences intersecting the slot. */
async function absent(trx: Db, tenant: string, slot: PlanningSlot, team: string[]) {
  if (team.length === 0) return [];
  const rows = await trx
    .selectFrom(tableRef(absences))
    .select(['id', 'technicianId', 'kind', 'start', 'end'])
    .where('tenantId', '=', tenant)
    .where('technicianId', 'in', team)
    .where('start', '<', slot.scheduledEnd)
    .where('end', '>', slot.scheduledStart)
    .orderBy('start')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    technicianId: String(row.technicianId),
    kind: String(row.kind),
    start: String(row.start),
    end: String(row.end),
  }));
}
