import { Box, Stack, Typography } from '@mui/material';
import { useGetMany, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatDecimal } from '../../../views/fields/decimal-text';
import { MachineHistory } from './MachineHistory';
import { isOverdue } from './places';
import { Empty, Section } from './Section';

const day = (value: unknown, locale: string) =>
  typeof value === 'string' && value
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(`${value.slice(0, 10)}T00:00:00`))
    : '';

/** The job's machines and their gases, loaded once for the machines section and the F-gas lines. */
export function useJobMachines(machineIds: readonly string[]) {
  const machines = useGetMany('wfm/machines', { ids: [...machineIds] }, { enabled: machineIds.length > 0 });
  const gasIds = [...new Set((machines.data ?? []).map((m) => m.refrigerantId).filter(Boolean))] as string[];
  const gases = useGetMany('wfm/refrigerants', { ids: gasIds }, { enabled: gasIds.length > 0 });
  const gasOf = (machine: RaRecord) => gases.data?.find((g) => g.id === machine.refrigerantId);
  return { machines: machines.data ?? [], gasOf };
}

/** Each machine with its refrigerant, charge and F-gas status (next leak check, red when overdue), and its history. */
export function JobMachines({
  jobId,
  machines,
  gasOf,
}: {
  jobId: string;
  machines: readonly RaRecord[];
  gasOf: (machine: RaRecord) => RaRecord | undefined;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const now = new Date();
  return (
    <Section id="machines" title={translate('job.machines')}>
      {machines.length === 0 && <Empty>{translate('job.noMachines')}</Empty>}
      <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {machines.map((machine) => {
          const gas = gasOf(machine);
          const overdue = isOverdue(machine.nextLeakCheckDue, now);
          return (
            <Box key={machine.id} data-testid="machine" sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {[machine.code, machine.name].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[machine.model, machine.serialNumber, machine.locationInSite].filter(Boolean).join(' · ')}
              </Typography>
              {gas && (
                <Typography variant="body2">
                  {translate('job.gas', {
                    gas: String(gas.code),
                    charge: formatDecimal(machine.refrigerantChargeKg, locale, { maximumFractionDigits: 3 }) || '—',
                  })}
                </Typography>
              )}
              {machine.nextLeakCheckDue && (
                <Typography
                  variant="body2"
                  color={overdue ? 'error' : 'text.primary'}
                  sx={{ fontWeight: overdue ? 700 : undefined }}
                  data-overdue={overdue}
                >
                  {translate(overdue ? 'job.leakCheckOverdue' : 'job.leakCheckDue', {
                    date: day(machine.nextLeakCheckDue, locale),
                  })}
                </Typography>
              )}
              {machine.lastLeakCheckDate && (
                <Typography variant="body2" color="text.secondary">
                  {translate('job.lastLeakCheck', { date: day(machine.lastLeakCheckDate, locale) })}
                </Typography>
              )}
              <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
                {translate('job.history')}
              </Typography>
              <MachineHistory machineId={String(machine.id)} currentId={jobId} />
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
}
