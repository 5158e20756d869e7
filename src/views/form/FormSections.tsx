import { Box } from '@mui/material';
import type { ResourceDefinition } from '../../../resources/schema';
import { componentsOf } from '../fields/registry';
import { fieldSpec } from '../fields/types';
import { SectionTitle } from '../SectionTitle';

/**
 * The inputs of views.form.sections, each section under its heading; read-only fields are not inputs,
 * except computed ones, whose "input" previews the value the service will store.
 */
export const FormSections = ({ def }: { def: ResourceDefinition }) => (
  <>
    {def.views.form.sections.map((section, i) => (
      <Box
        key={section.id}
        component="section"
        // Lines lay their inputs out in rows: their section takes the whole width.
        sx={{
          width: '100%',
          maxWidth: section.fields.some((name) => def.fields[name].kind === 'lines') ? 'none' : 720,
        }}
      >
        <SectionTitle def={def} id={section.id} first={i === 0} />
        {section.fields
          .filter((name) => !def.fields[name].readOnly || def.fields[name].kind === 'computed')
          .map((name) => {
            const spec = fieldSpec(def, name);
            return <Box key={name}>{componentsOf(spec).input(spec)}</Box>;
          })}
      </Box>
    ))}
  </>
);
