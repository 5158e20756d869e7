import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { RichTextField, TextInput } from 'react-admin';
import type { KindComponents } from './types';

/** The editor (TipTap) is the heaviest input: it loads only when a form that needs it opens. */
const RichTextInput = lazy(() => import('./richText/RichTextEditor'));

const LazyRichTextInput = ({ source, label }: { source: string; label: string }) => (
  <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ width: '100%' }} />}>
    <RichTextInput source={source} label={label} />
  </Suspense>
);

/** RichTextField sanitises with DOMPurify before rendering, on top of the services' own sanitising. */
export const richText: KindComponents = {
  cell: ({ name }) => <RichTextField source={name} stripTags />,
  show: ({ name }) => <RichTextField source={name} />,
  input: ({ name, label }) => <LazyRichTextInput source={name} label={label} />,
  filterOperators: ['contains'],
  filter: ({ label }, source) => <TextInput source={source} label={label} />,
};
