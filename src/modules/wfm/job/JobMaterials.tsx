import DeleteIcon from '@mui/icons-material/Delete';
import { Autocomplete, Button, IconButton, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDecimal, parseLocaleDecimal } from '../../../views/fields/decimal-text';
import type { JobRecord } from './useJob';
import type { VanStock } from './useVan';
import { Empty, Section } from './Section';

const LINE = 'resources.wfm/activities.lines.materials';
type Line = Record<string, unknown>;
const linesOf = (record: JobRecord) => (Array.isArray(record.materials) ? (record.materials as Line[]) : []);

/** "2,5 kg": a wire quantity in the locale, without trailing zeros, with its unit's label. */
export const useQuantity = () => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (quantity: unknown, uom: unknown) =>
    `${formatDecimal(quantity, locale, { maximumFractionDigits: 3 })} ${uom ? translate(`${LINE}.enums.uom.${String(uom)}`) : ''}`.trim();
};

/** The materials used: picked from the van's stock (item, unit and lot filled in), a quantity, removable lines. */
export function JobMaterials({
  record,
  editable,
  van,
  save,
}: {
  record: JobRecord;
  editable: boolean;
  van: { warehouseId?: string; stock: VanStock[] };
  save: (patch: (record: JobRecord) => Record<string, unknown>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const quantityText = useQuantity();
  const [picked, setPicked] = useState<VanStock | null>(null);
  const [quantity, setQuantity] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = linesOf(record);
  const amount = parseLocaleDecimal(quantity, locale);
  const valid = amount !== null && /^\d+(\.\d+)?$/.test(amount) && /[1-9]/.test(amount);

  const add = async () => {
    if (!picked || !valid) return;
    setBusy(true);
    const { item, stock } = picked;
    const line: Line = {
      itemId: item.id,
      description: item.name,
      uom: item.uom,
      quantity: amount,
      sourceWarehouseId: van.warehouseId,
      ...(stock.lotNumber ? { lotNumber: stock.lotNumber } : {}),
    };
    if (await save((fresh) => ({ materials: [...linesOf(fresh), line] }))) {
      setPicked(null);
      setQuantity('');
    }
    setBusy(false);
  };
  const remove = (index: number) => void save((fresh) => ({ materials: linesOf(fresh).filter((_, i) => i !== index) }));

  return (
    <Section id="materials" title={translate('job.materials')}>
      {lines.length === 0 && <Empty>{translate('job.noMaterials')}</Empty>}
      <List dense disablePadding aria-label={translate('job.materials')}>
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
              primary={String(line.description ?? '')}
              secondary={quantityText(line.quantity, line.uom)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {editable && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {!van.warehouseId ? (
            <Empty>{translate('job.noVan')}</Empty>
          ) : van.stock.length === 0 ? (
            <Empty>{translate('job.noStock')}</Empty>
          ) : (
            <Autocomplete
              options={van.stock}
              value={picked}
              onChange={(_, value) => setPicked(value)}
              getOptionLabel={({ item }) => [item.sku, item.name].filter(Boolean).join(' · ')}
              getOptionKey={({ stock }) => String(stock.id)}
              isOptionEqualToValue={(a, b) => a.stock.id === b.stock.id}
              renderOption={({ key, ...props }, { item, stock }) => (
                <li key={key} {...props}>
                  <ListItemText
                    primary={[item.sku, item.name].filter(Boolean).join(' · ')}
                    secondary={translate('job.available', {
                      quantity: quantityText(stock.available ?? stock.onHand, item.uom),
                    })}
                  />
                </li>
              )}
              renderInput={(params) => <TextField {...params} label={translate('job.fromVan')} />}
              fullWidth
            />
          )}
          {van.stock.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={translate(`${LINE}.fields.quantity`)}
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
              <Button
                variant="contained"
                disabled={!picked || !valid || busy}
                onClick={() => void add()}
                sx={{ mt: 1 }}
              >
                {translate('job.add')}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </Section>
  );
}
