import { addMonths, after, co2eOf, issue, kilograms, leakCheckInterval, notInFuture } from './shared';
import { defineResource, f, requiredWhen, type RecordInput, type Rule } from '../schema';

export const EQUIPMENT_CATEGORIES = [
  'splitAc',
  'multiSplit',
  'vrf',
  'chiller',
  'heatPump',
  'rooftop',
  'coldRoom',
  'refrigeratedCabinet',
  'condensingUnit',
  'iceMachine',
  'truckUnit',
  'fireProtection',
  'switchgear',
  'other',
] as const;

/** Banca Dati F-gas "tipologia" of the equipment. */
export const FGAS_EQUIPMENT_TYPES = [
  'stationaryRefrigeration',
  'stationaryAirConditioning',
  'stationaryHeatPump',
  'stationaryFireProtection',
  'refrigeratedTruckTrailer',
  'electricalSwitchgear',
  'orc',
] as const;

export const MACHINE_STATUSES = ['active', 'outOfService', 'decommissioned'] as const;

const fields = {
  code: f.text({ required: true, max: 30, unique: true, searchable: true }),
  siteId: f.reference('sales/sites', { required: true }),
  /** The site's customer, kept by the wfm hooks so machines can be listed per customer. */
  customerId: f.reference('sales/customers', { readOnly: true }),
  /** F-gas operator (owner or in control); the site's operator, else its customer, when left empty. */
  operatorCustomerId: f.reference('sales/customers'),
  name: f.text({ required: true, max: 120, searchable: true }),
  equipmentCategory: f.enum(EQUIPMENT_CATEGORIES, { required: true }),
  /** Required when the refrigerant is an F-gas (checked by the wfm hooks, which know the gas). */
  fgasEquipmentType: f.enum(FGAS_EQUIPMENT_TYPES),
  manufacturerId: f.reference('wh/manufacturers'),
  model: f.text({ max: 60, searchable: true }),
  serialNumber: f.text({ max: 60, searchable: true }),
  bancaDatiEquipmentCode: f.text({ max: 40 }),
  parentMachineId: f.reference('wfm/machines', { narrowBy: { siteId: 'siteId' } }),
  installationDate: f.date(),
  purchaseDocNumber: f.text({ max: 20 }),
  purchaseDocDate: f.date(),
  warrantyEndDate: f.date(),
  refrigerantId: f.reference('wfm/refrigerants'),
  refrigerantChargeKg: kilograms({ min: '0.001' }),
  hermeticallySealed: f.boolean({ default: false }),
  leakDetectionSystem: f.boolean({ default: false }),
  // Copied from the refrigerant by the wfm hooks on every change of gas: computed fields read the record only.
  gwp: f.integer({ readOnly: true, min: 0 }),
  refrigerantIsFgas: f.boolean({ readOnly: true }),
  refrigerantIsHfo: f.boolean({ readOnly: true }),
  co2eTonnes: f.computed(f.decimal({ precision: 10, scale: 3 }), (m) => co2eOf(m.refrigerantChargeKg, m.gwp)),
  leakCheckIntervalMonths: f.computed(f.integer(), (m) =>
    leakCheckInterval({
      isFgas: m.refrigerantIsFgas,
      isHfo: m.refrigerantIsHfo,
      chargeKg: m.refrigerantChargeKg,
      gwp: m.gwp,
      hermeticallySealed: m.hermeticallySealed,
      leakDetectionSystem: m.leakDetectionSystem,
    }),
  ),
  /** The latest leak check of the F-gas register (kept by the wfm hooks of F-gas activities). */
  lastLeakCheckDate: f.date({ readOnly: true }),
  /** The day the machine was entered (set by the wfm hooks): the check of a machine of unknown age is due from it. */
  registeredOn: f.date({ readOnly: true }),
  /**
   * Last check (else installation) + interval; a machine never checked whose installation is unknown is
   * due since it was registered (docs/domain.md#leak-check-intervals).
   */
  nextLeakCheckDue: f.computed(f.date(), (m) => {
    if (typeof m.leakCheckIntervalMonths !== 'number') return null;
    const from = m.lastLeakCheckDate ?? m.installationDate;
    return from ? addMonths(from, m.leakCheckIntervalMonths) : (m.registeredOn ?? null);
  }),
  coolingKw: f.decimal({ precision: 8, scale: 2, min: 0 }),
  heatingKw: f.decimal({ precision: 8, scale: 2, min: 0 }),
  locationInSite: f.text({ max: 120 }),
  status: f.enum(MACHINE_STATUSES, { required: true, default: 'active' }),
  decommissionedAt: f.date(),
  attachments: f.attachments(),
  tagIds: f.references('wfm/skills', { max: 20, only: { kind: 'tag' } }),
  notes: f.longText({ max: 2000 }),
};

