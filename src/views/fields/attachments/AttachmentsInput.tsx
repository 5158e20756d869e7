import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, FormHelperText, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { InputHelperText, useInput, useTranslate, type ValidationErrorMessage } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Attachment } from '../../../../resources/schema';
import AttachmentList from './AttachmentList';
import { storageAvailable, uploadFile } from './files';

interface Pending {
  id: number;
  fileName: string;
  /** The server's message (already in the user's language) once the upload failed. */
  error?: string;
}

export interface AttachmentsInputProps {
  source: string;
  label: string;
  max: number;
  accept?: readonly string[];
}

/**
 * The first message of a field's errors: the form puts a server error on `attachments.1`, which
 * react-hook-form keeps nested under the field.
 */
function firstMessage(error: unknown): ValidationErrorMessage | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: ValidationErrorMessage };
  if (message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

const valueOf = (value: unknown): Attachment[] => (Array.isArray(value) ? (value as Attachment[]) : []);

/** Picks files, uploads each at once to the storage service, and keeps what it answered as the field's value. */
export default function AttachmentsInput({ source, label, max, accept }: AttachmentsInputProps) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const { getValues } = useFormContext();
  const picker = useRef<HTMLInputElement>(null);
  const nextId = useRef(0);
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string>();
  const files = valueOf(field.value);
  const uploading = pending.filter((p) => !p.error).length;
  const available = storageAvailable();

  // An empty list is no value: the services then store null, which `isNull` finds.
  const setFiles = (next: Attachment[]) => field.onChange(next.length > 0 ? next : null);

  const upload = async (file: File) => {
    const id = nextId.current++;
    setPending((list) => [...list, { id, fileName: file.name }]);
    try {
      const uploaded = await uploadFile(file);
      // Read at completion: other uploads may have finished meanwhile.
      setFiles([...valueOf(getValues(source)), uploaded]);
      setPending((list) => list.filter((p) => p.id !== id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setPending((list) => list.map((p) => (p.id === id ? { ...p, error: translate(message, { _: message }) } : p)));
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // The same file may be picked again after a failure.
    event.target.value = '';
    const room = Math.max(0, max - files.length - uploading);
    const dropped = picked.slice(room);
    setNotice(
      dropped.length > 0
        ? translate('attachments.tooMany', { max, names: dropped.map((f) => f.name).join(', ') })
        : undefined,
    );
    picked.slice(0, room).forEach((file) => void upload(file));
  };

  const error = fieldState.invalid ? firstMessage(fieldState.error) : undefined;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle2" color="text.secondary">
        {translate(label)}
      </Typography>
      <AttachmentList files={files} onRemove={(file) => setFiles(files.filter((f) => f.name !== file.name))} />
      <Stack spacing={1} sx={{ my: 1 }}>
        {pending.map((p) =>
          p.error ? (
            <Alert
              key={p.id}
              severity="error"
              action={
                <IconButton
                  size="small"
                  aria-label={translate('attachments.dismiss')}
                  onClick={() => setPending((list) => list.filter((x) => x.id !== p.id))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              }
            >
              {p.fileName}: {p.error}
            </Alert>
          ) : (
            <Box key={p.id}>
              <Typography variant="body2">
                {p.fileName} — {translate('attachments.uploading')}
              </Typography>
              <LinearProgress />
            </Box>
          ),
        )}
        {notice && (
          <Alert severity="warning" onClose={() => setNotice(undefined)}>
            {notice}
          </Alert>
        )}
      </Stack>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        accept={accept?.join(',')}
        onChange={onPick}
        data-testid={`${source}-picker`}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={!available || files.length + uploading >= max}
        onClick={() => picker.current?.click()}
      >
        {translate('attachments.add')}
      </Button>
      <FormHelperText error={Boolean(error)}>
        {available ? <InputHelperText error={error} helperText={false} /> : translate('attachments.unavailable')}
      </FormHelperText>
    </Box>
  );
}
