import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Form, HttpError, SaveButton, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import payments from '../../../../resources/sales/payments';
import { todayInItaly } from '../../../../resources/schema/presets';
import { componentsOf } from '../../../views/fields/registry';
import { fieldSpec } from '../../../views/fields/types';
import { useValidator } from '../../../views/form/useValidator';
import { newIdempotencyKey } from '../../../views/form/IdempotentCreate';

type Row = Record<string, unknown>;

/** What the office fills in; the invoice is the one the dialog was opened on. */
const INPUTS = ['instalmentId', 'date', 'amount', 'method', 'reference', 'notes'] as const;

export interface PaymentDraft {
  invoiceId: string;
  /** The invoice as the dialog names it ("FT/2026/0001 · Rossi S.r.l."). */
  invoiceLabel: string;
  /** The instalment paid, or null: the service then pays the open ones in due-date order. */
  instalmentId: string | null;
  /** What is still owed (a decimal string). */
  amount: string;
  method: string | null;
}

/** The problem's field errors (`{amount: message}`, nested by path), flattened to `path: message`. */
function fieldErrors(error: HttpError): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.push([path, node]);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk((error.body as { errors?: unknown } | undefined)?.errors, '');
  return out;
}

/**
 * "Registra incasso" (docs/spa.md#receivables): a payment of the invoice, prefilled with the instalment, today,
 * what is still owed and the method; the service allocates it and moves the paid amounts. Its refusals (more
 * than is owed: 409; a bad value: 400) stay in the dialog, naming the field. One idempotency key per opening,
 * so a retried save records the payment once (docs/wire-contract.md).
 */
export function PaymentDialog({ draft, onClose }: { draft: PaymentDraft; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const validate = useValidator(payments, 'create');
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const record = useMemo(
    () => ({
      invoiceId: draft.invoiceId,
      instalmentId: draft.instalmentId,
      date: todayInItaly(),
      amount: draft.amount,
      method: draft.method,
    }),
    // The dialog opens on one state of the invoice: a refresh behind it must not reset what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const labelOf = (field: string) => translate(`resources.${payments.name}.fields.${field}`, { _: field });

  const submit = async (values: Row) => {
    setBusy(true);
    setProblem(null);
    try {
      await dataProvider.create(payments.name, {
        data: { ...values, invoiceId: draft.invoiceId },
        meta: { idempotencyKey },
      });
      notify('receivables.payment.recorded', { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      if (!(error instanceof HttpError)) {
        setProblem(translate('app.errors.system'));
        return undefined;
      }
      const errors = fieldErrors(error);
      setProblem(
        errors.length > 0
          ? errors.map(([path, message]) => `${labelOf(path)}: ${message}`).join(' · ')
          : translate(error.message, { _: error.message }),
      );
      // The messages about the inputs also go under them.
      return Object.fromEntries(errors.filter(([path]) => (INPUTS as readonly string[]).includes(path)));
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="record-payment-title"
    >
      <Form record={record} onSubmit={submit} validate={validate} noValidate>
        <DialogTitle id="record-payment-title">{translate('receivables.payment.title')}</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <TextField
            label={labelOf('invoiceId')}
            value={draft.invoiceLabel}
            slotProps={{ input: { readOnly: true } }}
            fullWidth
            margin="dense"
          />
          {INPUTS.map((name) => {
            const spec = fieldSpec(payments, name);
            return <Box key={name}>{componentsOf(spec).input(spec)}</Box>;
          })}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <SaveButton label="receivables.payment.save" alwaysEnable variant="contained" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
