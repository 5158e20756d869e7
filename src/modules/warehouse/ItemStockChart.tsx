import { Box, Stack, Typography, useTheme } from '@mui/material';
import { useGetList, useGetMany, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { MAX_PAGE_SIZE } from '../../../resources/schema';
import { Cell, Pie, PieChart } from 'recharts';
import { slicesOf } from './stockSlices';

/**
 * The item's stock per warehouse as a pie chart (recharts) with its legend (docs/spa.md#generated-views).
 * The item's screens are lazy routes, so recharts loads with them, never on the first load.
 */
export function ItemStockChart() {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const { data: stocks, isPending } = useGetList(
    'wh/stocks',
    {
      filter: { itemId: record?.id },
      pagination: { page: 1, perPage: MAX_PAGE_SIZE },
      sort: { field: 'createdAt', order: 'ASC' },
    },
    { enabled: Boolean(record?.id) },
  );
  const slices = slicesOf(stocks ?? []);
  const { data: warehouses } = useGetMany('wh/warehouses', { ids: slices.map((s) => s.warehouseId) });
  if (!record || isPending) return null;
  const title = translate('warehouse.stockByWarehouse');
  const total = slices.reduce((sum, s) => sum + s.quantity, 0);
  const colours = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.info.main,
    theme.palette.error.main,
  ];
  const nameOf = (id: string) => warehouses?.find((w) => w.id === id)?.name ?? '…';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {total === 0 ? (
        <Typography variant="body2">{translate('warehouse.noStock')}</Typography>
      ) : (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <PieChart width={180} height={180} role="img" aria-label={title}>
            <Pie
              data={slices.map((slice) => ({ ...slice, name: nameOf(slice.warehouseId) }))}
              dataKey="quantity"
              nameKey="name"
              cx="50%"
              cy="50%"
              outerRadius={88}
              startAngle={90}
              endAngle={-270}
              isAnimationActive={false}
              stroke={theme.palette.background.paper}
            >
              {slices.map((slice, i) => (
                <Cell key={slice.warehouseId} fill={colours[i % colours.length]} />
              ))}
            </Pie>
          </PieChart>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {slices.map((slice, i) => (
              <Box
                component="li"
                key={slice.warehouseId}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
              >
                <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: colours[i % colours.length] }} />
                <span>{nameOf(slice.warehouseId)}</span>
                <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', ml: 'auto', pl: 2 }}>
                  {number.format(slice.quantity)} {String(record.uom ?? '')}
                </Box>
              </Box>
            ))}
            <Box component="li" sx={{ display: 'flex', gap: 1, pt: 0.5, fontWeight: 600 }}>
              <span>{translate('warehouse.total')}</span>
              <Box component="span" sx={{ ml: 'auto', pl: 2 }}>
                {number.format(total)} {String(record.uom ?? '')}
              </Box>
            </Box>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
