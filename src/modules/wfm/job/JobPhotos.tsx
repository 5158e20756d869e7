import { Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Attachment } from '../../../../resources/schema';
import AttachmentList from '../../../views/fields/attachments/AttachmentList';
import { storageAvailable, uploadFile } from '../../../views/fields/attachments/files';
import { problemMessages } from './problems';
import type { JobRecord } from './useJob';
import { Section } from './Section';

const filesOf = (record: JobRecord) => (Array.isArray(record.attachments) ? (record.attachments as Attachment[]) : []);

/** Photos of the job: the phone's camera (`capture`), uploaded to storage, then added to the attachments. */
export function JobPhotos({
  record,
  editable,
  save,
}: {
  record: JobRecord;
  editable: boolean;
  save: (patch: (record: JobRecord) => Record<string, unknown>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const add = async (picked: FileList | null) => {
    if (!picked || picked.length === 0) return;
    setBusy(true);
    try {
      const uploaded = await Promise.all([...picked].map((file) => uploadFile(file)));
      await save((fresh) => ({ attachments: [...filesOf(fresh), ...uploaded] }));
    } catch (error) {
      notify(problemMessages(error), { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = (file: Attachment) =>
    void save((fresh) => ({ attachments: filesOf(fresh).filter((f) => f.name !== file.name) }));
  return (
    <Section id="photos" title={translate('job.photos')}>
      <Stack spacing={1}>
        <AttachmentList files={filesOf(record)} onRemove={editable ? remove : undefined} />
        {editable && storageAvailable() && (
          <Button variant="outlined" component="label" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {translate('job.addPhoto')}
            <input
              ref={input}
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              hidden
              data-testid="photo-input"
              onChange={(event) => void add(event.target.files)}
            />
          </Button>
        )}
      </Stack>
    </Section>
  );
}
