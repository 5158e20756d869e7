import { useTheme } from '@mui/material';
import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';

export interface HorizontalBar {
  key: string;
  label: string;
  value: number;
  href?: string;
  /** A palette colour name for this bar (primary by default). */
  tone?: 'primary' | 'error' | 'warning' | 'success' | 'info' | 'secondary';
}

/**
 * Horizontal bars drawn by recharts, one per labelled value. Loaded on demand (React.lazy) so recharts
 * stays out of the first chunks; the caller lists the same values as text, so this picture is decorative.
 */
export default function HorizontalBars({
  bars,
  format,
  open,
}: {
  bars: readonly HorizontalBar[];
  format: (n: number) => string;
  /** Follows a bar's link (a click on the bar). */
  open?: (href: string) => void;
}) {
  const theme = useTheme();
  const height = Math.max(60, bars.length * 34);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={[...bars]}
        layout="vertical"
        margin={{ top: 0, right: 48, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <XAxis type="number" hide domain={[0, 'dataMax']} />
        <YAxis
          type="category"
          dataKey="label"
          width={110}
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12, fill: theme.palette.text.primary }}
        />
        <Bar
          dataKey="value"
          isAnimationActive={false}
          radius={[0, 4, 4, 0]}
          cursor={open ? 'pointer' : undefined}
          onClick={(entry: { payload?: HorizontalBar }) => entry.payload?.href && open?.(entry.payload.href)}
        >
          {bars.map((bar) => (
            <Cell key={bar.key} fill={theme.palette[bar.tone ?? 'primary'].main} />
          ))}
          <LabelList
            dataKey="value"
            position="right"
            formatter={(v: unknown) => format(Number(v))}
            style={{ fontSize: 12, fill: theme.palette.text.primary }}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
