type Row = Record<string, unknown>;

/**
 * What the technicians were sent and must hear about again when it changes (docs/domain.md#planner): who, when,
 * where and on what. Other fields (instructions, checklist ...) the technician reads live on the job.
 */
const PLANNING_FIELDS = ['technicianIds', 'scheduledStart', 'scheduledEnd', 'siteId', 'customerId', 'machineIds'];
const DATETIMES = new Set(['scheduledStart', 'scheduledEnd']);

/** One value as compared: instants by time ("…Z" and "….000Z" are the same), id lists as sets. */
function comparable(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (DATETIMES.has(name) && typeof value === 'string') return String(Date.parse(value));
  if (Array.isArray(value)) return JSON.stringify([...value].map(String).sort());
  return JSON.stringify(value);
}

/** What a re-draft writes: typed by name, so the hooks' returned patch is checked against the definition. */
export interface Redraft {
  planState?: 'draft';
  publicationWarning?: boolean;
}

const REDRAFT: Redraft = { planState: 'draft', publicationWarning: true };

/**
 * The values an update adds when it changes what a published, still assigned activity's technicians were sent:
 * it is a draft again, flagged, until the next sending tells them (old and new). The publication snapshot
 * (publishedAt, publishedTechnicianIds, publishedStart/End) stays: it says what they were told.
 * A completed activity's edits are the office's own records and reach no one's calendar: left as they are.
 */
export function redraftOnUpdate(changes: Row, stored: Row): Redraft {
  if (stored.planState !== 'published' || stored.status !== 'assigned') return {};
  const changed = PLANNING_FIELDS.some(
    (name) => name in changes && comparable(name, changes[name]) !== comparable(name, stored[name]),
  );
  return changed ? { ...REDRAFT } : {};
}

/** `cancel` of an activity ever sent: a draft again, so the next sending tells its technicians it is off. */
export function redraftOnCancel(stored: Row): Redraft | undefined {
  return stored.publishedAt ? { ...REDRAFT } : undefined;
}
