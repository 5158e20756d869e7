import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { JobRecord } from './useJob';
import { Section } from './Section';

/** The instructions from the office, and the technician's own notes, saved with a button. */
export function JobNotes({
  record,
  editable,
  hasNotes,
  save,
}: {
  record: JobRecord;
  editable: boolean;
  hasNotes: boolean;
  save: (patch: (record: JobRecord) => Record<string, unknown>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const stored = typeof record.notes === 'string' ? record.notes : '';
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = draft ?? stored;
  const submit = async () => {
    setBusy(true);
    if (await save(() => ({ notes: text.trim() === '' ? null : text }))) setDraft(null);
    setBusy(false);
  };
  const instructions = typeof record.instructions === 'string' ? record.instructions : '';
  return (
    <Section id="notes" title={translate('job.notes')}>
      <Stack spacing={2}>
        {instructions && (
          <div>
            <Typography variant="subtitle2" component="h3">
              {translate('resources.wfm/activities.fields.instructions')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {instructions}
            </Typography>
          </div>
        )}
        {hasNotes && (
          <>
            <TextField
              label={translate('job.myNotes')}
              value={text}
              onChange={(event) => setDraft(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              disabled={!editable || busy}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            {editable && (
              <Button
                variant="outlined"
                disabled={busy || draft === null || draft === stored}
                onClick={() => void submit()}
                sx={{ alignSelf: 'flex-start' }}
              >
                {translate('job.saveNotes')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Section>
  );
}
