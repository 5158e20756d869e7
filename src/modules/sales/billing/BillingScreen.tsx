import {
  Alert,
  Button,
  Checkbox,
  Link as MuiLink,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDecimal } from '../../../views/fields/decimal-text';
import { useCurrency } from '../../../views/fields/numeric';
import { refusalOf } from '../../wfm/planner/useMove';
import {
  createInvoices,
  fetchPreview,
  lastMonth,
  type DeferredCustomer,
  type DeferredRunResult,
  type Period,
} from './api';

/**
 * "Da fatturare" (docs/spa.md#to-invoice): the approved, chargeable work of a period per customer with its totals;
 * the office picks the customers and drafts one deferred invoice (TD24) each, then opens the drafts.
 */
export default function BillingScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const currency = useCurrency();
  const money = (value: string) => formatDecimal(value, locale, { style: 'currency', currency });
  const [period, setPeriod] = useState<Period>(() => lastMonth());
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const [result, setResult] = useState<DeferredRunResult | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(period.periodStart) && /^\d{4}-\d{2}-\d{2}$/.test(period.periodEnd);
  const preview = useQuery({
    queryKey: ['sales/billing', 'deferred', period.periodStart, period.periodEnd],
    queryFn: ({ signal }) => fetchPreview(period, signal),
    enabled: valid,
    gcTime: 0,
  });
  const customers = preview.data?.customers ?? [];
  const billable = customers.filter((c) => c.problem === null);
  // Every billable customer is selected until the user says otherwise.
  const chosen = selected ?? new Set(billable.map((c) => c.customerId));
  const names = new Map(customers.map((c) => [c.customerId, c.customerName]));
  const creating = useMutation({
    mutationFn: () => createInvoices(period, [...chosen]),
    onSuccess: (answer) => {
      setResult(answer);
      setSelected(null);
      notify(translate('billing.created', { count: answer.created.length }), { type: 'success' });
      void preview.refetch();
    },
    onError: (error) => notify(refusalOf(error) ?? 'billing.createFailed', { type: 'error' }),
  });
  const choose = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const changePeriod = (change: Partial<Period>) => {
    setPeriod({ ...period, ...change });
    setSelected(null);
    setResult(null);
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={translate('billing.title')} />
      <Typography variant="h5" component="h2">
        {translate('billing.title')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <TextField
          type="date"
          label={translate('billing.periodStart')}
          value={period.periodStart}
          onChange={(e) => changePeriod({ periodStart: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
        />
        <TextField
          type="date"
          label={translate('billing.periodEnd')}
          value={period.periodEnd}
          onChange={(e) => changePeriod({ periodEnd: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
        />
      </Stack>
      {result && <Outcome result={result} names={names} />}
      {preview.isPending && valid ? (
        <Skeleton variant="rounded" height={160} aria-label={translate('billing.loading')} />
      ) : preview.isError ? (
        <Alert severity="error">{refusalOf(preview.error) ?? translate('billing.loadFailed')}</Alert>
      ) : customers.length === 0 ? (
        <Alert severity="info">{translate('billing.nothing')}</Alert>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={translate('billing.title')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{translate('billing.customer')}</TableCell>
                <TableCell>{translate('billing.activities')}</TableCell>
                <TableCell align="right">{translate('billing.taxable')}</TableCell>
                <TableCell align="right">{translate('billing.vat')}</TableCell>
                <TableCell align="right">{translate('billing.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {customers.map((customer) => (
                <CustomerRow
                  key={customer.customerId}
                  customer={customer}
                  checked={chosen.has(customer.customerId)}
                  onCheck={(on) => choose(customer.customerId, on)}
                  money={money}
                />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Stack direction="row">
        <Button
          variant="contained"
          disabled={chosen.size === 0 || creating.isPending || customers.length === 0}
          onClick={() => creating.mutate()}
        >
          {translate(creating.isPending ? 'billing.creating' : 'billing.create')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** One customer's line: the selection, the activities with their amounts, the totals, or why it cannot be billed. */
function CustomerRow({
  customer,
  checked,
  onCheck,
  money,
}: {
  customer: DeferredCustomer;
  checked: boolean;
  onCheck: (on: boolean) => void;
  money: (value: string) => string;
}) {
  const translate = useTranslate();
  return (
    <TableRow data-testid={`billing-customer-${customer.customerId}`} sx={{ verticalAlign: 'top' }}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={checked && customer.problem === null}
          disabled={customer.problem !== null}
          onChange={(e) => onCheck(e.target.checked)}
          slotProps={{ input: { 'aria-label': `${translate('billing.select')}: ${customer.customerName}` } }}
        />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
          {customer.customerName}
        </Typography>
        {customer.problem && (
          <Typography variant="caption" color="error">
            {translate(`billing.reasons.${customer.problem.reason}`)}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {customer.activities.map((activity) => (
          <Typography key={activity.id} variant="body2">
            {activity.number} · {activity.title} · {activity.completedOn} · {money(activity.amount)}
            {activity.workReports.length > 0 && ` (${activity.workReports.map((r) => r.number).join(', ')})`}
          </Typography>
        ))}
      </TableCell>
      <TableCell align="right">{money(customer.totalTaxable)}</TableCell>
      <TableCell align="right">{money(customer.totalVat)}</TableCell>
      <TableCell align="right">{money(customer.totalDocument)}</TableCell>
    </TableRow>
  );
}

/** What the last run did: a link to each draft made, and the customers left out with the reason. */
function Outcome({ result, names }: { result: DeferredRunResult; names: ReadonlyMap<string, string> }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} role="status">
      {result.created.map((made) => (
        <Alert key={made.invoiceId} severity="success">
          <MuiLink href={`#/sales/invoices/${made.invoiceId}`}>
            {translate('billing.openDraft', { customer: names.get(made.customerId) ?? made.customerId })}
          </MuiLink>
        </Alert>
      ))}
      {result.skipped.map((skip) => (
        <Alert key={skip.customerId} severity="warning">
          {translate('billing.skipped', {
            customer: names.get(skip.customerId) ?? skip.customerId,
            reason: translate(`billing.reasons.${skip.reason}`),
          })}
        </Alert>
      ))}
    </Stack>
  );
}
