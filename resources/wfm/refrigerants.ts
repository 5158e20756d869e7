import { defineResource, f } from '../schema';

/** ASHRAE 34 safety classes (toxicity A/B, flammability 1, 2L, 2, 3). */
export const SAFETY_CLASSES = ['A1', 'A2L', 'A2', 'A3', 'B1', 'B2L', 'B2', 'B3'] as const;

/**
 * A refrigerant gas and its GWP (docs/domain.md#refrigerants-and-gwp): the table machines and F-gas records take their GWP
 * from. Whether it is an F-gas (R290 and R744 are not), an HFO of Annex II (kilogram leak-check
 * thresholds instead of CO2e) or an ozone-depleting substance (R22) decides the F-gas rules.
 */
export default defineResource({
  name: 'wfm/refrigerants',
  service: 'wfm',
  endpoint: 'refrigerants',
  table: 'refrigerants',
  // Technicians read the table (their activities' F-gas materials name gases); only administrators change it.
  access: { list: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'], show: ['ROLE_ADMIN', 'ROLE_TECHNICIAN'] },
  recordRepresentation: ['code'],
  fields: {
    code: f.text({ required: true, max: 20, unique: true, searchable: true, pattern: /^R[0-9A-Za-z()]+$/ }),
    name: f.text({ required: true, max: 120, searchable: true }),
    gwp: f.integer({ required: true, min: 0, max: 100000 }),
    isFgas: f.boolean({ default: true }),
    isHfo: f.boolean({ default: false }),
    isOds: f.boolean({ default: false }),
    safetyClass: f.enum(SAFETY_CLASSES),
    active: f.boolean({ default: true }),
  },
  views: {
    list: {
      columns: ['code', 'name', 'gwp', 'isFgas', 'isHfo', 'safetyClass', 'active'],
      sort: { field: 'code', order: 'ASC' },
      filters: ['q', 'isFgas', 'safetyClass', 'active'],
    },
    form: {
      sections: [
        { id: 'gas', fields: ['code', 'name', 'gwp', 'safetyClass'] },
        { id: 'rules', fields: ['isFgas', 'isHfo', 'isOds', 'active'] },
      ],
    },
  },
});
