import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { downloadFatturaXml, refusalText } from './api';
import { ImportReceiptDialog } from './ImportReceiptDialog';

type Row = Record<string, unknown> & { id: string };

/** An invoice that was issued has an electronic invoice (a cancelled one was a draft). */
export const HAS_XML = ['issued', 'cancelledByCreditNote'];

/** How each SdI status reads: good news, bad news, or waiting (docs/domain.md#sdi-round-trip). */
const TONE: Readonly<Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'>> = {
  delivered: 'success',
  accepted: 'success',
  expired: 'success',
  rejected: 'error',
  refused: 'error',
  notDelivered: 'warning',
  sent: 'info',
};

/**
 * On an issued invoice's page (docs/spa.md#sdi): its SdI status, "Scarica XML" and "Importa ricevuta SdI" for
 * administrators; sending and resending are the definition's actions, beside these.
 */
export function SdiToolbar() {
  const invoice = useRecordContext<Row>();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'sales/invoices', action: 'edit' });
  if (!invoice || !HAS_XML.includes(String(invoice.status))) return null;
  const status = String(invoice.sdiStatus ?? 'notSent');
  const download = async () => {
    setBusy(true);
    try {
      await downloadFatturaXml(invoice.id, `${String(invoice.fullNumber ?? invoice.id)}.xml`);
    } catch (error) {
      // The service's reason (a company config lacking the sender's data names what to complete).
      notify(refusalText(error, translate), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" component="span">
          {translate('resources.sales/invoices.fields.sdiStatus')}
        </Typography>
        <Chip
          size="small"
          color={TONE[status] ?? 'default'}
          label={translate(`resources.sales/invoices.enums.sdiStatus.${status}`)}
          data-testid="sdi-status"
        />
        <Button variant="outlined" size="small" onClick={() => void download()} disabled={busy} data-action="fatturapa">
          {translate('sdi.downloadXml')}
        </Button>
        {canAccess && (
          <Button variant="outlined" size="small" onClick={() => setOpen(true)} data-action="importReceipt">
            {translate('sdi.importReceipt')}
          </Button>
        )}
      </Stack>
      {open && <ImportReceiptDialog onClose={() => setOpen(false)} />}
    </Box>
  );
}
