import { Box, Stack, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  ReferenceManyField,
  useCanAccess,
  usePermissions,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useAppState } from '../../app/state';
import { openView } from '../locks';
import { definitionColumns } from '../list/columns';
import { ListPagination } from '../list/ListPagination';
import { RecordTableBody } from '../list/RecordRow';
import type { RelatedListProps } from '../overrides';
import { readableDefinition } from '../../../resources/schema/access';

export type { RelatedListProps };

/**
 * The records of another resource that refer to the record on screen, as a paginated table with the
 * related definition's own columns (minus the reference back), under a generated show or edit page
 * (a module manifest's related lists, src/modules) or in a custom view.
 */
export default function RelatedList({ resource, target, title, create = false }: RelatedListProps) {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const declared = useAppState().definitions.find((d) => d.name === resource);
  const { permissions } = usePermissions<string[]>();
  const def = declared && readableDefinition(permissions ?? [], declared);
  const { canAccess: canList } = useCanAccess({ resource, action: 'list' });
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  // Someone who may not list the related records does not see the section at all.
  if (!record || !def || !canList) return null;
  const columns = def.views.list.columns.filter((name) => name !== target);
  const heading = title ? translate(title) : translate(`resources.${resource}.name`, { smart_count: 2 });
  return (
    <Box component="section" aria-label={heading} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {heading}
        </Typography>
        {create && canCreate && <CreateButton resource={resource} state={{ record: { [target]: record.id } }} />}
      </Stack>
      <ReferenceManyField
        reference={resource}
        target={target}
        sort={def.views.list.sort}
        perPage={10}
        pagination={<ListPagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<Typography variant="body2">{translate('ra.navigation.no_results', { name: heading })}</Typography>}
      >
        <DataTable
          rowClick={(_id, _resource, row) => openView(def, row, canEdit)}
          bulkActionButtons={false}
          body={RecordTableBody}
        >
          {definitionColumns(def, columns)}
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}
