import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useFieldValue } from 'react-admin';
import type { Attachment } from '../../../resources/schema';
import type { KindComponents } from './types';

/** Uploading and fetching files load only where a record shows or edits its attachments. */
const AttachmentsInput = lazy(() => import('./attachments/AttachmentsInput'));
const AttachmentList = lazy(() => import('./attachments/AttachmentList'));

const filesOf = (value: unknown): Attachment[] => (Array.isArray(value) ? (value as Attachment[]) : []);

/** In a list: how many files, without fetching any. */
const FileCount = ({ source }: { source: string }) => {
  const count = filesOf(useFieldValue({ source })).length;
  if (count === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <AttachFileIcon fontSize="small" color="action" />
      <Typography variant="body2">{count}</Typography>
    </Stack>
  );
};

const Files = ({ source }: { source: string }) => {
  const files = filesOf(useFieldValue({ source }));
  return (
    <Suspense fallback={<Skeleton variant="text" width={200} />}>
      <AttachmentList files={files} />
    </Suspense>
  );
};

/** Files kept by the storage service (docs/wire-contract.md#files), opened through object URLs. */
export const attachments: KindComponents = {
  cell: ({ name }) => <FileCount source={name} />,
  show: ({ name }) => <Files source={name} />,
  input: ({ name, label, field }) => (
    <Suspense fallback={<Skeleton variant="rounded" height={72} sx={{ width: '100%' }} />}>
      <AttachmentsInput source={name} label={label} max={field.maxItems ?? 10} accept={field.accept} />
    </Suspense>
  ),
  filterOperators: [],
  filter: () => {
    throw new Error('Attachments fields cannot be filtered from the filter bar');
  },
};
