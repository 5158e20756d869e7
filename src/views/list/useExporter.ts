import { downloadCSV, useTranslate, type Exporter, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { useAppState } from '../../app/state';
import { toCsv } from './csv';

/**
 * The list's CSV export: the definition's list columns under their translated labels, enum values and
 * booleans translated, references written as the records they name (as the list shows them).
 */
export function useExporter(def: ResourceDefinition): Exporter {
  const translate = useTranslate();
  const { definitions, represent } = useAppState();
  const columns = def.views.list.columns;
  return async (records: RaRecord[], fetchRelatedRecords) => {
    const related = new Map<string, Record<string, RaRecord>>();
    for (const name of columns) {
      const field = def.fields[name];
      const target = definitions.find((d) => d.name === field.reference);
      if ((field.kind === 'reference' || field.kind === 'references') && target) {
        related.set(name, await fetchRelatedRecords<RaRecord>(records, name, target.name));
      }
    }
    const text = (name: string, value: unknown): string => {
      const field = def.fields[name];
      if (value === null || value === undefined) return '';
      if (related.has(name)) {
        const target = definitions.find((d) => d.name === field.reference)!;
        const ids = Array.isArray(value) ? value : [value];
        return ids
          .map((id) => related.get(name)![String(id)])
          .filter(Boolean)
          .map((record) => represent(target, record))
          .join(', ');
      }
      if (field.kind === 'enum') return translate(`resources.${def.name}.enums.${name}.${String(value)}`);
      if (field.kind === 'enumList' && Array.isArray(value))
        return value.map((v) => translate(`resources.${def.name}.enums.${name}.${String(v)}`)).join(', ');
      if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
      if (Array.isArray(value)) return value.map(String).join(', ');
      if (typeof value === 'object') return Object.values(value).filter(Boolean).join(', ');
      return String(value);
    };
    const header = columns.map((name) => translate(`resources.${def.name}.fields.${name}`));
    const rows = records.map((record) => columns.map((name) => text(name, record[name])));
    const plural = translate(`resources.${def.name}.name`, { smart_count: 2 });
    downloadCSV(toCsv([header, ...rows]), plural);
  };
}
