import { Box, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-admin';

/** recharts comes with the chart, on demand: the dashboard's own chunk stays small. */
const HorizontalBars = lazy(() => import('./charts/HorizontalBars'));

export interface Bar {
  key: string;
  label: string;
  /** Undefined while loading; null when it could not be read. */
  value: number | null | undefined;
  href?: string;
}

/** The picture's place while recharts or the numbers load. */
export const ChartSkeleton = ({ height }: { height: number }) => (
  <Skeleton variant="rectangular" height={height} sx={{ borderRadius: 1 }} />
);

/**
 * Horizontal bars (recharts, loaded lazily) with their figures listed underneath as a description list:
 * the list is what screen readers and keyboards use ("label: value", each label a link to its records),
 * the picture is hidden from them.
 */
export const BarChart = ({
  title,
  bars,
  format,
  unavailable,
  link: Link,
}: {
  title: string;
  bars: readonly Bar[];
  format: (n: number) => string;
  unavailable: string;
  link?: (props: { to: string; children: ReactNode }) => ReactNode;
}) => {
  const navigate = useNavigate();
  const loading = bars.some((b) => b.value === undefined);
  const height = Math.max(60, bars.length * 34);
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Box aria-hidden sx={{ minHeight: height }}>
        {loading ? (
          <ChartSkeleton height={height} />
        ) : (
          <Suspense fallback={<ChartSkeleton height={height} />}>
            <HorizontalBars
              bars={bars.map((b) => ({ key: b.key, label: b.label, value: b.value ?? 0, href: b.href }))}
              format={format}
              open={Link ? (href) => navigate(href) : undefined}
            />
          </Suspense>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {bars.map((bar) => (
          <Box key={bar.key} sx={{ display: 'flex', gap: 0.5 }} data-testid="bar">
            <Typography component="dt" variant="body2">
              {bar.href && Link ? <Link to={bar.href}>{bar.label}</Link> : bar.label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {bar.value === undefined ? '…' : bar.value === null ? unavailable : format(bar.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
