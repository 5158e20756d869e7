import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { sum } from '../../../../resources/schema/decimal';
import { PaymentDialog, type PaymentDraft } from './PaymentDialog';

type Row = Record<string, unknown> & { id: string };

/** Instalments still to collect (docs/domain.md#due-dates-and-payments). */
const OPEN = ['open', 'partiallyPaid'];

/** "Registra incasso" and its dialog, for those who may record payments; nothing while `draft` is not known. */
function RecordPayment({ draft }: { draft: PaymentDraft | undefined }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'sales/payments', action: 'create' });
  if (!canAccess || !draft) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Button variant="contained" size="small" onClick={() => setOpen(true)} data-action="recordPayment">
        {translate('receivables.payment.open')}
      </Button>
      {open && <PaymentDialog draft={draft} onClose={() => setOpen(false)} />}
    </Box>
  );
}

const invoiceLabel = (number: unknown, customer: unknown) =>
  [number, customer].filter((part) => typeof part === 'string' && part !== '').join(' · ');

/**
 * On an issued invoice not fully paid (a credit note is owed nothing): the payment of what its open
 * instalments still owe, in due-date order, with the invoice's method (else the first instalment's).
 */
export function InvoicePaymentButton() {
  const invoice = useRecordContext<Row>();
  const payable =
    !!invoice && invoice.status === 'issued' && invoice.paymentStatus !== 'paid' && invoice.documentType !== 'TD04';
  const { data: open } = useGetList<Row>(
    'sales/instalments',
    {
      filter: { invoiceId: invoice?.id, status_in: OPEN },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'dueDate', order: 'ASC' },
    },
    { enabled: payable },
  );
  const owed = open ? sum(open.map((row) => row.outstandingAmount)) : undefined;
  const draft =
    payable && owed && owed.gt(0)
      ? {
          invoiceId: invoice.id,
          invoiceLabel: invoiceLabel(invoice.fullNumber, invoice.customerName),
          instalmentId: null,
          amount: owed.toFixed(2),
          method: (invoice.paymentMethod ?? open?.[0]?.method ?? null) as string | null,
        }
      : undefined;
  return <RecordPayment draft={draft} />;
}

/** On an instalment open or partly paid: the payment of what it still owes, with its method. */
export function InstalmentPaymentButton() {
  const instalment = useRecordContext<Row>();
  const draft =
    instalment && OPEN.includes(String(instalment.status))
      ? {
          invoiceId: String(instalment.invoiceId),
          invoiceLabel: invoiceLabel(instalment.invoiceNumber, instalment.customerName),
          instalmentId: instalment.id,
          amount: String(instalment.outstandingAmount),
          method: (instalment.method ?? null) as string | null,
        }
      : undefined;
  return <RecordPayment draft={draft} />;
}
