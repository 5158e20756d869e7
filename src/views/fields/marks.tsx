import { Box, Chip } from '@mui/material';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { meetsPreset, todayInItaly, type Preset } from '../../../resources/schema';
import type { FieldSpec } from './types';

type Named = [name: string, preset: Preset];

/** The value, and a chip for each named filter it meets today ("In ritardo"), in the filter's tone. */
const Marked = ({ spec, presets, children }: { spec: FieldSpec; presets: Named[]; children: ReactElement }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const today = todayInItaly();
  const met = record ? presets.filter(([, preset]) => meetsPreset(preset, record, today)) : [];
  if (met.length === 0) return children;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {children}
      {met.map(([name, preset]) => (
        <Chip
          key={name}
          size="small"
          color={preset.tone ?? 'warning'}
          label={translate(`resources.${spec.def.name}.presets.${name}`)}
          data-testid={`preset-${name}`}
        />
      ))}
    </Box>
  );
};

/**
 * A field's cell or show element, marked when the definition's named filters (views.list.presets) say
 * so: the records an "overdue" list would hold stand out wherever they are shown, judged on today.
 */
export function marked(spec: FieldSpec, element: ReactElement): ReactElement {
  const presets = Object.entries(spec.def.views.list.presets ?? {}).filter(([, p]) => p.marks === spec.name);
  if (presets.length === 0) return element;
  return (
    <Marked spec={spec} presets={presets}>
      {element}
    </Marked>
  );
}
