import {
  createSchema,
  describeIssues,
  recordSchema,
  type FieldIssue,
  type ResourceDefinition,
} from '../../../resources/schema';
import { writablePayload } from '../../../dataProviders/payload';

export type Mode = 'create' | 'edit';
type FormErrors = { [key: string]: FormErrors | { message: string; args: Record<string, string | number> } };

/**
 * Issues to react-admin's form errors: nested by path, each a catalogue key with its arguments, so the
 * form shows the same message the service would (the services render the same keys).
 */
export function toFormErrors(issues: readonly FieldIssue[], labelOf: (field: string) => string): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const args = { ...issue.params };
    // ":fields" names fields: show their labels rather than their code names.
    if (typeof args.fields === 'string') args.fields = args.fields.split(', ').map(labelOf).join(', ');
    const parts = (issue.path || 'root').split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as FormErrors;
    node[parts[parts.length - 1]] ??= { message: issue.key, args };
  }
  return errors;
}

/**
 * The form's validator: the definition's own zod schemas, as the services run them. A create is checked
 * with createSchema; an edit with recordSchema, which the service applies to the merged record.
 */
export function createValidator(def: ResourceDefinition, mode: Mode, labelOf: (field: string) => string) {
  const schema = mode === 'create' ? createSchema(def) : recordSchema(def);
  return (values: Record<string, unknown>) => {
    const result = schema.safeParse(writablePayload(def, values));
    return result.success ? {} : toFormErrors(describeIssues(result.error.issues), labelOf);
  };
}
