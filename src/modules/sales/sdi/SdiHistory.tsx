import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useCanAccess, useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { HAS_XML } from './SdiToolbar';

type Row = Record<string, unknown> & { id: string };
type ErrorLine = { code?: string | null; description?: string | null; hint?: string | null };

const EVENTS = 'sales/sdi-events';

/**
 * The invoice's SdI history (docs/spa.md#sdi): each sending and receipt, newest first, with the rejection codes,
 * their descriptions and the SdI's hints in full. Stacked text rather than a table, so it reads on a phone.
 */
export function SdiHistory() {
  const invoice = useRecordContext<Row>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccess({ resource: EVENTS, action: 'list' });
  const shown = !!invoice && canAccess === true && HAS_XML.includes(String(invoice.status));
  const { data: events } = useGetList<Row>(
    EVENTS,
    {
      filter: { invoiceId: invoice?.id },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { enabled: shown },
  );
  if (!shown) return null;
  const label = (field: string, value: unknown) => translate(`resources.${EVENTS}.enums.${field}.${String(value)}`);
  const when = (value: unknown) =>
    typeof value === 'string'
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value))
      : '';
  const heading = translate('sdi.history');
  return (
    <Box component="section" aria-label={heading} sx={{ p: 2 }} data-testid="sdi-history">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {(events ?? []).length === 0 && <Typography variant="body2">{translate('sdi.noHistory')}</Typography>}
      <Stack divider={<Divider flexItem />} spacing={1}>
        {(events ?? []).map((event) => {
          const errors = (Array.isArray(event.errors) ? event.errors : []) as ErrorLine[];
          return (
            <Box key={event.id} data-kind={String(event.kind)}>
              <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {label('kind', event.kind)}
                </Typography>
                {typeof event.sdiStatus === 'string' && (
                  <Chip size="small" variant="outlined" label={label('sdiStatus', event.sdiStatus)} />
                )}
                {typeof event.outcome === 'string' && <Chip size="small" label={label('outcome', event.outcome)} />}
                <Typography variant="body2" color="text.secondary">
                  {when(event.receivedAt ?? event.createdAt)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {[event.fileName, event.sdiIdentifier ? `SdI ${String(event.sdiIdentifier)}` : null]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {errors.length > 0 && (
                <Box component="dl" aria-label={translate('sdi.errorCodes')} sx={{ my: 0.5 }}>
                  {errors.map((error, i) => (
                    <Fragment key={i}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                        {error.code}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ ml: 2 }}>
                        {[error.description, error.hint].filter(Boolean).join(' — ')}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
              )}
              {typeof event.note === 'string' && event.note !== '' && (
                <Typography variant="body2">{event.note}</Typography>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
