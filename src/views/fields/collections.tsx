import { Chip, Stack } from '@mui/material';
import {
  AutocompleteArrayInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  SingleFieldList,
  TextArrayInput,
  useCanAccess,
  useRecordContext,
  useResourceDefinition,
} from 'react-admin';
import { useLabelQuery } from './label-fields';
import { useNarrowing } from './narrow';
import type { FieldSpec, KindComponents } from './types';

function target({ def, name, field }: FieldSpec): string {
  if (!field.reference) throw new Error(`Resource ${def.name}: references field ${name} names no target`);
  return field.reference;
}

/**
 * The page of a referred record the user may open, as ReferenceField picks it: its show page, else its
 * form, else none (the chips stay plain).
 */
function useLinkType(resource: string): 'show' | 'edit' | false {
  const { hasShow, hasEdit } = useResourceDefinition({ resource });
  const { canAccess: canShow } = useCanAccess({ resource, action: 'show', enabled: hasShow });
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit', enabled: hasEdit });
  if (hasShow && canShow) return 'show';
  if (hasEdit && canEdit) return 'edit';
  return false;
}

/**
 * The records referred to, as chips named by their recordRepresentation, each a real link (in list
 * cells too, so the keyboard reaches them: docs/spa.md#accessibility). Targets the user may not read
 * show nothing rather than an error.
 */
const ReferenceChips = ({ spec }: { spec: FieldSpec }) => {
  const reference = target(spec);
  const linkType = useLinkType(reference);
  const { canAccess: canRead } = useCanAccess({ resource: reference, action: 'list' });
  const labelQuery = useLabelQuery(reference);
  if (!canRead) return null;
  return (
    <ReferenceArrayField source={spec.name} reference={reference} queryOptions={labelQuery}>
      <SingleFieldList linkType={linkType} />
    </ReferenceArrayField>
  );
};

/**
 * An autocomplete that adds records as chips; it searches with the target's `q` filter. A function
 * returning the element, not a component: the filter menu reads the label off the outer element.
 */
const referencesInput = (spec: FieldSpec, source: string) => (
  <ReferenceArrayInput source={source} reference={target(spec)} label={spec.label}>
    <AutocompleteArrayInput label={spec.label} />
  </ReferenceArrayInput>
);

/** The form's input, narrowed by the definition's `narrowBy` (the machines at the chosen site). */
const ReferencesFormInput = ({ spec }: { spec: FieldSpec }) => (
  <ReferenceArrayInput source={spec.name} reference={target(spec)} label={spec.label} filter={useNarrowing(spec)}>
    <AutocompleteArrayInput label={spec.label} />
  </ReferenceArrayInput>
);

export const references: KindComponents = {
  cell: (spec) => <ReferenceChips spec={spec} />,
  show: (spec) => <ReferenceChips spec={spec} />,
  input: (spec) => <ReferencesFormInput spec={spec} />,
  // "Refers to any of these" (the services' `in` on a many-references field).
  filterOperators: ['in'],
  filter: (spec, source) => referencesInput(spec, source),
};

const TagChips = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const raw = record?.[source];
  const tags = Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {tags.map((tag) => (
        <Chip key={tag} size="small" variant="outlined" label={tag} />
      ))}
    </Stack>
  );
};

/** Free tags: the user types one and presses Enter (or leaves the input) to make it a chip. */
const tagsInput = (spec: FieldSpec, source: string) => (
  <TextArrayInput source={source} label={spec.label} helperText="kinds.tagsPlaceholder" />
);

export const tags: KindComponents = {
  cell: ({ name }) => <TagChips source={name} />,
  show: ({ name }) => <TagChips source={name} />,
  input: (spec) => tagsInput(spec, spec.name),
  filterOperators: ['in', 'contains'],
  filter: (spec, source) => tagsInput(spec, source),
};
