import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { JobRecord } from './useJob';
import { Empty, Section } from './Section';

interface ChecklistLine {
  description: string;
  required?: boolean;
  done?: boolean;
}

const linesOf = (record: JobRecord) => (Array.isArray(record.checklist) ? (record.checklist as ChecklistLine[]) : []);

/** The checklist: each tick is saved at once (only `done` changes: docs/domain.md#activities). */
export function JobChecklist({
  record,
  editable,
  save,
}: {
  record: JobRecord;
  editable: boolean;
  save: (patch: (record: JobRecord) => Record<string, unknown>) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const lines = linesOf(record);
  // The tick shows at once; it goes back to the stored state when the save is refused.
  const [pending, setPending] = useState<Readonly<Record<number, boolean>>>({});
  const toggle = async (index: number, done: boolean) => {
    setPending((p) => ({ ...p, [index]: done }));
    await save((fresh) => ({ checklist: linesOf(fresh).map((line, i) => (i === index ? { ...line, done } : line)) }));
    setPending(({ [index]: _, ...rest }) => rest);
  };
  return (
    <Section id="checklist" title={translate('job.checklist')}>
      {lines.length === 0 && <Empty>{translate('job.noChecklist')}</Empty>}
      <Stack>
        {lines.map((line, index) => (
          <FormControlLabel
            key={index}
            control={
              <Checkbox
                checked={pending[index] ?? line.done === true}
                disabled={!editable}
                onChange={(event) => void toggle(index, event.target.checked)}
              />
            }
            label={`${line.description}${line.required ? ` (${translate('job.required')})` : ''}`}
            sx={{ overflowWrap: 'anywhere', mr: 0 }}
          />
        ))}
      </Stack>
    </Section>
  );
}
