import { Box, Divider, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, Show, TextField } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/schema';
import { marked } from '../fields/marks';
import { componentsOf } from '../fields/registry';
import { LocaleDateField } from '../fields/temporal';
import { fieldSpec } from '../fields/types';
import { SectionTitle } from '../SectionTitle';
import { RecordActions } from '../actions/RecordActions';
import { PdfButton } from '../pdf/PdfButton';
import type { ActionLinks } from '../overrides';
import { useReadableDefinition } from '../readable';
import { LockAwareShowActions } from '../locks';

export interface ResourceShowProps {
  def: ResourceDefinition;
  /** What a custom view adds below the definition's sections (a module's view, src/modules). */
  children?: ReactNode;
  /** Actions whose button opens a screen of their own (ViewOverrides.actionLinks). */
  actionLinks?: ActionLinks;
  /** A custom view's own buttons, beside the record's actions (a module's view, src/modules). */
  toolbar?: ReactNode;
}

/** Read-only page laid out by views.form.sections, with who changed the record and when. */
export default function ResourceShow({ def: declared, children, actionLinks, toolbar }: ResourceShowProps) {
  const def = useReadableDefinition(declared);
  const label = (name: string) => `resources.${def.name}.fields.${name}`;
  return (
    // A record its definition locks offers no Edit (docs/spa.md#locked-records).
    <Show actions={def.editableWhile ? <LockAwareShowActions def={def} /> : undefined}>
      <RecordActions def={def} links={actionLinks} />
      <PdfButton def={def} />
      {toolbar}
      <Box sx={{ p: 2 }}>
        {def.views.form.sections.map((section, i) => (
          <Box key={section.id} component="section">
            <SectionTitle def={def} id={section.id} first={i === 0} />
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
              {section.fields.map((name) => {
                const spec = fieldSpec(def, name);
                return (
                  // Lines take a row of their own, which their table fills (docs/spa.md#phone-layout).
                  <Labeled
                    key={name}
                    label={spec.label}
                    sx={spec.field.kind === 'lines' ? { flexBasis: '100%', minWidth: 0 } : undefined}
                  >
                    {marked(spec, componentsOf(spec).show(spec))}
                  </Labeled>
                );
              })}
            </Stack>
          </Box>
        ))}
        {children}
        <Divider sx={{ my: 2 }} />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4 }}>
          <Labeled label={label('createdAt')}>
            <LocaleDateField source="createdAt" showTime />
          </Labeled>
          <Labeled label={label('createdBy')}>
            <TextField source="createdBy" />
          </Labeled>
          <Labeled label={label('updatedAt')}>
            <LocaleDateField source="updatedAt" showTime />
          </Labeled>
          <Labeled label={label('updatedBy')}>
            <TextField source="updatedBy" />
          </Labeled>
        </Stack>
      </Box>
    </Show>
  );
}
