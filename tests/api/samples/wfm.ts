import type { Samples } from './index';

/**
 * Valid workforce records where the field kinds alone are not enough (the rules of resources/wfm/*.ts
 * and the hooks of server/services/wfm). The contract test sends `{...generated, ...sample}`; each
 * sample keeps to the fields that need it.
 */
/**
 * Each activity its own Monday morning (the technicians' working day below): the planning checks refuse a
 * technician planned twice at once (docs/domain.md#planning-checks).
 */
let planned = 0;
const nextMonday = () => {
  const day = new Date(Date.UTC(2026, 2, 2 + 7 * planned++)).toISOString().slice(0, 10);
  return { scheduledStart: `${day}T08:00:00.000Z`, scheduledEnd: `${day}T12:00:00.000Z` };
};

export const samples: Samples = {
  // An F-gas with its GWP, so machines on it have a CO2e charge and F-gas records can be kept.
  'wfm/refrigerants': (refs) => ({ code: `R${refs.unique}`, gwp: 2088, isFgas: true, isHfo: false, isOds: false }),
  // Certified for F-gas work over a span that holds every intervention date below.
  'wfm/technicians': () => ({
    fgasCertificateCategory: 'I',
    fgasCertificateIssueDate: '2020-01-15',
    fgasCertificateExpiryDate: '2099-12-31',
    skills: [],
    workingHours: [{ weekday: 'mon', startTime: '08:00', endTime: '17:00' }],
  }),
  // In service at the shared site, charged with the shared (F-gas) refrigerant, so it needs its type.
  'wfm/machines': (refs) => ({
    siteId: refs.ref('sales/sites'),
    parentMachineId: null,
    refrigerantId: refs.ref('wfm/refrigerants'),
    refrigerantChargeKg: '12.500',
    fgasEquipmentType: 'stationaryAirConditioning',
    installationDate: '2021-05-10',
    warrantyEndDate: '2026-05-10',
    status: 'active',
    decommissionedAt: null,
  }),
  // At the shared site (of the shared customer), on the shared machine there, one technician who leads,
  // a planned half day, one stocked material; no links to requests, plans, contracts or quotes and no
  // F-gas lines (the F-gas register has its own resource).
  'wfm/activities': (refs) => ({
    customerId: refs.record('sales/sites').customerId,
    siteId: refs.ref('sales/sites'),
    machineIds: refs.record('wfm/machines').siteId === refs.ref('sales/sites') ? [refs.ref('wfm/machines')] : [],
    ticketId: null,
    periodicTicketId: null,
    contractId: null,
    quoteId: null,
    technicianIds: [refs.ref('wfm/technicians')],
    leadTechnicianId: refs.ref('wfm/technicians'),
    ...nextMonday(),
    actualStart: null,
    actualEnd: null,
    materials: [
      {
        itemId: refs.ref('wh/items'),
        productId: null,
        description: `Filtro deidratore ${refs.unique}`,
        quantity: '1',
        uom: 'pz',
        sourceWarehouseId: refs.ref('wh/warehouses'),
        lotNumber: null,
        unitPrice: '18.50',
        discountPercent: null,
        billable: true,
      },
    ],
    fgasMaterials: null,
  }),
  // A leak check without leaks on the activity's machine by its certified technician, still to report.
  'wfm/fgas-activities': (refs) => ({
    activityId: refs.ref('wfm/activities'),
    machineId: refs.ref('wfm/machines'),
    technicianId: refs.ref('wfm/technicians'),
    interventionType: 'leakCheck',
    interventionDate: '2025-06-10',
    quantityAddedKg: '0',
    quantityRecoveredKg: '0',
    addedGasOrigin: null,
    reclaimFacilityName: null,
    reclaimFacilityAddress: null,
    reclaimFacilityCertificateNumber: null,
    leakCheckResult: 'noLeak',
    leakLocation: null,
    repairDescription: null,
    repairDate: null,
    equipmentPurchaseDocNumber: null,
    equipmentPurchaseDocDate: null,
    decommissioningMeasures: null,
    recoveredGasDestination: null,
    bancaDatiStatus: 'toReport',
    notRequiredReason: null,
    bancaDatiReportedAt: null,
    bancaDatiReference: null,
    reportedBy: null,
    correctionOfId: null,
  }),
};
