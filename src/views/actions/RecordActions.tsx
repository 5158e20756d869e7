import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Link, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { availableActions, type ResourceDefinition } from '../../../resources/schema';
import { ActionDialog } from './ActionDialog';
import type { ActionLinks } from '../overrides';

/**
 * The lifecycle actions the user may run on the record as it is now (its status, their roles), as
 * buttons above a show or edit view; each opens its dialog, or the screen `links` names for it. Nothing
 * when there are none.
 */
export function RecordActions({ def, links = {} }: { def: ResourceDefinition; links?: ActionLinks }) {
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const translate = useTranslate();
  const [open, setOpen] = useState<string | null>(null);
  if (!record || !def.actions) return null;
  const available = availableActions(def, record, permissions ?? []);
  if (available.length === 0) return null;
  const current = available.find(([name]) => name === open);
  return (
    <Stack
      direction="row"
      useFlexGap
      role="toolbar"
      aria-label={translate('actions.title')}
      sx={{ flexWrap: 'wrap', gap: 1, px: 2, pt: 2 }}
    >
      {available.map(([name]) =>
        Object.hasOwn(links, name) ? (
          <Button
            key={name}
            variant="outlined"
            size="small"
            component={Link}
            to={links[name](record)}
            data-action={name}
          >
            {translate(`resources.${def.name}.actions.${name}`)}
          </Button>
        ) : (
          <Button key={name} variant="outlined" size="small" onClick={() => setOpen(name)} data-action={name}>
            {translate(`resources.${def.name}.actions.${name}`)}
          </Button>
        ),
      )}
      {current && <ActionDialog def={def} name={current[0]} action={current[1]} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
