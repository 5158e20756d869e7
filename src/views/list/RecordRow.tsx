import { Checkbox, TableCell, TableRow, type SxProps, type Theme } from '@mui/material';
import { forwardRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  DataTableBody,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useGetPathForRecordCallback,
  useNavigate,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DataTableBodyProps,
} from 'react-admin';

/** react-admin's own row classes, so its table styles (stripes, pointer cursor) still apply. */
const CLASSES = {
  clickable: 'RaDataTable-clickableRow',
  selectable: 'RaDataTable-selectable',
  checkbox: 'RaDataTable-checkbox',
};

interface RecordRowProps {
  children?: ReactNode;
  className?: string;
  /** The DataTable's `rowSx` for this row, passed on by DataTableBody. */
  sx?: SxProps<Theme>;
}

/** A ring in the primary colour (3:1 at least against the white row, as the theme keeps it). */
const FOCUS_RING: SxProps<Theme> = {
  '&:focus-visible': {
    outline: (theme) => `3px solid ${theme.palette.primary.main}`,
    outlineOffset: '-3px',
    backgroundColor: 'action.hover',
  },
};

/**
 * A list row that opens its record from the keyboard as well as the mouse (docs/spa.md#accessibility):
 * it is in the Tab order, Enter or Space on it does what a click does, and it shows a focus ring.
 * It replaces react-admin's DataTableRow, whose row cannot take the focus and whose selection
 * checkbox puts its name on the wrapper instead of the input (axe: label, aria-prohibited-attr).
 * Our lists never expand rows, so the expand panel is left out.
 */
export const RecordRow = forwardRef<HTMLTableRowElement, RecordRowProps>(({ children, className, sx }, ref) => {
  const { hasBulkActions = false, hover = true } = useDataTableConfigContext();
  const { handleToggleItem, isRowSelectable, rowClick } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const record = useRecordContext();
  const resource = useResourceContext();
  const getPathForRecord = useGetPathForRecordCallback();
  const navigate = useNavigate();
  const translate = useTranslate();
  if (!record || !resource) throw new Error('RecordRow needs a record and a resource context');
  const selectable = !isRowSelectable || isRowSelectable(record);
  const opens = rowClick !== false && rowClick !== undefined;

  const open = async () => {
    const link = typeof rowClick === 'function' ? await rowClick(record.id, resource, record) : rowClick;
    if (link === false || link === undefined || link === 'expand' || link === 'toggleSelection') return;
    const path = await getPathForRecord({ record, resource, link });
    if (path) navigate(path, { state: { _scrollToTop: true } });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Only the row itself: Enter on a link or the checkbox inside it is theirs.
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    void open();
  };
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    if (selectable && handleToggleItem) handleToggleItem(record.id, event);
  };

  return (
    <TableRow
      ref={ref}
      hover={hover}
      className={[className, opens && CLASSES.clickable, selectable && CLASSES.selectable].filter(Boolean).join(' ')}
      tabIndex={opens ? 0 : undefined}
      onClick={opens ? () => void open() : undefined}
      onKeyDown={opens ? onKeyDown : undefined}
      sx={[FOCUS_RING, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {hasBulkActions && handleToggleItem ? (
        <TableCell padding="checkbox">
          <Checkbox
            className={`select-item ${CLASSES.checkbox}`}
            color="primary"
            checked={selectable && (selectedIds?.includes(record.id) ?? false)}
            disabled={!selectable}
            onClick={toggle}
            slotProps={{ input: { 'aria-label': translate('ra.action.select_row') } }}
          />
        </TableCell>
      ) : null}
      {children}
    </TableRow>
  );
});
RecordRow.displayName = 'RecordRow';

/** The DataTable body whose rows are RecordRows: pass it as `<DataTable body={RecordTableBody}>`. */
export const RecordTableBody = (props: DataTableBodyProps) => <DataTableBody {...props} row={RecordRow} />;
