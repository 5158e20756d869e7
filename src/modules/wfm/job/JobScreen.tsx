import { Alert, Box, Button, Skeleton, Stack } from '@mui/material';
import { useState } from 'react';
import { Link, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { useAppState } from '../../../app/state';
import { CompleteDialog } from './CompleteDialog';
import { JobChecklist } from './JobChecklist';
import { JobGas } from './JobGas';
import { JobHeader } from './JobHeader';
import { JobMachines, useJobMachines } from './JobMachines';
import { JobMaterials } from './JobMaterials';
import { JobNotes } from './JobNotes';
import { JobPhotos } from './JobPhotos';
import { JobPlace } from './JobPlace';
import { problemMessages } from './problems';
import { useJob, type JobRecord } from './useJob';
import { useVan } from './useVan';

/**
 * The technician's job screen at /wfm/activities/:id/job (docs/spa.md#the-job-screen): one column on a
 * phone, two on a desktop. Everything the technician records is saved at once on their activity;
 * once it is no longer `assigned` the screen is read-only and offers the work report.
 */
export default function JobScreen() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const job = useJob(id);
  if (job.error) return <Alert severity="warning">{translate(problemMessages(job.error))}</Alert>;
  if (!job.record) return <Skeleton variant="rounded" height={240} sx={{ m: 2 }} />;
  return <Job record={job.record} save={job.save} act={job.act} />;
}

function Job({
  record,
  save,
  act,
}: {
  record: JobRecord;
  save: ReturnType<typeof useJob>['save'];
  act: ReturnType<typeof useJob>['act'];
}) {
  const translate = useTranslate();
  const def = useAppState().definitions.find((d) => d.name === 'wfm/activities');
  const [completing, setCompleting] = useState(false);
  const machineIds = Array.isArray(record.machineIds) ? (record.machineIds as string[]) : [];
  const { machines, gasOf } = useJobMachines(machineIds);
  const van = useVan(record);
  const editable = record.status === 'assigned';
  // The time actions and the technician's notes exist once the definition has them.
  const timeTracking = !!def?.actions?.startWork;
  const hasNotes = !!def?.fields.notes;
  const id = String(record.id);
  return (
    <Box sx={{ py: 2, maxWidth: 1200, minWidth: 0 }}>
      <Title title={[record.number, record.title].filter(Boolean).join(' · ')} />
      <Stack spacing={2}>
        <JobHeader record={record} editable={editable} timeTracking={timeTracking} act={act} />
        {!editable && (
          <Alert
            severity="info"
            action={
              <Button component={Link} to={`/wfm/activities/${id}/report`} color="inherit" size="small">
                {translate('job.report')}
              </Button>
            }
          >
            {translate('job.readOnly')}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <JobPlace customerId={record.customerId as string} siteId={record.siteId as string} />
            <JobMachines jobId={id} machines={machines} gasOf={gasOf} />
            <JobNotes record={record} editable={editable} hasNotes={hasNotes} save={save} />
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <JobChecklist record={record} editable={editable} save={save} />
            <JobMaterials record={record} editable={editable} van={van} save={save} />
            <JobGas
              record={record}
              editable={editable}
              machines={machines}
              gasOf={gasOf}
              vanStock={van.stock}
              save={save}
            />
            <JobPhotos record={record} editable={editable} save={save} />
          </Stack>
        </Box>
        {editable && (
          <Button variant="contained" size="large" color="success" onClick={() => setCompleting(true)}>
            {translate('resources.wfm/activities.actions.complete')}
          </Button>
        )}
      </Stack>
      {completing && <CompleteDialog record={record} act={act} onClose={() => setCompleting(false)} />}
    </Box>
  );
}
