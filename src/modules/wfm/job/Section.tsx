import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One block of the job screen: a card with its heading (an h2, the app bar holds the page's h1). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`job-${id}`} variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography id={`job-${id}`} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The muted line a section shows when it has nothing to list. */
export const Empty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);
