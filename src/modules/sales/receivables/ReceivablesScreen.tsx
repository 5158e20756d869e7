import { Alert, Link as MuiLink, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, Title, useLocaleState, useTranslate } from 'react-admin';
import { todayInItaly } from '../../../../resources/schema/presets';
import { formatDecimal } from '../../../views/fields/decimal-text';
import { useCurrency } from '../../../views/fields/numeric';
import { refusalOf } from '../../wfm/planner/useMove';
import { fetchAgeing } from './api';
import { AgeingCustomers } from './AgeingCustomers';
import { COLUMNS, instalmentsLink } from './links';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Scadenzario" (docs/spa.md#receivables): what customers still owe on `asOf` by days past due, the totals
 * first, then the customers (largest debtors first, a page at a time); every amount opens the instalments it sums.
 */
export default function ReceivablesScreen() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const currency = useCurrency();
  const money = (value: string) => formatDecimal(value, locale, { style: 'currency', currency });
  const [asOf, setAsOf] = useState(() => todayInItaly());
  const [page, setPage] = useState(0);
  const valid = DAY.test(asOf);
  const ageing = useQuery({
    queryKey: ['sales/receivables', 'ageing', asOf, page],
    queryFn: ({ signal }) => fetchAgeing({ asOf, page }, signal),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const data = ageing.data;
  const title = translate('receivables.title');
  return (
    <Stack spacing={2} sx={{ p: 2, minWidth: 0 }}>
      <Title title={title} />
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <TextField
        type="date"
        label={translate('receivables.asOf')}
        value={asOf}
        onChange={(e) => {
          setAsOf(e.target.value);
          setPage(0);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
        size="small"
        sx={{ maxWidth: 220 }}
      />
      {ageing.isError ? (
        <Alert severity="error">{refusalOf(ageing.error) ?? translate('receivables.loadFailed')}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={160} aria-label={translate('receivables.loading')} />
      ) : (
        <>
          <Stack
            component="section"
            aria-label={translate('receivables.totals')}
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            {COLUMNS.map((column) => (
              <Paper
                key={column}
                variant="outlined"
                sx={{ p: 1.5, flex: '1 1 140px', minWidth: 0 }}
                data-testid={`receivables-total-${column}`}
              >
                <Typography variant="caption" component="div" color="text.secondary">
                  {translate(`receivables.buckets.${column}`)}
                </Typography>
                <MuiLink
                  component={LinkBase}
                  to={instalmentsLink(column, data.asOf)}
                  variant="h6"
                  color={
                    column !== 'notDue' && column !== 'total' && data.totals[column] !== '0.00' ? 'error' : 'inherit'
                  }
                  underline="hover"
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {money(data.totals[column])}
                </MuiLink>
              </Paper>
            ))}
          </Stack>
          {data.customerCount === 0 ? (
            <Alert severity="info">{translate('receivables.nothing')}</Alert>
          ) : (
            <AgeingCustomers ageing={data} page={page} onPage={setPage} money={money} />
          )}
        </>
      )}
    </Stack>
  );
}