type Machine = RecordInput<typeof fields>;

const decommissioned: Rule<Machine> = (m) =>
  m.status !== 'decommissioned' && m.decommissionedAt ? [issue('decommissionedAt', 'onlyDecommissioned')] : [];

/** An installed plant or appliance at a customer's site (docs/domain.md#machines), with its refrigerant charge. */
export default defineResource({
  name: 'wfm/machines',
  service: 'wfm',
  endpoint: 'machines',
  table: 'machines',
  // Technicians read them (the machines of their activities).
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['code', 'name'],
  fields,
  rules: [
    requiredWhen<Machine>('refrigerantChargeKg', (m) => !!m.refrigerantId),
    requiredWhen<Machine>('decommissionedAt', (m) => m.status === 'decommissioned'),
    decommissioned,
    notInFuture<Machine>('installationDate'),
    after<Machine>('warrantyEndDate', 'installationDate', true),
  ],
  views: {
    list: {
      columns: [
        'code',
        'name',
        'siteId',
        'equipmentCategory',
        'refrigerantId',
        'refrigerantChargeKg',
        'co2eTonnes',
        'nextLeakCheckDue',
        'status',
      ],
      sort: { field: 'code', order: 'ASC' },
      filters: ['q', 'siteId', 'customerId', 'equipmentCategory', 'refrigerantId', 'status', 'nextLeakCheckDue'],
      // Decommissioned machines need no check. docs/domain.md#leak-check-deadlines
      presets: {
        overdue: {
          where: [
            { field: 'nextLeakCheckDue', operator: 'lt', value: { today: 0 } },
            { field: 'status', operator: 'neq', value: 'decommissioned' },
          ],
          marks: 'nextLeakCheckDue',
          tone: 'error',
        },
        dueSoon: {
          where: [
            { field: 'nextLeakCheckDue', operator: 'gte', value: { today: 0 } },
            { field: 'nextLeakCheckDue', operator: 'lte', value: { today: 30 } },
            { field: 'status', operator: 'neq', value: 'decommissioned' },
          ],
          marks: 'nextLeakCheckDue',
          tone: 'warning',
        },
      },
    },
    form: {
      sections: [
        { id: 'machine', fields: ['code', 'name', 'equipmentCategory', 'status', 'decommissionedAt', 'tagIds'] },
        { id: 'place', fields: ['siteId', 'customerId', 'operatorCustomerId', 'locationInSite', 'parentMachineId'] },
        {
          id: 'product',
          fields: [
            'manufacturerId',
            'model',
            'serialNumber',
            'coolingKw',
            'heatingKw',
            'installationDate',
            'purchaseDocNumber',
            'purchaseDocDate',
            'warrantyEndDate',
          ],
        },
        {
          id: 'fgas',
          fields: [
            'refrigerantId',
            'refrigerantChargeKg',
            'fgasEquipmentType',
            'hermeticallySealed',
            'leakDetectionSystem',
            'bancaDatiEquipmentCode',
            'gwp',
            'co2eTonnes',
            'leakCheckIntervalMonths',
            'lastLeakCheckDate',
            'registeredOn',
            'nextLeakCheckDue',
          ],
        },
        { id: 'other', fields: ['attachments', 'notes'] },
      ],
    },
  },
});
