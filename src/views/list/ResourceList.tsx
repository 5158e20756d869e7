import { ColumnsButton, CreateButton, DataTable, FilterButton, List, TopToolbar, useCanAccess } from 'react-admin';
import { DEFAULT_PAGE_SIZE, type ResourceDefinition } from '../../../resources/schema';
import { ExportButton } from '../export/ExportButton';
import { filterInputs } from '../fields/registry';
import { definitionColumns } from './columns';
import { RecordTableBody } from './RecordRow';
import { useReadableDefinition } from '../readable';

export interface ResourceListProps {
  def: ResourceDefinition;
  /** A permanent filter the user does not see or change (e.g. the activities of one status). */
  filter?: Record<string, unknown>;
  /** Where the list keeps its sort, page and filters, when it is one of several lists of the resource. */
  storeKey?: string;
  /** The page title (a catalogue key); the resource's name when absent. */
  title?: string;
}

/** Server-paginated list: columns, filters and default sort from views.list. */
export default function ResourceList({ def: declared, filter, storeKey, title }: ResourceListProps) {
  const def = useReadableDefinition(declared);
  const { canAccess: canList } = useCanAccess({ resource: def.name, action: 'list' });
  const { canAccess: canEdit } = useCanAccess({ resource: def.name, action: 'edit' });
  const { canAccess: canCreate } = useCanAccess({ resource: def.name, action: 'create' });
  const { list } = def.views;
  // One key per list (a status list keeps its own column choice), shared by the button and the table.
  const columnsKey = `${storeKey ?? def.name}.columns`;
  return (
    <List
      filter={filter}
      storeKey={storeKey}
      title={title}
      sort={list.sort}
      filters={filterInputs(def)}
      perPage={DEFAULT_PAGE_SIZE}
      // The export is the toolbar's own (src/views/export/): every row, page by page, in CSV or XLSX.
      exporter={false}
      actions={
        <TopToolbar>
          <ColumnsButton storeKey={columnsKey} />
          <FilterButton />
          {canCreate && <CreateButton />}
          <ExportButton def={def} />
        </TopToolbar>
      }
      // react-admin redirects a refused user to access-denied but still fires the query: spare the 403.
      queryOptions={{ enabled: canList === true }}
    >
      {/* Rows open the form for those who may edit, the read-only page for the others, by mouse or keyboard. */}
      <DataTable rowClick={canEdit ? 'edit' : 'show'} storeKey={columnsKey} body={RecordTableBody}>
        {definitionColumns(def, list.columns)}
      </DataTable>
    </List>
  );
}
