import {
  Link as MuiLink,
  List,
  ListItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { PAGE_SIZE, type Ageing, type CustomerAgeing } from './api';
import { COLUMNS, instalmentsLink, type Column } from './links';

interface Props {
  ageing: Ageing;
  page: number;
  onPage: (page: number) => void;
  money: (value: string) => string;
}

/** An amount of the table, opening the customer's instalments it sums. */
function Amount({
  customer,
  column,
  asOf,
  money,
}: {
  customer: CustomerAgeing;
  column: Column;
  asOf: string;
  money: Props['money'];
}) {
  return (
    <MuiLink
      component={LinkBase}
      to={instalmentsLink(column, asOf, customer.customerId)}
      underline="hover"
      color="inherit"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: column === 'total' ? 'bold' : undefined,
      }}
    >
      {money(customer[column])}
    </MuiLink>
  );
}

/**
 * The customers of the page with their buckets: a table, or on a phone (under 600 px, docs/spa.md#phone-layout)
 * a card per customer listing its buckets, so the page never scrolls sideways.
 */
export function AgeingCustomers({ ageing, page, onPage, money }: Props) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = (column: Column) => translate(`receivables.buckets.${column}`);
  const nameOf = (customer: CustomerAgeing) => customer.customerName ?? customer.customerId;
  const pagination = (
    <TablePagination
      component="div"
      count={ageing.customerCount}
      page={page}
      rowsPerPage={PAGE_SIZE}
      rowsPerPageOptions={[PAGE_SIZE]}
      onPageChange={(_event, next) => onPage(next)}
      labelDisplayedRows={({ from, to, count }) => translate('receivables.pageOf', { from, to, count })}
    />
  );
  if (phone)
    return (
      <section aria-label={translate('receivables.customers')}>
        {ageing.customers.map((customer) => (
          <Paper
            key={customer.customerId}
            variant="outlined"
            sx={{ mb: 1 }}
            data-testid={`receivables-customer-${customer.customerId}`}
          >
            <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1.5 }}>
              {nameOf(customer)}
            </Typography>
            <List dense disablePadding>
              {COLUMNS.map((column) => (
                <ListItem key={column} sx={{ justifyContent: 'space-between', gap: 2 }}>
                  <Typography variant="body2">{label(column)}</Typography>
                  <Amount customer={customer} column={column} asOf={ageing.asOf} money={money} />
                </ListItem>
              ))}
            </List>
          </Paper>
        ))}
        {pagination}
      </section>
    );
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('receivables.customers')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('receivables.customer')}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} align="right">
                {label(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ageing.customers.map((customer) => (
            <TableRow key={customer.customerId} data-testid={`receivables-customer-${customer.customerId}`}>
              <TableCell component="th" scope="row">
                {nameOf(customer)}
              </TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} align="right">
                  <Amount customer={customer} column={column} asOf={ageing.asOf} money={money} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pagination}
    </Paper>
  );
}
