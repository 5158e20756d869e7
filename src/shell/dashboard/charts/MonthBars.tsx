import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface MonthBar {
  month: string;
  label: string;
  value: number;
  href: string;
}

/**
 * Vertical bars per month (the turnover), drawn by recharts and loaded on demand (React.lazy). A click on
 * a month opens its invoices; the caller lists the same figures as text and links.
 */
export default function MonthBars({
  months,
  format,
  open,
}: {
  months: readonly MonthBar[];
  format: (n: number) => string;
  open: (href: string) => void;
}) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={[...months]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={theme.palette.divider} />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: theme.palette.text.primary }} interval="preserveStartEnd" />
        <YAxis
          width={64}
          tick={{ fontSize: 11, fill: theme.palette.text.primary }}
          tickFormatter={(v: number) => format(v)}
        />
        <Tooltip
          formatter={(v: unknown) => format(Number(v))}
          contentStyle={{ background: theme.palette.background.paper, color: theme.palette.text.primary }}
        />
        <Bar
          dataKey="value"
          fill={theme.palette.primary.main}
          isAnimationActive={false}
          radius={[4, 4, 0, 0]}
          cursor="pointer"
          onClick={(entry: { payload?: MonthBar }) => entry.payload && open(entry.payload.href)}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
