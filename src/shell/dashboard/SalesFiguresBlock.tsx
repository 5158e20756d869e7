import { Box, Card, CardContent, Grid, List, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { LinkBase, useLocaleState, useNavigate, useTranslate } from 'react-admin';
import { sum } from '../../../resources/schema/decimal';
import { BarChart, ChartSkeleton } from './BarChart';
import { figureLinks, useSalesFigures, type CountAndAmount, type SalesFigures } from './salesFigures';

/** recharts comes with the chart, on demand (docs/spa.md#dashboard). */
const MonthBars = lazy(() => import('./charts/MonthBars'));

interface Row {
  key: string;
  label: string;
  figure: CountAndAmount | undefined;
  to: string;
  alert?: boolean;
}

/** Figures on a card, each a link to the list it sums: the amount, and how many records. */
const FigureList = ({
  rows,
  money,
  count,
}: {
  rows: Row[];
  money: (s: string) => string;
  count: (n: number) => string;
}) => (
  <List dense component="div">
    {rows.map((row) => (
      <ListItemButton key={row.key} component={LinkBase} to={row.to} data-testid={`figure-${row.key}`}>
        <ListItemText
          primary={row.label}
          secondary={row.figure ? count(row.figure.count) : <Skeleton width={40} component="span" />}
        />
        <Typography
          variant="h6"
          component="span"
          color={row.alert && row.figure && row.figure.count > 0 ? 'error' : undefined}
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {row.figure ? money(row.figure.amount) : <Skeleton width={80} />}
        </Typography>
      </ListItemButton>
    ))}
  </List>
);

const FigureCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ height: '100%' }} component="section" aria-label={title}>
    <CardContent>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/**
 * "Fatturato e incassi": turnover by month, receivables and overdue, the quotes pipeline and the work to
 * invoice, from one call (GET {sales}/api/figures). Every figure links to the filtered list it sums.
 */
export const SalesFiguresBlock = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const figures: SalesFigures | null | undefined = useSalesFigures(true);
  const fmt = useMemo(() => {
    const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    const whole = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const month = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
    return {
      // Intl formats the decimal string itself (exactly); numbers only size the pictures.
      money: (s: string) => euro.format(s as Intl.StringNumericLiteral),
      axis: (n: number) => whole.format(n),
      month: (m: string) => month.format(new Date(`${m}-01T00:00:00Z`)),
      count: (n: number) => translate('pages.dashboard.figures.documents', { smart_count: n }),
    };
  }, [locale, translate]);
  const t = (key: string) => translate(`pages.dashboard.figures.${key}`);
  const title = t('title');

  if (figures === null)
    return (
      <Box component="section" aria-label={title}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2">{translate('pages.dashboard.notAvailable')}</Typography>
      </Box>
    );

  const months = (figures?.turnover ?? []).map((m) => ({
    month: m.month,
    label: fmt.month(m.month),
    value: Number(m.amount),
    amount: m.amount,
    href: figureLinks.month(m.month),
  }));
  const today = figures?.today ?? '';
  const turnoverTotal = figures ? sum(figures.turnover.map((m) => m.amount)).toFixed(2) : undefined;
  const receivableBars = figures
    ? [
        {
          key: 'open',
          label: t('receivables'),
          value: Number(figures.receivables.open.amount),
          href: figureLinks.receivables(),
        },
        {
          key: 'overdue',
          label: t('overdue'),
          value: Number(figures.receivables.overdue.amount),
          href: figureLinks.overdue(today),
        },
      ]
    : [
        { key: 'open', label: t('receivables'), value: undefined },
        { key: 'overdue', label: t('overdue'), value: undefined },
      ];
  const pipeline = (['draft', 'sent', 'accepted'] as const).map((status) => ({
    key: status,
    label: translate(`resources.sales/quotes.enums.status.${status}`, { _: status }),
    value: figures ? Number(figures.quotes[status].amount) : undefined,
    href: figureLinks.quotes(status),
  }));

  return (
    <Box component="section" aria-labelledby="sales-figures-title">
      <Typography variant="h6" component="h2" id="sales-figures-title" gutterBottom>
        {title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <FigureCard title={t('turnover')}>
            <Box component="figure" sx={{ m: 0 }} aria-label={t('turnover')}>
              <Box aria-hidden sx={{ minHeight: 220 }}>
                {figures ? (
                  <Suspense fallback={<ChartSkeleton height={220} />}>
                    <MonthBars months={months} format={fmt.axis} open={(href) => navigate(href)} />
                  </Suspense>
                ) : (
                  <ChartSkeleton height={220} />
                )}
              </Box>
              <Typography component="figcaption" variant="body2" color="text.secondary">
                {turnoverTotal === undefined
                  ? ' '
                  : translate('pages.dashboard.figures.turnoverTotal', { amount: fmt.money(turnoverTotal) })}
              </Typography>
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
              >
                {months.map((m) => (
                  <li key={m.month}>
                    <LinkBase to={m.href} style={{ color: 'inherit' }}>
                      <Typography variant="caption">
                        {m.label}: {fmt.money(m.amount)}
                      </Typography>
                    </LinkBase>
                  </li>
                ))}
              </Box>
            </Box>
          </FigureCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FigureCard title={t('receivablesTitle')}>
            <FigureList
              money={fmt.money}
              count={fmt.count}
              rows={[
                {
                  key: 'receivables',
                  label: t('receivables'),
                  figure: figures?.receivables.open,
                  to: figureLinks.receivables(),
                },
                {
                  key: 'overdue',
                  label: t('overdue'),
                  figure: figures?.receivables.overdue,
                  to: figureLinks.overdue(today),
                  alert: true,
                },
              ]}
            />
            <BarChart
              title={t('receivablesChart')}
              bars={receivableBars}
              format={fmt.axis}
              unavailable={translate('pages.dashboard.notAvailable')}
            />
          </FigureCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FigureCard title={t('quotes')}>
            <FigureList
              money={fmt.money}
              count={fmt.count}
              rows={[
                ...pipeline.map((p) => ({
                  key: `quotes-${p.key}`,
                  label: p.label,
                  figure: figures?.quotes[p.key],
                  to: p.href,
                })),
                {
                  key: 'quotes-expiring',
                  label: t('expiring'),
                  figure: figures?.quotes.expiring,
                  to: figureLinks.expiring(today),
                  alert: true,
                },
              ]}
            />
            <BarChart
              title={t('quotesChart')}
              bars={pipeline}
              format={fmt.axis}
              unavailable={translate('pages.dashboard.notAvailable')}
              link={({ to, children }) => (
                <LinkBase to={to} style={{ color: 'inherit' }}>
                  {children}
                </LinkBase>
              )}
            />
          </FigureCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FigureCard title={t('toInvoice')}>
            <FigureList
              money={fmt.money}
              count={fmt.count}
              rows={[
                {
                  key: 'activities',
                  label: t('activities'),
                  figure: figures?.toInvoice.activities,
                  to: figureLinks.activities(),
                },
                {
                  key: 'draftInvoices',
                  label: t('draftInvoices'),
                  figure: figures?.toInvoice.draftInvoices,
                  to: figureLinks.draftInvoices(),
                },
              ]}
            />
          </FigureCard>
        </Grid>
      </Grid>
    </Box>
  );
};
