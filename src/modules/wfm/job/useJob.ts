import { useCallback, useEffect, useRef } from 'react';
import { useDataProvider, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { isConflict, problemMessages } from './problems';

export type JobRecord = RaRecord & { version: number } & Record<string, unknown>;

/**
 * The activity on the job screen and the two ways to change it: an update of some fields and a
 * lifecycle action, both sent with the version read. Changes run one after the other, each on the
 * record the previous one returned, so quick ticks never race each other into a 409; a 409 (someone
 * else changed it) reloads the record and says so. Resolves whether the change was made.
 */
export function useJob(id: string) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const query = useGetOne<JobRecord>('wfm/activities', { id });
  const latest = useRef<JobRecord | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const { data, refetch } = query;
  useEffect(() => {
    if (data && (!latest.current || data.version >= latest.current.version)) latest.current = data;
  }, [data]);

  const run = useCallback(
    (change: (record: JobRecord) => Promise<{ data: RaRecord }>): Promise<boolean> => {
      const next = queue.current.then(async () => {
        const record = latest.current;
        if (!record) return false;
        try {
          const { data } = await change(record);
          latest.current = data as JobRecord;
          await refetch();
          return true;
        } catch (error) {
          notify(
            problemMessages(error, (key) => translate(key, { _: key.split('.').pop() })),
            { type: 'error' },
          );
          if (isConflict(error)) await refetch();
          return false;
        }
      });
      queue.current = next;
      return next;
    },
    [notify, refetch, translate],
  );

  /** Saves `patch` (fields of the record), computed from the freshest record. */
  const save = useCallback(
    (patch: (record: JobRecord) => Record<string, unknown>) =>
      run((record) =>
        dataProvider.update('wfm/activities', {
          id: record.id,
          data: { ...record, ...patch(record) },
          previousData: record,
        }),
      ),
    [dataProvider, run],
  );

  /** Runs a lifecycle action with its input. */
  const act = useCallback(
    (action: string, input: Record<string, unknown> = {}) =>
      run(
        (record) =>
          dataProvider.runAction('wfm/activities', {
            id: record.id,
            action,
            data: { version: record.version, ...input },
          }) as Promise<{ data: RaRecord }>,
      ),
    [dataProvider, run],
  );

  return { ...query, record: query.data, save, act };
}
