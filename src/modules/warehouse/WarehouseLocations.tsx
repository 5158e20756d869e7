import { Box, Stack, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  Pagination,
  ReferenceManyField,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useAppState } from '../../app/state';
import { componentsOf } from '../../views/fields/registry';
import { fieldSpec } from '../../views/fields/types';

const LOCATIONS = 'wh/warehouses/locations';

/**
 * The locations of the warehouse on screen (they have no menu entry: DOMAIN.md 5.4 reaches them from
 * their warehouse), with a button that creates one already tied to it.
 */
export function WarehouseLocations() {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const def = useAppState().definitions.find((d) => d.name === LOCATIONS);
  if (!record || !def) return null;
  const columns = def.views.list.columns.filter((name) => name !== 'warehouseId');
  return (
    <Box component="section" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate(`resources.${LOCATIONS}.name`, { smart_count: 2 })}
        </Typography>
        <CreateButton resource={LOCATIONS} state={{ record: { warehouseId: record.id } }} />
      </Stack>
      <ReferenceManyField
        reference={LOCATIONS}
        target="warehouseId"
        sort={def.views.list.sort}
        perPage={25}
        pagination={<Pagination />}
        empty={<Typography variant="body2">{translate('ra.navigation.no_results')}</Typography>}
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          {columns.map((name) => {
            const spec = fieldSpec(def, name);
            return (
              <DataTable.Col key={name} source={name} label={spec.label} disableSort={!spec.field.sortable}>
                {componentsOf(spec).cell(spec)}
              </DataTable.Col>
            );
          })}
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}
