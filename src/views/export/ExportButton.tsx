import DownloadIcon from '@mui/icons-material/GetApp';
import { Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { Button, useListContext, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { ExportDialog } from './ExportDialog';
import { useListExport, type ExportFormat } from './useListExport';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/** The list toolbar's export: a menu of the formats, then the progress dialog (docs/spa.md#exports). */
export function ExportButton({ def }: { def: ResourceDefinition }) {
  const translate = useTranslate();
  const { total } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { state, start, cancel } = useListExport(def);
  return (
    <>
      <Button
        label="exports.button"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={total === 0}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
      >
        <DownloadIcon />
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': translate('exports.menu') } }}
      >
        {FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              void start(format);
            }}
          >
            {translate(`exports.${format}`)}
          </MenuItem>
        ))}
      </Menu>
      <ExportDialog
        title={translate(`resources.${def.name}.name`, { smart_count: 2 })}
        state={state}
        onCancel={cancel}
      />
    </>
  );
}
