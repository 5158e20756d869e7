import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatDecimal, parseLocaleDecimal } from '../../../views/fields/decimal-text';
import { GAS_ORIGINS } from '../../../../resources/wfm/activities';
import type { JobRecord } from './useJob';
import type { VanStock } from './useVan';
import { Empty, Section } from './Section';

const LINE = 'resources.wfm/activities.lines.fgasMaterials.fields';
type Line = Record<string, unknown>;
const linesOf = (record: JobRecord) => (Array.isArray(record.fgasMaterials) ? (record.fgasMaterials as Line[]) : []);
const ORIGINS = 'resources.wfm/activities.lines.fgasMaterials.enums.addedGasOrigin';
const KG = /^\d+(\.\d{1,3})?$/;

/**
 * The F-gas lines: gas added to or recovered from one of the job's machines. The gas is the machine's
 * own (the service refuses another, docs/domain.md#activities); the cylinder is one of the van's
 * cylinders of that gas, or just its lot.
 */
export function JobGas({
  record,
  editable,
  machines,
  gasOf,
  vanStock,
  save,
}: {
  record: JobRecord;
  editable: boolean;
  machines: readonly RaRecord[];
  gasOf: (machine: RaRecord) => RaRecord | undefined;
  vanStock: readonly VanStock[];
  save: (patch: (record: JobRecord) => Record<string, unknown>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const fgasMachines = machines.filter((m) => m.refrigerantId);
  const [machineId, setMachineId] = useState<string>('');
  const [cylinder, setCylinder] = useState('');
  const [lot, setLot] = useState('');
  const [added, setAdded] = useState('');
  const [recovered, setRecovered] = useState('');
  const [origin, setOrigin] = useState('');
  const [recoveryLot, setRecoveryLot] = useState('');
  const [busy, setBusy] = useState(false);
  const machine =
    fgasMachines.find((m) => m.id === machineId) ?? (fgasMachines.length === 1 ? fgasMachines[0] : undefined);
  const gas = machine && gasOf(machine);
  const cylinders = vanStock.filter(({ item }) => machine && item.refrigerantId === machine.refrigerantId);
  const kg = (text: string) => (text.trim() === '' ? '0' : parseLocaleDecimal(text, locale));
  const addedKg = kg(added);
  const recoveredKg = kg(recovered);
  const adding = !!addedKg && /[1-9]/.test(addedKg);
  const recovering = !!recoveredKg && /[1-9]/.test(recoveredKg);
  // What the F-gas register needs of each (docs/domain.md#activities): the service checks it again.
  const valid =
    !!machine &&
    !!addedKg &&
    !!recoveredKg &&
    KG.test(addedKg) &&
    KG.test(recoveredKg) &&
    (adding || recovering) &&
    (!adding || (!!cylinder && lot.trim() !== '' && origin !== '')) &&
    (!recovering || recoveryLot.trim() !== '');
  const lines = linesOf(record);
  const kgText = (value: unknown) => formatDecimal(value, locale, { maximumFractionDigits: 3 }) || '0';
  const nameOf = (id: unknown) => {
    const m = machines.find((x) => x.id === id);
    return m ? [m.code, m.name].filter(Boolean).join(' · ') : '';
  };

  const add = async () => {
    if (!valid || !machine) return;
    setBusy(true);
    const picked = cylinders.find(({ stock }) => stock.id === cylinder);
    const line: Line = {
      machineId: machine.id,
      refrigerantId: machine.refrigerantId,
      quantityAddedKg: addedKg,
      quantityRecoveredKg: recoveredKg,
      ...(adding && picked ? { cylinderItemId: picked.item.id, cylinderLot: lot.trim(), addedGasOrigin: origin } : {}),
      ...(recovering ? { recoveryCylinderLot: recoveryLot.trim() } : {}),
    };
    if (await save((fresh) => ({ fgasMaterials: [...linesOf(fresh), line] }))) {
      setCylinder('');
      setLot('');
      setAdded('');
      setRecovered('');
      setOrigin('');
      setRecoveryLot('');
    }
    setBusy(false);
  };
  const remove = (index: number) =>
    void save((fresh) => ({ fgasMaterials: linesOf(fresh).filter((_, i) => i !== index) }));

  return (
    <Section id="gas" title={translate('job.fgas')}>
      {lines.length === 0 && <Empty>{translate('job.noGas')}</Empty>}
      <List dense disablePadding aria-label={translate('job.fgas')}>
        {lines.map((line, index) => (
          <ListItem
            key={index}
            disableGutters
            divider
            secondaryAction={
              editable && (
                <IconButton edge="end" aria-label={translate('job.remove')} onClick={() => remove(index)}>
                  <DeleteIcon />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={nameOf(line.machineId)}
              secondary={translate('job.gasLine', {
                added: kgText(line.quantityAddedKg),
                recovered: kgText(line.quantityRecoveredKg),
                lot: line.cylinderLot ? String(line.cylinderLot) : '—',
              })}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {editable && fgasMachines.length > 0 && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <TextField
            select
            label={translate(`${LINE}.machineId`)}
            value={machine ? String(machine.id) : ''}
            onChange={(event) => setMachineId(event.target.value)}
          >
            {fgasMachines.map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {nameOf(m.id)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate(`${LINE}.refrigerantId`)}
            value={gas ? String(gas.code) : ''}
            slotProps={{ input: { readOnly: true } }}
          />
          {cylinders.length === 0 ? (
            <Empty>{translate('job.noCylinder', { gas: gas ? String(gas.code) : '' })}</Empty>
          ) : (
            <TextField
              select
              label={translate(`${LINE}.cylinderItemId`)}
              value={cylinder}
              onChange={(event) => {
                setCylinder(event.target.value);
                const stock = cylinders.find((c) => c.stock.id === event.target.value)?.stock;
                if (stock?.lotNumber) setLot(String(stock.lotNumber));
              }}
            >
              {cylinders.map(({ stock, item }) => (
                <MenuItem key={stock.id} value={String(stock.id)}>
                  {[item.sku, item.name, stock.lotNumber].filter(Boolean).join(' · ')}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField label={translate(`${LINE}.cylinderLot`)} value={lot} onChange={(e) => setLot(e.target.value)} />
          <TextField
            select
            label={translate(`${LINE}.addedGasOrigin`)}
            value={origin}
            onChange={(e) => setOrigin(e.target.value)}
          >
            {GAS_ORIGINS.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`${ORIGINS}.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1}>
            <TextField
              label={translate(`${LINE}.quantityAddedKg`)}
              value={added}
              onChange={(e) => setAdded(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <TextField
              label={translate(`${LINE}.quantityRecoveredKg`)}
              value={recovered}
              onChange={(e) => setRecovered(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
          </Stack>
          <Button
            variant="contained"
            disabled={!valid || busy}
            onClick={() => void add()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate('job.addGas')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}
