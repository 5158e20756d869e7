import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { MAX_OFFSET, type ResourceDefinition } from '../../../resources/schema';
import { tenantCurrency } from '../../app/format';
import { useAppState } from '../../app/state';
import { exportRows } from './cells';
import { collectExport, ExportTooLarge } from './collect';
import { exportColumns, referenceTargets } from './columns';
import { italianCsv } from './csv';
import { saveFile } from '../save-file';

export type ExportFormat = 'csv' | 'xlsx';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'reading'; fetched: number; total: number }
  | { phase: 'writing' }
  | { phase: 'failed'; message: string; params?: Record<string, unknown> };

/**
 * The export of the list in context (docs/spa.md#exports): every record of its current filters and sort,
 * references as their labels, in CSV (Italian convention) or XLSX (typed cells; its writer is loaded on
 * first use). `cancel` aborts the requests under way and no file is written.
 */
export function useListExport(def: ResourceDefinition) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { definitions, represent, config } = useAppState();
  const { filter, filterValues, sort, total } = useListContext();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the list stops its export.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: 'reading', fetched: 0, total: total ?? 0 });
      try {
        const columns = exportColumns(def);
        const known = new Map(definitions.map((d) => [d.name, d]));
        const references = new Map([...referenceTargets(columns)].filter(([, target]) => known.has(target)));
        const { records, label } = await collectExport(
          {
            dataProvider,
            resource: def.name,
            filter: filter ? { ...filterValues, ...filter } : filterValues,
            sort,
            references,
            represent: (target, record) => represent(known.get(target)!, record),
          },
          (progress) => setState({ phase: 'reading', ...progress }),
          controller.signal,
        );
        setState({ phase: 'writing' });
        const { header, rows } = exportRows(def, columns, records, { translate, label });
        const name = translate(`resources.${def.name}.name`, { smart_count: 2 });
        const blob =
          format === 'csv'
            ? new Blob([italianCsv(header, rows)], { type: 'text/csv;charset=utf-8' })
            : await (await import('./xlsx')).toXlsx(header, rows, { title: name, currency: tenantCurrency(config) });
        if (controller.signal.aborted) return;
        saveFile(blob, `${name}.${format}`);
        setState({ phase: 'idle' });
      } catch (error) {
        // A cancelled export ends quietly: the user asked for no file.
        if (controller.signal.aborted) return;
        console.error(error);
        setState(
          error instanceof ExportTooLarge
            ? { phase: 'failed', message: 'exports.tooLarge', params: { total: error.total, max: MAX_OFFSET } }
            : { phase: 'failed', message: 'exports.failed' },
        );
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [config, dataProvider, def, definitions, filter, filterValues, represent, sort, total, translate],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
