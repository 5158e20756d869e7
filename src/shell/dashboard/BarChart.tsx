import { Box, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Bar {
  key: string;
  label: string;
  /** Undefined while loading; null when it could not be read. */
  value: number | null | undefined;
  href?: string;
}

/**
 * Horizontal bars drawn with plain boxes: a dashboard chart needs no chart library, so the page stays
 * small. Each bar is a row of a description list, readable by screen readers as "label: value".
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
  const max = Math.max(1, ...bars.map((b) => b.value ?? 0));
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(90px, auto) 1fr auto', gap: 1, alignItems: 'center' }}
      >
        {bars.map((bar) => (
          <Box key={bar.key} sx={{ display: 'contents' }} data-testid="bar">
            <Typography component="dt" variant="body2" noWrap title={bar.label}>
              {bar.href && Link ? <Link to={bar.href}>{bar.label}</Link> : bar.label}
            </Typography>
            <Box component="dd" sx={{ m: 0, height: 14, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
              {bar.value === undefined ? (
                <Skeleton variant="rectangular" height={14} />
              ) : (
                <Box
                  sx={{
                    height: '100%',
                    width: `${((bar.value ?? 0) / max) * 100}%`,
                    bgcolor: 'primary.main',
                    transition: 'width 300ms',
                  }}
                />
              )}
            </Box>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 32, textAlign: 'right' }}>
              {bar.value === undefined ? '' : bar.value === null ? unavailable : format(bar.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
