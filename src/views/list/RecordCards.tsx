import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import { Fragment, type MouseEvent } from 'react';
import { Link, RecordContextProvider, useListContext, useNavigate, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { useAppState } from '../../app/state';
import { componentsOf } from '../fields/registry';
import { fieldSpec } from '../fields/types';
import { cardColumns } from './cards';

/**
 * A list as cards, for phones: the table's columns do not fit 390 px. The representation is a real
 * link to the record (the keyboard reaches it with Tab); a click anywhere else on the card opens it
 * too, while the reference links inside a card open their own target.
 */
export function RecordCards({
  def,
  columns,
  linkOf,
}: {
  def: ResourceDefinition;
  columns: readonly string[];
  linkOf: (record: RaRecord) => string;
}) {
  const { data, isPending } = useListContext();
  const { represent } = useAppState();
  const navigate = useNavigate();
  if (isPending) return <Skeleton variant="rounded" height={120} sx={{ m: 1 }} />;
  const { secondary, tertiary } = cardColumns(def, columns);
  const cell = (name: string) => {
    const spec = fieldSpec(def, name);
    return componentsOf(spec).cell(spec);
  };
  const open = (event: MouseEvent, record: RaRecord) => {
    // A link inside the card (the title, a reference) already went where it points.
    if ((event.target as HTMLElement).closest('a')) return;
    navigate(linkOf(record));
  };
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}>
      {(data ?? []).map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Box component="li" sx={{ minWidth: 0 }}>
            <Card variant="outlined" onClick={(event) => open(event, record)} sx={{ p: 1.5, cursor: 'pointer' }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Link to={linkOf(record)} sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {represent(def, record) || String(record.id)}
                </Link>
                {tertiary && <Box sx={{ flexShrink: 0 }}>{cell(tertiary)}</Box>}
              </Stack>
              <Typography
                component="div"
                variant="body2"
                color="text.secondary"
                sx={{ mt: 0.5, overflowWrap: 'anywhere', '& > *': { display: 'inline' } }}
              >
                {secondary.map((name, index) => (
                  <Fragment key={name}>
                    {index > 0 && <span aria-hidden> · </span>}
                    {cell(name)}
                  </Fragment>
                ))}
              </Typography>
            </Card>
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}
