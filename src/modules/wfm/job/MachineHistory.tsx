import { List, ListItem, ListItemText, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { serviceUrl } from '../../../app/services';
import { http } from '../../../app/session';
import { Empty } from './Section';

/** One previous intervention, as GET /wfm/api/machines/{id}/history answers it (docs/wire-contract.md). */
export interface PastIntervention {
  id: string;
  number: string | null;
  type: string;
  title: string;
  status: string;
  scheduledStart: string | null;
  completedAt: string | null;
  resolution: string | null;
  technicianNames: string[];
}

const LIMIT = 5;

async function history(machineId: string, signal: AbortSignal): Promise<PastIntervention[]> {
  const base = serviceUrl('wfm');
  if (!base) return [];
  const url = `${base.replace(/\/+$/, '')}/api/machines/${encodeURIComponent(machineId)}/history?limit=${LIMIT}`;
  const { json } = await http<{ data: PastIntervention[] }>(url, { signal });
  return json.data;
}

/** The machine's previous interventions, newest first, except the job on screen. */
export function MachineHistory({ machineId, currentId }: { machineId: string; currentId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, isError } = useQuery({
    queryKey: ['wfm/machines', 'history', machineId],
    queryFn: ({ signal }) => history(machineId, signal),
  });
  if (isPending) return <Skeleton variant="rounded" height={48} />;
  if (isError) return null;
  const past = data.filter((entry) => entry.id !== currentId);
  if (past.length === 0) return <Empty>{translate('job.noHistory')}</Empty>;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <List dense disablePadding aria-label={translate('job.history')}>
      {past.map((entry) => {
        const when = entry.completedAt ?? entry.scheduledStart;
        return (
          <ListItem key={entry.id} disableGutters divider>
            <ListItemText
              primary={[when ? day.format(new Date(when)) : '', entry.number, entry.title].filter(Boolean).join(' · ')}
              secondary={[entry.resolution, entry.technicianNames.join(', ')].filter(Boolean).join(' — ')}
              slotProps={{
                primary: { sx: { overflowWrap: 'anywhere' } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
