import { decimal, defineResource, f, requiredWhen, type RecordInput } from '../schema';
import { GAS_ORIGINS } from './activities';
import { addDays, addMonths, after, blank, co2eOf, kilograms, notInFuture } from './shared';

export const INTERVENTION_TYPES = ['installation', 'leakCheck', 'maintenance', 'repair', 'decommissioning'] as const;
export const LEAK_CHECK_RESULTS = ['noLeak', 'leakFound', 'leakRepaired'] as const;
export const BANCA_DATI_STATUSES = ['toReport', 'reported', 'notRequired'] as const;

const fields = {
  activityId: f.reference('wfm/activities', { required: true }),
  /** Its refrigerant must be an F-gas (checked by the wfm hooks, which also take the snapshots below). */
  machineId: f.reference('wfm/machines', { required: true }),
  interventionType: f.enum(INTERVENTION_TYPES, { required: true }),
  interventionDate: f.date({ required: true }),
  // Snapshots of the machine at the intervention, so a later change of the gas table rewrites no history.
  gasCode: f.text({ readOnly: true, max: 20 }),
  gwp: f.integer({ readOnly: true, min: 0 }),
  chargeKg: f.decimal({ precision: 10, scale: 3, min: 0, readOnly: true }),
  co2eTonnes: f.computed(f.decimal({ precision: 10, scale: 3 }), (r) => co2eOf(r.chargeKg, r.gwp)),
  quantityAddedKg: kilograms({ required: true, default: '0.000' }),
  quantityRecoveredKg: kilograms({ required: true, default: '0.000' }),
  addedGasOrigin: f.enum(GAS_ORIGINS),
  reclaimFacilityName: f.text({ max: 120 }),
  reclaimFacilityAddress: f.text({ max: 200 }),
  reclaimFacilityCertificateNumber: f.text({ max: 40 }),
  leakCheckResult: f.enum(LEAK_CHECK_RESULTS),
  leakLocation: f.longText({ max: 1000 }),
  repairDescription: f.longText({ max: 1000 }),
  repairDate: f.date(),
  /** The re-check a found or repaired leak calls for: one month after the repair (or the finding). */
  followUpCheckDueDate: f.computed(f.date(), (r) =>
    r.leakCheckResult === 'leakFound' || r.leakCheckResult === 'leakRepaired'
      ? addMonths(r.repairDate ?? r.interventionDate, 1)
      : null,
  ),
  /** Needs an F-gas certificate valid on the intervention date (checked by the wfm hooks). */
  technicianId: f.reference('wfm/technicians', { required: true }),
  technicianCertificateNumber: f.text({ readOnly: true, max: 40 }),
  companyCertificateNumber: f.text({ required: true, max: 40 }),
  operatorName: f.text({ readOnly: true, max: 120 }),
  operatorTaxCode: f.text({ readOnly: true, max: 30 }),
  siteAddress: f.address({ readOnly: true }),
  equipmentPurchaseDocNumber: f.text({ max: 20 }),
  equipmentPurchaseDocDate: f.date(),
  decommissioningMeasures: f.longText({ max: 2000 }),
  recoveredGasDestination: f.longText({ max: 1000 }),
  bancaDatiStatus: f.enum(BANCA_DATI_STATUSES, { required: true, default: 'toReport' }),
  notRequiredReason: f.text({ max: 200 }),
  /** The 30-day deadline of DPR 146/2018 art. 16 for the Banca Dati F-gas communication. */
  bancaDatiDueDate: f.computed(f.date(), (r) => addDays(r.interventionDate, 30)),
  bancaDatiReportedAt: f.date(),
  bancaDatiReference: f.text({ max: 60 }),
  reportedBy: f.text({ max: 80 }),
  correctionOfId: f.reference('wfm/fgas-activities'),
  notes: f.longText({ max: 1000 }),
};

type FgasActivity = RecordInput<typeof fields>;

const added = (r: FgasActivity) => !blank(r.quantityAddedKg) && decimal.compare(r.quantityAddedKg, 0) > 0;
const reported = (r: FgasActivity) => r.bancaDatiStatus === 'reported';

