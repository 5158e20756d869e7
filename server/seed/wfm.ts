import { wfmMachines, wfmRefrigerants, wfmSkills, wfmTechnicians } from '../../resources/index';
import type { ResourceDefinition } from '../../resources/schema';
import { type Actor, Records } from '../records';
import { wfmHooks } from '../services/wfm/hooks';
import { seedActivities, type SeedWorld, type SeededMachine } from './wfm-activities';
import { type CrewMember, WORKDAYS, WORKING_LINES } from './wfm-calendar';
import { demoFiscalCode, MACHINE_KINDS, REFRIGERANTS, SKILLS, TECHNICIANS } from './wfm-data';
import type { Db } from '../db/tables';

type Row = Record<string, unknown>;

export const records = (trx: Db, d: unknown) =>
  new Records(trx, d as ResourceDefinition, wfmHooks[(d as ResourceDefinition).name]);

/** mulberry32 seeded from a string: every start seeds the same demo. */
export function seeded(seed: string): () => number {
  let a = 2166136261;
  for (const c of seed) a = Math.imul(a ^ c.charCodeAt(0), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];
const between = (next: () => number, [low, high]: readonly [number, number], decimals: number) =>
  (low + next() * (high - low)).toFixed(decimals);

/**
 * Workforce demo data of one tenant, after sales and warehouse (their customers' sites, manufacturers,
 * items and vans): the GWP table always (the regulatory reference data every tenant needs, also at
 * `scale` 0); with `scale` > 0 skills and tags, eight technicians (the first one is the demo user
 * `tecnico`), about two machines per site, and activities with their F-gas records and work reports
 * (wfm-activities.ts). Everything goes through the API's create path and lifecycle actions.
 */
export async function seedWfm(trx: Db, tenant: string, options: { scale: number; now?: Date }): Promise<void> {
  const admin: Actor = { tenant, username: 'admin', roles: ['ROLE_ADMIN'] };
  const gases = new Map<string, Row>();
  const refrigerants = records(trx, wfmRefrigerants);
  for (const gas of REFRIGERANTS) {
    const row = await refrigerants.insert(
      admin,
      { isFgas: true, isHfo: false, isOds: false, active: true, ...gas },
      'it',
    );
    gases.set(gas.code, row);
  }
  if (options.scale <= 0) return;
  const next = seeded(`${tenant}/wfm`);

  const skillRecords = records(trx, wfmSkills);
  const skills = new Map<string, string>();
  for (const skill of SKILLS) {
    const row = await skillRecords.insert(
      admin,
      {
        name: skill.name,
        kind: skill.kind,
        color: skill.color,
        parentId: skill.parent ? skills.get(skill.parent) : null,
        requiresCertificate: skill.certificate ?? false,
        description: skill.description,
      },
      'it',
    );
    skills.set(skill.name, row.id as string);
  }

  const technicians = await seedTechnicians(trx, tenant, admin, skills, next);
  const machines = await seedMachines(trx, tenant, admin, gases, next, options.scale);
  if (machines.length === 0) return;
  const world: SeedWorld = {
    tenant,
    admin,
    technicians,
    machines,
    gases,
    skills,
    next,
    now: options.now ?? new Date(),
  };
  await seedActivities(trx, world, {
    count: Math.round((tenant === 'acme' ? 300 : 80) * options.scale),
    // The smaller demo company keeps its crew's fortnight lighter: the seed stays quick.
    scale: options.scale * (tenant === 'acme' ? 1 : 0.4),
  });
}

async function seedTechnicians(trx: Db, tenant: string, admin: Actor, skills: Map<string, string>, next: () => number) {
  const tecnico = await trx
    .selectFrom('oauth2.users')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('username', '=', 'tecnico')
    .executeTakeFirst();
  const vans = await trx
    .selectFrom('warehouse.warehouses')
    .select('id')
    .where('tenantId', '=', tenant)
    .where('type', '=', 'van')
    .orderBy('code')
    .execute()
    .catch(() => [] as { id: string }[]);
  const technicianRecords = records(trx, wfmTechnicians);
  const out: CrewMember[] = [];
  for (const [i, t] of TECHNICIANS.entries()) {
    // A lapsed certificate was issued ten years before it ran out, last year.
    const issued =
      t.fgas === 'expired' ? '2015-10-15' : `20${String(19 + (i % 6)).padStart(2, '0')}-0${1 + (i % 9)}-15`;
    const expiry = `${Number(issued.slice(0, 4)) + 10}${issued.slice(4)}`;
    const certificate = t.fgas === 'none' ? null : `IT-${String(Math.floor(next() * 900000) + 100000)}-PF`;
    const phone = `+39 3${String(20 + i * 7).padStart(2, '0')} ${String(1000000 + Math.floor(next() * 8999999))}`;
    const lines = t.skills.map((name, s) => ({
      skillId: skills.get(name)!,
      level: 2 + ((i + s) % 4),
      // A skill that needs a certificate counts only with its number (docs/domain.md#planning-checks).
      certificateNumber:
        name === 'F-gas cat. I'
          ? certificate
          : name === 'PES/PAV'
            ? `PES-${1000 + i * 37}`
            : name === 'Lavori in quota'
              ? `PLE-${2000 + i * 53}`
              : null,
      validUntil: name === 'Lavori in quota' ? '2027-06-30' : name === 'F-gas cat. I' ? expiry : null,
    }));
    const row = await technicianRecords.insert(
      admin,
      {
        userId: i === 0 ? (tecnico?.id ?? null) : null,
        firstName: t.firstName,
        lastName: t.lastName,
        taxCode: demoFiscalCode(t.firstName, t.lastName, t.born, t.female),
        phone,
        email: `${t.firstName}.${t.lastName}@${tenant}.example.it`.toLowerCase(),
        color: t.color,
        team: t.team,
        zone: t.zone,
        vanWarehouseId: vans[i]?.id ?? null,
        ...(certificate
          ? {
              fgasCertificateNumber: certificate,
              fgasCertificateCategory: 'I',
              fgasCertificateIssuer: 'Bureau Veritas Italia S.p.A.',
              fgasCertificateIssueDate: issued,
              fgasCertificateExpiryDate: expiry,
            }
          : {}),
        skills: lines,
        workingHours: WORKDAYS.flatMap((weekday) => WORKING_LINES.map((line) => ({ weekday, ...line }))),
        hourlyCost: between(next, [26, 38], 2),
        active: true,
      },
      'it',
    );
    out.push({
      id: row.id as string,
      name: `${t.firstName} ${t.lastName}`,
      username: i === 0 && tecnico ? 'tecnico' : null,
      van: (vans[i]?.id as string) ?? null,
      team: t.team,
      zone: t.zone,
      skills: new Map(lines.map((line) => [line.skillId, line.validUntil])),
      fgas: certificate ? { from: issued, to: expiry } : null,
    });
  }
  return out;
}

async function seedMachines(
  trx: Db,
  tenant: string,
  admin: Actor,
  gases: Map<string, Row>,
  next: () => number,
  scale: number,
): Promise<SeededMachine[]> {
  const sites = await trx
    .selectFrom('sales.sites')
    .select(['id', 'customerId', 'zone'])
    .where('tenantId', '=', tenant)
    .orderBy('code')
    .orderBy('id')
    .execute()
    .catch(() => [] as Row[]);
  const makers = await trx
    .selectFrom('warehouse.manufacturers')
    .select(['id', 'name'])
    .where('tenantId', '=', tenant)
    .execute()
    .catch(() => [] as Row[]);
  const makerId = (names: readonly string[]) => {
    const known = makers.filter((m) => names.includes(String(m.name)));
    return known.length > 0 ? (pick(next, known).id as string) : null;
  };
  const machineRecords = records(trx, wfmMachines);
  const out: SeededMachine[] = [];
  const perSite = Math.max(1, Math.round(2 * Math.min(scale, 1)));
  for (const site of sites) {
    for (let k = 0; k < perSite + (next() < 0.25 ? 1 : 0); k++) {
      const kind = pick(next, MACHINE_KINDS);
      const gasCode = pick(next, kind.gases);
      const gas = gases.get(gasCode)!;
      const installed = `20${String(14 + Math.floor(next() * 11)).padStart(2, '0')}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
      const status = next() < 0.05 ? 'outOfService' : 'active';
      const unknownAge = out.length % 17 === 5;
      const row = await machineRecords.insert(
        admin,
        {
          code: `IMP-${String(out.length + 1).padStart(5, '0')}`,
          siteId: site.id,
          name: pick(next, kind.names),
          equipmentCategory: kind.category,
          fgasEquipmentType: gas.isFgas ? kind.fgasType : null,
          manufacturerId: makerId(kind.makers),
          model: `${kind.category.slice(0, 3).toUpperCase()}-${Math.floor(next() * 900 + 100)}${pick(next, ['', 'A', 'B', 'V'])}`,
          serialNumber: `SN${Math.floor(next() * 1e9)
            .toString(36)
            .toUpperCase()}`,
          // Now and then an old plant nobody knows the age of: its first check is due from when it was entered.
          installationDate: unknownAge ? null : installed,
          warrantyEndDate: unknownAge ? null : `${Number(installed.slice(0, 4)) + 2}${installed.slice(4)}`,
          refrigerantId: gas.id,
          refrigerantChargeKg: between(next, kind.kg, 3),
          hermeticallySealed: kind.category === 'refrigeratedCabinet' || kind.category === 'iceMachine',
          leakDetectionSystem: kind.category === 'chiller' && next() < 0.5,
          coolingKw: between(next, kind.kw, 2),
          heatingKw: kind.category === 'heatPump' || kind.category === 'vrf' ? between(next, kind.kw, 2) : null,
          locationInSite: pick(next, [
            'Copertura',
            'Locale tecnico',
            'Retro negozio',
            'Cortile interno',
            'Piano interrato',
          ]),
          status,
          bancaDatiEquipmentCode: gas.isFgas && next() < 0.6 ? `IT${Math.floor(next() * 1e10)}` : null,
        },
        'it',
      );
      out.push({
        id: row.id as string,
        siteId: site.id as string,
        siteZone: (site.zone as string | null) ?? null,
        category: kind.category,
        customerId: site.customerId as string,
        refrigerantId: gas.id as string,
        gasCode,
        isFgas: gas.isFgas === true,
        chargeKg: String(row.refrigerantChargeKg),
        interval: row.leakCheckIntervalMonths as number | null,
        status,
      });
    }
  }
  return out;
}
