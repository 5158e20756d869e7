import { FormDataConsumer, Labeled, RecordContextProvider } from 'react-admin';
import { deriveRecord } from '../../../resources/schema';
import { marked } from './marks';
import type { ComponentsOf, FieldSpec, KindComponents } from './types';

/** A computed field is shown, filtered and formatted as the kind of its value. */
function resultSpec(spec: FieldSpec): FieldSpec {
  if (!spec.field.result) throw new Error(`Resource ${spec.def.name}: computed field ${spec.name} has no result kind`);
  return { ...spec, field: spec.field.result };
}

/**
 * The value the service will store, previewed from what the form holds now with the definition's own
 * function (inside lines: from the line). Half-typed values count as nothing rather than failing.
 */
export function previewValue(spec: FieldSpec, values: Record<string, unknown> | undefined): unknown {
  try {
    return deriveRecord(spec.def.fields, values ?? {}).record[spec.name] ?? null;
  } catch {
    return null;
  }
}

const ComputedPreview = ({ spec, componentsOf }: { spec: FieldSpec; componentsOf: ComponentsOf }) => {
  const shown = resultSpec(spec);
  return (
    <FormDataConsumer>
      {({ formData, scopedFormData }) => (
        <Labeled label={spec.label} sx={{ minWidth: 120, my: 1 }}>
          {/* The whole record in context, so a named filter's mark ("In ritardo") is judged on the form too. */}
          <RecordContextProvider
            value={{ ...(scopedFormData ?? formData), [spec.name]: previewValue(spec, scopedFormData ?? formData) }}
          >
            {marked(spec, componentsOf(shown).show(shown))}
          </RecordContextProvider>
        </Labeled>
      )}
    </FormDataConsumer>
  );
};

/** The computed kind, drawing its value with the components of its result's kind. */
export const computed = (componentsOf: ComponentsOf): KindComponents => ({
  cell: (spec) => componentsOf(resultSpec(spec)).cell(resultSpec(spec)),
  show: (spec) => componentsOf(resultSpec(spec)).show(resultSpec(spec)),
  input: (spec) => <ComputedPreview spec={spec} componentsOf={componentsOf} />,
  // Whatever the result kind offers, in the order a person would use it.
  filterOperators: ['gte', 'contains', 'eq', 'in'],
  filter: (spec, source) => componentsOf(resultSpec(spec)).filter(resultSpec(spec), source),
});
