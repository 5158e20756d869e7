import {
  EditButton,
  Navigate,
  SaveButton,
  Toolbar,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useResourceDefinition,
} from 'react-admin';
import { isDeletable, isEditable, type ResourceDefinition } from '../../resources/schema';

type Row = Record<string, unknown>;

/**
 * Where a record of a list opens: its form while the user may edit it and its definition's
 * `editableWhile` still admits it, else its read-only page (docs/spa.md#locked-records).
 */
export const openView = (def: ResourceDefinition, record: Row, canEdit: boolean | undefined): 'edit' | 'show' =>
  canEdit && isEditable(def, record) ? 'edit' : 'show';

/** The show page's toolbar: react-admin's Edit button, only for a record that may still be edited. */
export function LockAwareShowActions({ def }: { def: ResourceDefinition }) {
  const record = useRecordContext();
  const { hasEdit } = useResourceDefinition({ resource: def.name });
  const { canAccess } = useCanAccess({ resource: def.name, action: 'edit', enabled: hasEdit });
  if (!record || !hasEdit || !canAccess || !isEditable(def, record)) return null;
  return (
    <TopToolbar>
      <EditButton />
    </TopToolbar>
  );
}

/**
 * Inside a form: a record its definition locks has no form, so its edit route (a bookmark, a reference
 * link) lands on its show page instead; the server would refuse the save anyway (409).
 */
export function LockedToShow({ def }: { def: ResourceDefinition }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record || isEditable(def, record)) return null;
  return <Navigate to={createPath({ resource: def.name, id: record.id, type: 'show' })} replace />;
}

/**
 * The form's toolbar: react-admin's (Save and Delete), or Save alone for a record editable only through its
 * lock's alternative (a rejected issued invoice keeps its number: docs/architecture.md#locked-records).
 */
export function LockAwareFormToolbar({ def }: { def: ResourceDefinition }) {
  const record = useRecordContext();
  if (!record || isDeletable(def, record)) return <Toolbar />;
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
