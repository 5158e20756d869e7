import { useMediaQuery, type Theme } from '@mui/material';
import {
  ColumnsButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  Navigate,
  TopToolbar,
  useCreatePath,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { DEFAULT_PAGE_SIZE, isDeletable, type ResourceDefinition } from '../../../resources/schema';
import { ExportButton } from '../export/ExportButton';
import { filterInputs } from '../fields/registry';
import { definitionColumns } from './columns';
import { RecordCards } from './RecordCards';
import { RecordTableBody } from './RecordRow';
import { useMayAccess } from '../../app/access';
import { useReadableDefinition } from '../readable';
import { openView } from '../locks';
import { ListPagination } from './ListPagination';

export interface ResourceListProps {
  def: ResourceDefinition;
  /** A permanent filter the user does not see or change (e.g. the activities of one status). */
  filter?: Record<string, unknown>;
  /** Where the list keeps its sort, page and filters, when it is one of several lists of the resource. */
  storeKey?: string;
  /** The page title (a catalogue key); the resource's name when absent. */
  title?: string;
  /** The default sort, in place of the definition's (the technician's to-do list: oldest plan first). */
  sort?: SortPayload;
  /** Where a row opens, in place of the form (or the show page for those who may not edit). */
  linkOf?: (record: RaRecord) => string;
}

/**
 * Server-paginated list: columns, filters and default sort from views.list. Under 600 px (a phone) the
 * rows become cards (docs/spa.md#phone-layout).
 */
export default function ResourceList({ def: declared, filter, storeKey, title, sort, linkOf }: ResourceListProps) {
  const def = useReadableDefinition(declared);
  // From the session, at once: the rows are asked for in the first render (docs/spa.md#access-from-the-session).
  const canList = useMayAccess(def.name, 'list');
  const canEdit = useMayAccess(def.name, 'edit');
  const canCreate = useMayAccess(def.name, 'create');
  const { list } = def.views;
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const createPath = useCreatePath();
  const link =
    linkOf ??
    ((record: RaRecord) => createPath({ resource: def.name, id: record.id, type: openView(def, record, canEdit) }));
  // One key per list (a status list keeps its own column choice), shared by the button and the table.
  const columnsKey = `${storeKey ?? def.name}.columns`;
  // What react-admin's own check does for a refused user, without its query.
  if (!canList) return <Navigate to="/access-denied" replace />;
  return (
    <List
      // The session and the access are decided above and by the route's gate: nothing for the list to wait on.
      disableAuthentication
      filter={filter}
      storeKey={storeKey}
      title={title}
      sort={sort ?? list.sort}
      filters={filterInputs(def)}
      perPage={DEFAULT_PAGE_SIZE}
      // An estimated total reads "about N" (docs/wire-contract.md#totals).
      pagination={<ListPagination />}
      // The export is the toolbar's own (src/views/export/): every row, page by page, in CSV or XLSX.
      exporter={false}
      actions={
        <TopToolbar>
          {/* Cards have no columns to choose. */}
          {!phone && <ColumnsButton storeKey={columnsKey} />}
          <FilterButton />
          {canCreate && <CreateButton />}
          <ExportButton def={def} />
        </TopToolbar>
      }
    >
      {/* Rows open the form for those who may edit (and records still editable), the read-only page otherwise. */}
      {phone ? (
        <RecordCards def={def} columns={list.columns} linkOf={link} />
      ) : (
        <DataTable
          rowClick={(_id, _resource, record) => (linkOf ? linkOf(record) : openView(def, record, canEdit))}
          // A locked record cannot be deleted: it is not offered to the bulk delete (docs/spa.md#locked-records).
          isRowSelectable={def.editableWhile ? (record) => isDeletable(def, record) : undefined}
          storeKey={columnsKey}
          body={RecordTableBody}
        >
          {definitionColumns(def, list.columns)}
        </DataTable>
      )}
    </List>
  );
}