/** The F-gas register record of one intervention on one machine (docs/domain.md#the-f-gas-register). */
export default defineResource({
  name: 'wfm/fgas-activities',
  service: 'wfm',
  endpoint: 'fgas-activities',
  table: 'fgas_activities',
  // Kept at least five years (Reg. 2024/573 Art. 7): never deleted; corrected by a new record.
  // Technicians read the register of the machines they reach (server/services/wfm/technician-scope.ts).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], delete: [] },
  recordRepresentation: ['interventionDate', 'gasCode'],
  fields,
  rules: [
    notInFuture<FgasActivity>('interventionDate'),
    requiredWhen<FgasActivity>('addedGasOrigin', added),
    requiredWhen<FgasActivity>(
      'reclaimFacilityName',
      (r) => added(r) && !blank(r.addedGasOrigin) && r.addedGasOrigin !== 'virgin',
    ),
    requiredWhen<FgasActivity>(
      'reclaimFacilityCertificateNumber',
      (r) => added(r) && !blank(r.addedGasOrigin) && r.addedGasOrigin !== 'virgin',
    ),
    requiredWhen<FgasActivity>(
      'leakCheckResult',
      (r) => r.interventionType === 'leakCheck' || r.interventionType === 'repair',
    ),
    requiredWhen<FgasActivity>(
      'leakLocation',
      (r) => r.leakCheckResult === 'leakFound' || r.leakCheckResult === 'leakRepaired',
    ),
    requiredWhen<FgasActivity>('repairDescription', (r) => r.leakCheckResult === 'leakRepaired'),
    requiredWhen<FgasActivity>('equipmentPurchaseDocNumber', (r) => r.interventionType === 'installation'),
    requiredWhen<FgasActivity>('equipmentPurchaseDocDate', (r) => r.interventionType === 'installation'),
    requiredWhen<FgasActivity>('decommissioningMeasures', (r) => r.interventionType === 'decommissioning'),
    requiredWhen<FgasActivity>('recoveredGasDestination', (r) => r.interventionType === 'decommissioning'),
    requiredWhen<FgasActivity>('notRequiredReason', (r) => r.bancaDatiStatus === 'notRequired'),
    requiredWhen<FgasActivity>('bancaDatiReportedAt', reported),
    requiredWhen<FgasActivity>('bancaDatiReference', reported),
    after<FgasActivity>('bancaDatiReportedAt', 'interventionDate', true),
    after<FgasActivity>('repairDate', 'interventionDate', true),
  ],
  views: {
    list: {
      columns: [
        'interventionDate',
        'machineId',
        'interventionType',
        'gasCode',
        'quantityAddedKg',
        'quantityRecoveredKg',
        'leakCheckResult',
        'bancaDatiStatus',
        'bancaDatiDueDate',
      ],
      sort: { field: 'interventionDate', order: 'DESC' },
      filters: [
        'interventionType',
        'bancaDatiStatus',
        'machineId',
        'activityId',
        'technicianId',
        'bancaDatiDueDate',
        'leakCheckResult',
      ],
      // Past the 30-day deadline and still to report. docs/domain.md#leak-check-deadlines
      presets: {
        overdue: {
          where: [
            { field: 'bancaDatiDueDate', operator: 'lt', value: { today: 0 } },
            { field: 'bancaDatiStatus', operator: 'eq', value: 'toReport' },
          ],
          marks: 'bancaDatiDueDate',
          tone: 'error',
        },
      },
    },
    form: {
      sections: [
        {
          id: 'intervention',
          fields: [
            'activityId',
            'machineId',
            'interventionType',
            'interventionDate',
            'technicianId',
            'companyCertificateNumber',
            'technicianCertificateNumber',
          ],
        },
        {
          id: 'gas',
          fields: [
            'gasCode',
            'gwp',
            'chargeKg',
            'co2eTonnes',
            'quantityAddedKg',
            'quantityRecoveredKg',
            'addedGasOrigin',
            'reclaimFacilityName',
            'reclaimFacilityAddress',
            'reclaimFacilityCertificateNumber',
          ],
        },
        {
          id: 'leak',
          fields: ['leakCheckResult', 'leakLocation', 'repairDescription', 'repairDate', 'followUpCheckDueDate'],
        },
        {
          id: 'equipment',
          fields: [
            'operatorName',
            'operatorTaxCode',
            'siteAddress',
            'equipmentPurchaseDocNumber',
            'equipmentPurchaseDocDate',
            'decommissioningMeasures',
            'recoveredGasDestination',
          ],
        },
        {
          id: 'bancaDati',
          fields: [
            'bancaDatiStatus',
            'notRequiredReason',
            'bancaDatiDueDate',
            'bancaDatiReportedAt',
            'bancaDatiReference',
            'reportedBy',
            'correctionOfId',
            'notes',
          ],
        },
      ],
    },
  },
});
