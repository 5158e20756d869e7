import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { serviceUrl } from '../../app/services';
import { downloadPdf } from './download';

/** The documents the services print (docs/wire-contract.md#document-pdfs): the field their file is named after. */
const PRINTED: Readonly<Record<string, readonly string[]>> = {
  'sales/quotes': ['number'],
  'sales/proformas': ['number'],
  'sales/invoices': ['fullNumber'],
  'wh/DDT/in': ['internalRef', 'number'],
};

/**
 * "Scarica PDF" on the show and edit pages of a printed document: fetches `…/:id/pdf` with the user's
 * token and saves it. Nothing for other resources.
 */
export function PdfButton({ def }: { def: ResourceDefinition }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const naming = PRINTED[def.name];
  if (!record || !naming) return null;
  const base = serviceUrl(def.service);
  if (!base) return null;
  const url = `${base.replace(/\/+$/, '')}/api/${def.endpoint}/${String(record.id)}/pdf`;
  const name = naming.map((field) => record[field]).find((value) => typeof value === 'string' && value !== '');
  const download = async () => {
    setBusy(true);
    try {
      await downloadPdf(url, typeof name === 'string' ? name : translate('documents.draftFileName'));
    } catch {
      notify('app.errors.system', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Button variant="outlined" size="small" onClick={() => void download()} disabled={busy} data-action="pdf">
        {translate('documents.downloadPdf')}
      </Button>
    </Box>
  );
}
